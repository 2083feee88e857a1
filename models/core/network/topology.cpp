#include "core/network/topology.h"

#include <stdexcept>

#include "core/network/dragonfly.h"
#include "core/network/file_topology.h"

namespace d3 {

std::string to_string(const coord& x) {
    return "(" + std::to_string(x.c) + "," + std::to_string(x.d) + "," + std::to_string(x.p) + ")";
}

std::optional<std::string> topology::check(int k, int m) {
    if (k < 1) return "K must be at least 1 (got " + std::to_string(k) + ")";
    if (m < 2) return "M must be at least 2 (got " + std::to_string(m) + ")";
    if (k > kMaxK)
        return "K must be at most " + std::to_string(kMaxK) + " (got " + std::to_string(k) + ")";
    if (m > kMaxM)
        return "M must be at most " + std::to_string(kMaxM) + " (got " + std::to_string(m) + ")";
    return std::nullopt;
}

std::optional<std::string> topology::check_mdf(int k, int m) {
    if (auto err = dragonfly::check(k, m)) return err;
    if (k * m + 1 > kMaxK)
        return "MDF(K,M) has K*M+1 groups, at most " + std::to_string(kMaxK) +
               " fit the header's c' field (got " + std::to_string(k * m + 1) + ")";
    return std::nullopt;
}

topology::topology(int k, int m)
    : k_(k),
      m_(m),
      groups_(k * m),
      cabinets_(k),
      header_rows_(m),
      header_group_(m),
      header_groups_(groups_) {
    if (auto err = check(k, m)) throw std::invalid_argument(*err);
}

topology::topology(std::shared_ptr<const dragonfly> mdf)
    : k_(mdf ? mdf->k() : 0),
      m_(mdf ? mdf->m() : 0),
      kind_(topology_kind::mdf),
      groups_(k_ * m_ + 1),
      cabinets_(groups_),
      header_rows_(1),
      header_group_(m_),
      header_groups_(groups_),
      mdf_(std::move(mdf)) {
    if (!mdf_) throw std::invalid_argument("MDF topology without a wiring");
    if (auto err = check_mdf(k_, m_)) throw std::invalid_argument(*err);
    wiring_ = mdf_->wiring();
}

topology::topology(std::shared_ptr<const file_topology> net)
    : k_(net ? net->ports() : 0),
      m_(1),
      kind_(topology_kind::file),
      groups_(net ? static_cast<int>(net->routers()) : 0),
      cabinets_(groups_),
      header_rows_(1),
      header_group_(net ? net->header_group() : 1),
      header_groups_(groups_ / header_group_),
      file_(std::move(net)) {
    if (!file_) throw std::invalid_argument("file topology without a network");
    wiring_ = file_->wiring();
}

std::string topology::name() const {
    if (file_) return file_->name();
    return std::string(mdf_ ? "MDF(" : "D3(") + std::to_string(k_) + "," + std::to_string(m_) + ")";
}

std::string topology::label(const coord& x) const {
    if (file_) return std::to_string(x.c);
    if (!mdf_) return to_string(x);
    return "(" + std::to_string(x.c) + "," + std::to_string(x.p) + ")";
}

const port_end& topology::wired(const coord& x, int port) const {
    return wiring_[static_cast<std::size_t>((x.c * m_ + x.p) * k_ + port)];
}

coord topology::wired_neighbor(const coord& x, int port) const {
    const port_end& e = wired(x, port);
    return {e.group, 0, e.router};
}

int topology::wired_return_port(const coord& x, int port) const {
    return wired(x, port).port;
}

bool topology::wired_loops(const coord& x, int port) const {
    return file_->padded(static_cast<std::uint32_t>(x.c), port);
}

source_vector topology::vector_to(const coord& src, const coord& dst) const {
    return {mod(dst.c - src.c, k_), mod(dst.p - src.d, m_), mod(dst.d - src.p, m_)};
}

}  // namespace d3
