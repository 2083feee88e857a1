#include "paper/network_programs/network_program.h"

#include "paper/network_programs/hdn_total_exchange.h"
#include "paper/network_programs/rsn_programs.h"

namespace d3 {

namespace {

// n of a hypercube nucleus Q_n, 0 for any other.
std::uint32_t cube_dimension(const built_network& b) {
    const std::string& name = b.rsn_nucleus.name;
    if (b.levels < 1 || name.rfind("Q_", 0) != 0) return 0;
    return static_cast<std::uint32_t>(std::stoul(name.substr(2)));
}

std::variant<exchange_program, std::string> rsn_program(const built_network& b,
                                                        const std::string& program) {
    const std::uint32_t n = cube_dimension(b);
    if (n == 0 || b.diameter_links)
        return "--program " + program + " runs on RSN(l, Q_n) without diameter links (section 3)";
    if (program == "ascend") return rsn_ascend(b.levels, n);
    if (program == "descend") return rsn_descend(b.levels, n);
    const std::uint32_t dims = n << (b.levels - 1);
    const std::string digits = program.substr(5);
    if (digits.empty() || digits.size() > 3 ||
        digits.find_first_not_of("0123456789") != std::string::npos || std::stoul(digits) < 1 ||
        std::stoul(digits) > dims)
        return "--program emul:J needs 1 <= J <= " + std::to_string(dims) + " on " + b.name;
    return rsn_cube_step(b.levels, n, static_cast<std::uint32_t>(std::stoul(digits)));
}

}  // namespace

std::variant<exchange_program, std::string> network_program(const built_network& b,
                                                            const std::string& program) {
    if (program == "ascend" || program == "descend" || program.rfind("emul:", 0) == 0)
        return rsn_program(b, program);
    if (program == "total-exchange") {
        if (!b.hdn || !hypercube_base(*b.hdn))
            return "--program total-exchange runs on an HDN over a hypercube base (hypercube:n)";
        return hdn_total_exchange(*b.hdn, b.g).program;
    }
    return "--program must be emul:J, ascend, descend or total-exchange (got '" + program + "')";
}

}  // namespace d3
