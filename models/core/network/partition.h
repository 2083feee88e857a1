// Subnetworks of D3(K,M) (paper section 4, Theorem 1; maintenance in sections 4 and 12;
// quadratic scaling in section 6): a set of cabinets kappa and a set of router positions lambda
// (the same in every drawer) whose routers (c,d,p) with c in kappa and d, p in lambda form a
// D3(|kappa|, |lambda|) closed under the links it uses. Cabinet i of the subnetwork is cabinet
// kappa[i], position q is lambda[q]; a header written for the subnetwork is converted at its
// source (the paper's "host attached to the router") into one for the whole network: global port
// gamma at subnetwork cabinet i becomes a_{i+gamma,i} = kappa[i+gamma] - kappa[i] mod K (Theorem
// 1's port tables), local port x at position q becomes lambda[q+x] - lambda[q] mod M.
// Plain C++, no SystemC.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

/// One subnetwork of D3(K,M).
struct subnetwork {
    std::string spec;  ///< as given: cabinets=..., positions=..., drawer-out=x, cabinet-out=x
    std::vector<int> cabinets;   ///< kappa: subnetwork cabinet i is cabinet cabinets[i]
    std::vector<int> positions;  ///< lambda: subnetwork position q is position positions[q]
    int k() const { return static_cast<int>(cabinets.size()); }
    int m() const { return static_cast<int>(positions.size()); }
    /// The router of the whole network at subnetwork coordinate x.
    coord real(const coord& x) const {
        return {cabinets[static_cast<std::size_t>(x.c)], positions[static_cast<std::size_t>(x.d)],
                positions[static_cast<std::size_t>(x.p)]};
    }
    /// Theorem 1's global port a_{j,i} = k_j - k_i mod N for subnetwork port gamma at cabinet i.
    int global_port(int i, int gamma, int n) const;
    /// Local port from position q for subnetwork local port x.
    int local_port(int q, int x, int m) const;
};

/// Parses one --subnetwork SPEC for D3(k,m): `cabinets=0,2,5` (Theorem 1), `positions=0,1,2,4`
/// (N < M routers per drawer, section 6), `drawer-out=x` (every position but x: D3(K,M-1), a
/// drawer replaced), `cabinet-out=x` (every cabinet but x: D3(K-1,M)). Throws
/// std::invalid_argument with a one-line reason.
subnetwork parse_subnetwork(const std::string& spec, int k, int m);

/// Which subnetwork each router belongs to (-1: none), for subnetworks that must not share a
/// router. Throws std::invalid_argument naming the first shared router.
std::vector<int> partition_map(const topology& t, const std::vector<subnetwork>& parts);

/// The header for the whole network of `h`, written for the subnetwork and launched at its
/// router `at` (subnetwork coordinates): a source vector's or a synchronizing header's ports, each
/// converted at the router that takes it; a destination header's coordinates. Broadcast headers
/// have no such header (a broadcast uses every port of the whole network): std::invalid_argument.
header to_network(const subnetwork& s, const topology& whole, const coord& at, const header& h);

}  // namespace d3
