#include "paper/programs/partitioned.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "paper/programs/converted.h"
#include "paper/programs/registry.h"

namespace d3 {

bool runs_in_subnetwork(const std::string& primitive) {
    // The primitives whose programs set the broadcast bit B (paper/*.cpp); every other
    // one launches unicast headers only, which core/network/partition.h converts. A test runs every
    // primitive on a subnetwork (tests/cli/reliability_test.cpp), so a new one that broadcasts
    // and is missing here fails there instead of at run time.
    for (const char* broadcasts :
         {"broadcast", "all-to-one", "broadcast-trees", "vector-matrix", "matrix-product"})
        if (primitive == broadcasts) return false;
    return true;
}

partitioned_workload::partitioned_workload(const topology& whole, std::vector<subnetwork> parts,
                                           const primitive_options& o)
    : whole_(whole), parts_(std::move(parts)) {
    if (!runs_in_subnetwork(o.primitive))
        throw std::invalid_argument("--subnetwork: the " + o.primitive +
                                    " primitive launches broadcast headers, which use every port "
                                    "of the whole network and leave a subnetwork");
    owner_ = partition_map(whole_, parts_);
    for (const subnetwork& s : parts_) {
        if (auto err = topology::check(s.k(), s.m()))
            throw std::invalid_argument("--subnetwork '" + s.spec + "': " + *err);
        tops_.emplace_back(s.k(), s.m());
    }
    for (std::size_t i = 0; i < parts_.size(); ++i) {
        if (auto err = check_primitive(tops_[i], o))
            throw std::invalid_argument("--subnetwork '" + parts_[i].spec + "' (D3(" +
                                        std::to_string(parts_[i].k()) + "," +
                                        std::to_string(parts_[i].m()) + ")): " + *err);
        works_.push_back(make_primitive_workload(tops_[i], o));
        std::vector<int> cab(static_cast<std::size_t>(whole_.k()), -1),
            pos(static_cast<std::size_t>(whole_.m()), -1);
        for (int c = 0; c < parts_[i].k(); ++c)
            cab[static_cast<std::size_t>(parts_[i].cabinets[static_cast<std::size_t>(c)])] = c;
        for (int q = 0; q < parts_[i].m(); ++q)
            pos[static_cast<std::size_t>(parts_[i].positions[static_cast<std::size_t>(q)])] = q;
        cab_index_.insert(cab_index_.end(), cab.begin(), cab.end());
        pos_index_.insert(pos_index_.end(), pos.begin(), pos.end());
    }
}

router_id partitioned_workload::local_id(router_id whole_id) const {
    const std::size_t i = static_cast<std::size_t>(owner_[whole_id]);
    const coord x = whole_.at(whole_id);
    const std::size_t kc = i * static_cast<std::size_t>(whole_.k());
    const std::size_t mp = i * static_cast<std::size_t>(whole_.m());
    return tops_[i].id({cab_index_[kc + static_cast<std::size_t>(x.c)],
                        pos_index_[mp + static_cast<std::size_t>(x.d)],
                        pos_index_[mp + static_cast<std::size_t>(x.p)]});
}

std::unique_ptr<node_program> partitioned_workload::program_for(router_id id) const {
    if (owner_[id] < 0) return nullptr;
    const std::size_t i = static_cast<std::size_t>(owner_[id]);
    const router_id sub_id = local_id(id);
    std::unique_ptr<node_program> inner = works_[i]->program_for(sub_id);
    if (!inner) return nullptr;
    const subnetwork* part = &parts_[i];
    const topology* whole = &whole_;
    const coord at = tops_[i].at(sub_id);
    // The host of section 4: the subnetwork's headers converted at the source; senders named by
    // their subnetwork id.
    return converted_program(
        std::move(inner),
        [part, whole, at](const header& h) { return to_network(*part, *whole, at, h); },
        [this](router_id r) { return owner_[r] < 0 ? r : local_id(r); });
}

std::size_t partitioned_workload::rounds() const {
    std::size_t n = 0;
    for (const auto& w : works_) n = std::max(n, w->rounds());
    return n;
}

std::size_t partitioned_workload::delays() const {
    std::size_t n = 0;
    for (const auto& w : works_) n = std::max(n, w->delays());
    return n;
}

std::uint32_t partitioned_workload::expected(router_id src, router_id dst) const {
    if (owner_[src] < 0 || owner_[src] != owner_[dst]) return 0;
    return works_[static_cast<std::size_t>(owner_[src])]->expected(local_id(src), local_id(dst));
}

void partitioned_workload::expected_from(
    router_id src, router_id, std::vector<std::pair<router_id, std::uint32_t>>& out) const {
    out.clear();
    if (owner_[src] < 0) return;
    const std::size_t i = static_cast<std::size_t>(owner_[src]);
    std::vector<std::pair<router_id, std::uint32_t>> sub;
    works_[i]->expected_from(local_id(src), tops_[i].routers(), sub);
    for (const auto& [dst, n] : sub)
        out.emplace_back(whole_.id(parts_[i].real(tops_[i].at(dst))), n);
    std::sort(out.begin(), out.end());
}

std::optional<workload_volume> partitioned_workload::volume(const topology&) const {
    workload_volume v;
    for (std::size_t i = 0; i < works_.size(); ++i) {
        const auto part = works_[i]->volume(tops_[i]);
        if (!part) return std::nullopt;
        v.messages += part->messages;
        v.deliveries += part->deliveries;
        v.in_flight += part->in_flight;
    }
    return v;
}

nlohmann::json partitioned_workload::details() const {
    nlohmann::json parts = nlohmann::json::array();
    for (const auto& w : works_) parts.push_back(w->details());
    return {{"partitions", parts}};
}

}  // namespace d3
