// Node programs whose launched headers are rewritten at the source before they leave: the host
// of section 4 that converts a subnetwork's source vectors (core/network/partition.h), and section
// 12's "the communication primitives can be converted to destination routing" (--headers
// destination). Plain C++, no SystemC.
#pragma once

#include <functional>
#include <memory>

#include "paper/programs/common.h"

namespace d3 {

/// The destination header (same b) of a unicast source-vector header launched at `at`; any other
/// header (broadcasts, which have no destination form, and destination headers) unchanged.
header to_destination(const topology& t, const coord& at, const header& h);

/// Wraps `inner`: every header it launches (launches() and immediate()) goes through `convert`,
/// and every delivery's sender through `sender` (when given) before `inner` sees it.
std::unique_ptr<node_program> converted_program(std::unique_ptr<node_program> inner,
                                                std::function<header(const header&)> convert,
                                                std::function<router_id(router_id)> sender = {});

/// Wraps a workload so that its programs launch destination headers (to_destination).
std::unique_ptr<workload> with_destination_headers(const topology& t,
                                                   std::unique_ptr<workload> inner);

}  // namespace d3
