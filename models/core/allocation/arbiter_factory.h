// Arbiters by name, for configuration: "round-robin", "matrix", "oldest-first". Plain C++.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/allocation/arbiter_if.h"

namespace d3 {

/// The arbiters' names, in registry order.
const std::vector<std::string>& arbiter_names();

/// Why `name` names no arbiter (one line), or nothing.
std::optional<std::string> arbiter_error(const std::string& name);

/// An arbiter of `size` requesters; throws std::invalid_argument (arbiter_error's line) for an
/// unknown name.
std::unique_ptr<arbiter_if> make_arbiter(const std::string& name, std::size_t size);

/// `count` arbiters of `size` requesters each (an allocator's input or output arbiters).
std::vector<std::unique_ptr<arbiter_if>> make_arbiters(const std::string& name, std::size_t count,
                                                       std::size_t size);

}  // namespace d3
