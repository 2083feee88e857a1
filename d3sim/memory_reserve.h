// A reserve of address space for the way out of an allocation failure. When a huge network runs
// out of memory while it is elaborated, the exception unwinds through SystemC's destructors, and
// those allocate (sc_object::orphan_child_objects): without memory to spare, a second bad_alloc
// inside a destructor terminates the process (SIGABRT). The reserve is given back at the first
// failure, so that the unwinding can finish and d3sim can print one line.
#pragma once

#include <cstddef>

namespace d3 {

/// Sets aside `bytes` (not touched, so only address space) and installs a new-handler that frees
/// them and throws std::bad_alloc at the first failed allocation.
void install_memory_reserve(std::size_t bytes);

}  // namespace d3
