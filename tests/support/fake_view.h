// An occupancy_view with queues set by hand (router, output) -> credits in use; 0 elsewhere.
// Shared by the UGAL unit tests.
#pragma once

#include <map>
#include <utility>

#include "core/traffic/occupancy_view.h"

namespace d3 {

struct fake_view final : occupancy_view {
    std::map<std::pair<router_id, int>, int> q;
    int occupancy(router_id r, int output) const override {
        const auto it = q.find({r, output});
        return it == q.end() ? 0 : it->second;
    }
};

}  // namespace d3
