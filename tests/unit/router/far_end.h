// The far side of a link or the node, for the router units' tests: records what arrives and
// answers as told.
#pragma once

#include <tlm>
#include <utility>
#include <vector>

#include "sc/protocol.h"

namespace d3::test {

struct far_end final : tlm::tlm_fw_transport_if<link_protocol_types> {
    std::vector<std::pair<flit, sc_core::sc_time>> got;
    tlm::tlm_sync_enum answer = tlm::TLM_ACCEPTED;
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase&, sc_core::sc_time& t) override {
        got.emplace_back(f, t);
        return answer;
    }
    void b_transport(flit&, sc_core::sc_time&) override {}
    bool get_direct_mem_ptr(flit&, tlm::tlm_dmi&) override { return false; }
    unsigned transport_dbg(flit&) override { return 0; }
};

}  // namespace d3::test
