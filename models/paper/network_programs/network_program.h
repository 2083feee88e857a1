// The node programs of the other networks by name, on a network built from its command-line
// description (core/network/graphs/network_spec.h): emul:J, ascend and descend on RSN(l, Q_n)
// (rsn_programs.h), total-exchange on an HDN over a hypercube (hdn_total_exchange.h).
#pragma once

#include <string>
#include <variant>

#include "core/network/graphs/network_spec.h"
#include "paper/network_programs/exchange_program.h"

namespace d3 {

/// The program, or why it does not apply (one line).
std::variant<exchange_program, std::string> network_program(const built_network& b,
                                                            const std::string& program);

}  // namespace d3
