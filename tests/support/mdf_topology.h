// The maximal dragonfly MDF(K,M) with an arrangement of its global links, as a topology: the
// routing and vector tests build it from the dragonfly directly.
#pragma once

#include <memory>

#include "core/network/dragonfly.h"
#include "core/network/topology.h"

namespace d3::test {

inline topology mdf(int k, int m, arrangement a = arrangement::palmtree) {
    return topology(std::make_shared<const dragonfly>(k, m, a));
}

}  // namespace d3::test
