#include "core/decoding/expand.h"

namespace d3 {

bool expand(const decision& d, const coord& at, const topology& t, std::vector<hop>& out) {
    out.clear();
    switch (d.act) {
        case action::broadcast_local:
            if (!d.hold) return false;
            out.push_back({kHoldTarget, at});
            for (int x = 1; x < t.m(); ++x)
                out.push_back(
                    {static_cast<target>(index_of({false, x}, t.k())), t.local_neighbor(at, x)});
            return true;
        case action::broadcast_global:
            if (d.hold != topology::is_fixed_point(at)) return false;
            if (!t.is_d3()) {  // MDF: port 0 is a link; router 0 keeps an extra copy (mdf_decoder)
                if (d.hold) out.push_back({kHoldTarget, at});
                for (int a = 0; a < t.k(); ++a)
                    out.push_back({static_cast<target>(a), t.global_neighbor(at, a)});
                return true;
            }
            for (int a = 0; a < t.k(); ++a) {
                if (a == 0 && d.hold)
                    out.push_back({kHoldTarget, at});
                else
                    out.push_back({static_cast<target>(a), t.global_neighbor(at, a)});
            }
            return true;
        default: {
            hop h;
            if (!expand_unicast(d, at, t, h)) return false;
            out.push_back(h);
            return true;
        }
    }
}

}  // namespace d3
