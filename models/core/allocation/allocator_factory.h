// Allocators by name, for configuration (BookSim2's Allocator::NewAllocator):
// "separable-input-first", "separable-output-first" (built of arbiters of a named kind,
// arbiter_factory.h), "islip", "wavefront". Plain C++.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/allocation/allocator_if.h"

namespace d3 {

/// The allocators' names, in registry order (for the command line's help and checks).
const std::vector<std::string>& allocator_names();

/// Why `s` builds no `name` allocator (one line): an unknown allocator or arbiter, no inputs or
/// outputs, fewer than one iteration. Nothing when it builds.
std::optional<std::string> allocator_error(const std::string& name, const allocator_setup& s);

/// The allocator; throws std::invalid_argument (allocator_error's line) when it cannot be built.
std::unique_ptr<allocator_if> make_allocator(const std::string& name, const allocator_setup& s);

/// The same, by its parts.
std::unique_ptr<allocator_if> make_allocator(const std::string& name, std::size_t inputs,
                                             std::size_t outputs,
                                             const std::string& arbiter = "round-robin",
                                             int iterations = 1);

}  // namespace d3
