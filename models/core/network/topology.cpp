#include "core/network/topology.h"

#include <stdexcept>

#include "core/network/dragonfly.h"

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

topology::topology(int k, int m) : k_(k), m_(m) {
    if (auto err = check(k, m)) throw std::invalid_argument(*err);
}

topology::topology(std::shared_ptr<const dragonfly> mdf)
    : k_(mdf ? mdf->k() : 0), m_(mdf ? mdf->m() : 0), mdf_(std::move(mdf)) {
    if (!mdf_) throw std::invalid_argument("MDF topology without a wiring");
    if (auto err = check_mdf(k_, m_)) throw std::invalid_argument(*err);
}

std::string topology::name() const {
    return std::string(mdf_ ? "MDF(" : "D3(") + std::to_string(k_) + "," + std::to_string(m_) + ")";
}

std::string topology::label(const coord& x) const {
    if (!mdf_) return to_string(x);
    return "(" + std::to_string(x.c) + "," + std::to_string(x.p) + ")";
}

coord topology::mdf_neighbor(const coord& x, int port) const {
    const port_end& e = mdf_->global_neighbor(x.c, x.p, port);
    return {e.group, 0, e.router};
}

int topology::mdf_return_port(const coord& x, int port) const {
    return mdf_->global_neighbor(x.c, x.p, port).port;
}

source_vector topology::vector_to(const coord& src, const coord& dst) const {
    return {mod(dst.c - src.c, k_), mod(dst.p - src.d, m_), mod(dst.d - src.p, m_)};
}

}  // namespace d3
