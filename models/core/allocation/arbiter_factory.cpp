#include "core/allocation/arbiter_factory.h"

#include <stdexcept>

#include "core/allocation/matrix_arbiter.h"
#include "core/allocation/oldest_first_arbiter.h"
#include "core/allocation/round_robin_arbiter.h"

namespace d3 {
namespace {

template <typename Arbiter>
std::unique_ptr<arbiter_if> build(std::size_t size) {
    return std::make_unique<Arbiter>(size);
}

struct arbiter_entry {
    const char* name;
    std::unique_ptr<arbiter_if> (*make)(std::size_t size);
};

// The registry: a new arbiter is one class and one line here.
constexpr arbiter_entry kArbiters[] = {
    {"round-robin", &build<round_robin_arbiter>},
    {"matrix", &build<matrix_arbiter>},
    {"oldest-first", &build<oldest_first_arbiter>},
};

const arbiter_entry* find_arbiter(const std::string& name) {
    for (const arbiter_entry& e : kArbiters)
        if (name == e.name) return &e;
    return nullptr;
}

}  // namespace

const std::vector<std::string>& arbiter_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const arbiter_entry& e : kArbiters) v.emplace_back(e.name);
        return v;
    }();
    return names;
}

std::optional<std::string> arbiter_error(const std::string& name) {
    if (find_arbiter(name)) return std::nullopt;
    std::string known;
    for (const std::string& n : arbiter_names()) known += (known.empty() ? "" : ", ") + n;
    return "unknown arbiter '" + name + "' (known: " + known + ")";
}

std::unique_ptr<arbiter_if> make_arbiter(const std::string& name, std::size_t size) {
    const arbiter_entry* e = find_arbiter(name);
    if (!e) throw std::invalid_argument(*arbiter_error(name));
    return e->make(size);
}

std::vector<std::unique_ptr<arbiter_if>> make_arbiters(const std::string& name, std::size_t count,
                                                       std::size_t size) {
    std::vector<std::unique_ptr<arbiter_if>> v;
    v.reserve(count);
    for (std::size_t i = 0; i < count; ++i) v.push_back(make_arbiter(name, size));
    return v;
}

}  // namespace d3
