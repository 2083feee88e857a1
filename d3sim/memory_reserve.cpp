#include "d3sim/memory_reserve.h"

#include <cstdlib>
#include <new>

namespace d3 {

namespace {

void* g_reserve = nullptr;

void out_of_memory() {
    std::free(g_reserve);
    g_reserve = nullptr;
    std::set_new_handler(nullptr);  // from now on, a failure throws at once
    throw std::bad_alloc();
}

}  // namespace

void install_memory_reserve(std::size_t bytes) {
    g_reserve = std::malloc(bytes);
    if (g_reserve) std::set_new_handler(out_of_memory);
}

}  // namespace d3
