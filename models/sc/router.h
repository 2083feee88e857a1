// The router (c,d,p) of D3(K,M): input buffers, hold stage, decode, per-output arbitration,
// broadcast replication and ejection. One SC_METHOD, woken only when it has work.
#pragma once

#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "core/arbiter.h"
#include "core/config.h"
#include "core/decoder.h"
#include "core/fifo.h"
#include "core/stats.h"
#include "core/topology.h"
#include "core/vc.h"
#include "sc/packet_pool.h"
#include "sc/protocol.h"

namespace d3 {

class router : public sc_core::sc_module {
  public:
    using out_socket =
        tlm_utils::simple_initiator_socket_tagged<router, kSocketWidth, link_protocol_types>;
    using in_socket =
        tlm_utils::passthrough_target_socket_tagged<router, kSocketWidth, link_protocol_types>;

    struct setup {
        const network_config& cfg;  ///< resolved (network_config::resolved)
        const topology& topo;
        coord at;
        decoder_if& decoder;
        packet_pool& pool;
        link_observer* observer = nullptr;
    };

    sc_core::sc_vector<out_socket> global_out;  ///< global port a goes to (c+a, p, d)
    sc_core::sc_vector<in_socket> global_in;    ///< global port a comes from (c+a, p, d)
    sc_core::sc_vector<out_socket> local_out;   ///< element x-1 is local port x, to (c, d, p+x)
    sc_core::sc_vector<in_socket> local_in;     ///< element x-1 is local port x, from (c, d, p+x)
    in_socket inject_in;                        ///< packets launched by the node
    out_socket eject_out;                       ///< packets delivered to the node (b = 0)

    router(const sc_core::sc_module_name& name, const setup& s);

    out_socket& out(int index);
    in_socket& in(int index);

    coord position() const { return at_; }
    const router_stats& stats() const { return stats_; }
    /// The first conflicts of this router (at most kConflictLog), in step order.
    const std::vector<conflict_record>& conflict_log() const { return conflict_log_; }
    static constexpr std::size_t kConflictLog = 64;

    /// Packets in input buffers and the hold stage.
    std::size_t occupancy() const;
    /// Packets sent on output `o` that its downstream buffers still hold (all virtual channels),
    /// as of the start of the current step: what UGAL compares. Needs occupancy_snapshots.
    int output_occupancy(int o) const;

    /// A head packet that waits for a credit: input buffer `fifo` (see fifo_label) wants output
    /// `output`, virtual channel `vc` downstream.
    struct wait {
        int fifo = 0;
        int output = 0;
        int vc = 0;
    };
    /// The head packets of the link input buffers that are blocked on a credit (deadlock
    /// diagnosis).
    std::vector<wait> blocked_heads() const;
    /// Buffer index of link input `input` (0..K+M-2), virtual channel `vc`.
    int fifo_index(int input, int vc) const { return input * vcs_ + vc; }
    /// "local 3 vc2", "global 0 vc1", "injection".
    std::string fifo_label(int fifo) const;
    /// The header at the head of buffer `fifo` (which must not be empty).
    std::string fifo_head(int fifo) const;
    /// "router (c,d,p): input global 2 holds 3 ..." for packets left behind.
    std::string describe_occupancy() const;

  private:
    SC_HAS_PROCESS(router);

    static constexpr std::uint16_t kHold = 0xFFFE;
    static constexpr std::uint16_t kEject = 0xFFFF;

    struct entry {
        tlm::tlm_generic_payload* gp = nullptr;
        std::uint64_t ready = 0;  ///< cycle from which it may be processed
        decision dec;
        bool decoded = false;
        bool done = false;
        bool stalled = false;      ///< this step, every target it asked for lacked a credit
        std::uint16_t target = 0;  ///< unicast: output index, kHold or kEject
        std::vector<std::uint16_t> targets;  ///< broadcast: targets not served yet
    };
    struct request {
        entry* e;
        int source;  ///< buffer index (link inputs x VCs, then injection); hold stage = injq_ + 1
    };

    void end_of_elaboration() override;
    void step();
    tlm::tlm_sync_enum receive(int input, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                               sc_core::sc_time& t);
    tlm::tlm_sync_enum credit(int output, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                              sc_core::sc_time& t);

    tlm::tlm_sync_enum eject_done(int, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                  sc_core::sc_time& t);
    std::uint64_t now() const { return sc_core::sc_time_stamp().value() / period_.value(); }
    std::uint64_t cycles(const sc_core::sc_time& t) const { return t.value() / period_.value(); }
    void wake_at(std::uint64_t cycle);
    void prepare(entry& e, std::uint64_t step);
    void dispatch(const request& r, std::uint16_t target, std::uint64_t step);
    tlm::tlm_generic_payload* serve(entry& e, std::uint16_t target, std::uint64_t step);
    void arbitrate(int output, std::uint64_t step);
    void send(tlm::tlm_generic_payload* gp, int output, std::uint64_t step);
    void free_input_slot(int fifo);
    int vc_after(const entry& e) const { return vc_of(e.dec.next.b, vcs_); }
    void compact(std::uint64_t step);
    void schedule_next(std::uint64_t step);
    int hold_time(action act) const;

    const network_config& cfg_;
    const topology& topo_;
    const coord at_;
    const router_id id_;
    decoder_if& decoder_;
    packet_pool& pool_;
    link_observer* observer_;
    const int outputs_;                ///< K + M - 1 link outputs
    const int inputs_;                 ///< K + M - 1 link inputs plus the injection input
    const int inject_;                 ///< index of the injection input (socket)
    const int vcs_;                    ///< virtual channels per link input (core/vc.h)
    const int injq_;                   ///< buffer index of the injection input: outputs_ * vcs_
    const sc_core::sc_time period_;    ///< one step
    const sc_core::sc_time pipeline_;  ///< (stages - 1) steps spent in the router per hop

    std::vector<fifo<entry>> in_;  ///< one FIFO per link input and VC, then the injection FIFO
    std::vector<entry> hold_;      ///< the hold stage of port 0
    std::vector<entry> to_hold_;
    std::vector<int> credits_;                     ///< per output and VC: output * vcs_ + vc
    std::vector<fifo<std::uint64_t>> credit_due_;  ///< cycles at which credits return
    std::vector<int> credits_at_step_;             ///< credits_ at the start of snapshot_cycle_
    std::uint64_t snapshot_cycle_ = ~0ull;
    // Interfaces behind the sockets, looked up once after binding: a hop then costs one indirect
    // call instead of a walk through sc_vector, socket and port objects.
    std::vector<tlm::tlm_fw_transport_if<link_protocol_types>*> fw_;  ///< per output
    std::vector<tlm::tlm_bw_transport_if<link_protocol_types>*> bw_;  ///< per input
    std::vector<arbiter> arbiters_;
    std::vector<std::vector<request>> wanted_;  ///< per output, this step's requesters
    std::vector<int> touched_;                  ///< outputs with requesters this step
    std::vector<request> requests_;
    std::vector<candidate> cands_;
    std::vector<std::size_t> eligible_;      ///< requesters whose VC has a credit
    tlm::tlm_generic_payload credit_token_;  ///< carried by END_REQ on the backward path

    sc_core::sc_event wake_;
    bool wake_pending_ = false;
    std::uint64_t wake_cycle_ = 0;
    bool blocked_ = false;  ///< a packet waits for a credit
    std::size_t hold_room_ = 0;
    int eject_room_ = 0;

    router_stats stats_;
    std::vector<conflict_record> conflict_log_;
};

}  // namespace d3
