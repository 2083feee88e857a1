#include "core/allocation/allocator_factory.h"

#include <stdexcept>

#include "core/allocation/arbiter_factory.h"
#include "core/allocation/islip_allocator.h"
#include "core/allocation/separable_allocator.h"
#include "core/allocation/wavefront_allocator.h"

namespace d3 {
namespace {

template <typename Allocator>
std::unique_ptr<allocator_if> build(const allocator_setup& s) {
    return std::make_unique<Allocator>(s);
}

struct allocator_entry {
    const char* name;
    std::unique_ptr<allocator_if> (*make)(const allocator_setup& s);
};

// The registry: a new allocator is one class and one line here.
constexpr allocator_entry kAllocators[] = {
    {"separable-input-first", &make_separable_input_first},
    {"separable-output-first", &make_separable_output_first},
    {"islip", &build<islip_allocator>},
    {"wavefront", &build<wavefront_allocator>},
};

const allocator_entry* find_allocator(const std::string& name) {
    for (const allocator_entry& e : kAllocators)
        if (name == e.name) return &e;
    return nullptr;
}

}  // namespace

const std::vector<std::string>& allocator_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const allocator_entry& e : kAllocators) v.emplace_back(e.name);
        return v;
    }();
    return names;
}

std::optional<std::string> allocator_error(const std::string& name, const allocator_setup& s) {
    if (!find_allocator(name)) {
        std::string known;
        for (const std::string& n : allocator_names()) known += (known.empty() ? "" : ", ") + n;
        return "unknown allocator '" + name + "' (known: " + known + ")";
    }
    if (auto err = arbiter_error(s.arbiter)) return err;
    if (s.inputs == 0 || s.outputs == 0)
        return "allocator '" + name + "' needs at least one input and one output";
    if (s.iterations < 1)
        return "allocator '" + name + "' needs at least one iteration, not " +
               std::to_string(s.iterations);
    return std::nullopt;
}

std::unique_ptr<allocator_if> make_allocator(const std::string& name, const allocator_setup& s) {
    if (auto err = allocator_error(name, s)) throw std::invalid_argument(*err);
    return find_allocator(name)->make(s);
}

std::unique_ptr<allocator_if> make_allocator(const std::string& name, std::size_t inputs,
                                             std::size_t outputs, const std::string& arbiter,
                                             int iterations) {
    return make_allocator(name, allocator_setup{inputs, outputs, arbiter, iterations});
}

}  // namespace d3
