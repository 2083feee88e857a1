// Open-loop synthetic traffic (BookSim-style): every node creates a packet with probability `rate`
// in each step (Bernoulli), to a destination from the pattern, with the header the routing chooses
// at launch. Phases: warm-up, measurement (packets created then are measured), drain (creation goes
// on until every measured packet has arrived, or drain_limit steps have passed). Plain C++.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/containers/bounded_ring.h"
#include "core/network/topology.h"
#include "core/traffic/auto_window.h"
#include "core/traffic/injection.h"
#include "core/traffic/latency.h"
#include "core/traffic/occupancy_view.h"
#include "core/traffic/pattern.h"
#include "core/traffic/route_around.h"
#include "core/traffic/routing.h"
#include "core/traffic/sized_packets.h"
#include "core/workload/program.h"
#include "core/workload/workload.h"

namespace d3 {

/// Most terminals per router a run may model.
inline constexpr int kMaxConcentration = 64;

struct traffic_options {
    traffic_pattern pattern = traffic_pattern::uniform;
    double rate = 0.1;  ///< packets created per terminal per step, in (0, 1]
    /// Terminals per router (BookSim's concentration p), each a Bernoulli source at `rate`; the
    /// router's node launches for all of them. Throughput is reported per terminal.
    int concentration = 1;
    routing_kind routing = routing_kind::minimal;
    int warmup = 1000;   ///< steps before measurement
    int measure = 1000;  ///< steps whose created packets are measured
    /// --measure auto: the window found from the data (core/traffic/auto_window.h), ending at
    /// most kAutoMeasureSteps after the warm-up (`measure` is set to that cap).
    bool measure_auto = false;
    int drain_limit = 20000;  ///< steps after measurement during which creation goes on
    std::uint64_t seed = 1;
    double hotspot_fraction = 0.1;  ///< hotspot: share of packets to the hot spots
    /// hotspot: the hot spots, router ids separated by commas (--hotspot NODES:FRACTION); empty:
    /// router 0 (--hotspot-fraction).
    std::string hotspot_nodes;
    std::uint32_t shift = 1;             ///< shift: router r -> r + shift mod N (--shift)
    int ugal_threshold = 0;              ///< ugal: added to the deflected side (ugal_deflects)
    ugal_rule ugal = ugal_rule::global;  ///< ugal: what it compares (core/traffic/routing.h)
    /// ugal: its non-minimal route (core/traffic/routing.h)
    ugal_valiant valiant = ugal_valiant::group;
    /// Flits per packet (the network's router_params::packet_length): `rate` counts flits, so a
    /// terminal creates a packet with probability rate / packet_length (docs/multi-flit.md).
    int packet_length = 1;
    /// The network's router_params::packet_sizes: sizes drawn per packet (the largest is
    /// packet_length); empty: every packet is packet_length flits.
    std::string packet_sizes;
    /// How a terminal decides to create a packet (core/traffic/injection.h), and the on-off
    /// process's transition probabilities (BookSim2's burst_alpha, burst_beta).
    injection_kind injection = injection_kind::bernoulli;
    double burst_alpha = 0.5, burst_beta = 0.5;
    /// --request-reply: every delivered request is answered by a reply to its source
    /// (core/traffic/request_reply.h); the network then has two service classes.
    bool request_reply = false;

    std::optional<std::string> validate() const;
    /// Flits per packet on average: a terminal creates a packet with probability
    /// rate / mean_flits() (validated options).
    double mean_flits() const;
};

/// Whether a traffic run was past saturation. Over the measurement window the network, source
/// queues included, gained `gain` = created - delivered packets (offered - accepted per terminal
/// and step). Below saturation that count fluctuates around a steady backlog of L packets
/// (Little's law: created per step x mean latency from creation), and the difference of two
/// looks at it, a window apart, has a standard deviation of about sqrt(2 L) (a count at least as
/// variable as a Poisson one); past saturation it grows with the window. Past saturation is a
/// gain above five such deviations, or measured packets still in flight at the drain limit
/// (`drained` false). Near the knee, where queues fluctuate more than a Poisson count, a run
/// may be called saturated a little early.
bool past_saturation(std::int64_t gain, double backlog, bool drained);

/// The hot spots of `o` on `t` (empty: router 0); throws std::invalid_argument for ids the
/// network does not have (checked before, traffic_run_options::validate).
std::vector<router_id> hotspots_of(const traffic_options& o, const topology& t);

/// The most steps `--measure auto` measures: a run that has not converged by then ends its
/// measurement there (its window from MSER over what it has, `converged` false).
inline constexpr int kAutoMeasureSteps = 5000;
/// How often, in steps, `--measure auto` looks for convergence (a multiple of its batch).
inline constexpr std::uint64_t kAutoCheckSteps = 50;

class reply_book;  // core/traffic/request_reply.h

/// Counters shared by all nodes' programs of one run (created and delivered packets, latency).
class traffic_state {
  public:
    traffic_state(const topology& t, const traffic_options& o);
    ~traffic_state();

    /// Where the programs read queue occupancy (UGAL); set before the run starts.
    void set_view(const occupancy_view& v);

    const topology& topo() const { return t_; }
    const traffic_options& options() const { return o_; }
    std::uint64_t end_of_measurement() const {
        return static_cast<std::uint64_t>(o_.warmup) + static_cast<std::uint64_t>(o_.measure);
    }
    /// Router r's terminals: the traffic's concentration, or a file network's count for r when
    /// its routers' counts differ (0: a transit router, which creates nothing).
    int terminals_at(router_id r) const;
    /// The terminals of the network: what the rates per terminal divide by.
    std::uint64_t terminals_total() const;
    /// About how many packets the run creates below saturation (expected_traffic_packets, as the
    /// memory estimate counts them): a hint for the ledger's room, workload::expected_messages.
    std::uint64_t expected_messages() const;
    /// True when no node creates packets at `step` or later.
    bool creation_over(std::uint64_t step) const;
    /// Creation also goes on while open(step) holds (a background that lasts as long as the
    /// primitive it runs under, core/workload/background.h).
    void keep_creating_while(std::function<bool(std::uint64_t)> open) { open_ = std::move(open); }

    /// A packet created at `step`; returns the payload that carries what the receiver records.
    std::uint64_t created(std::uint64_t step, router_id src, router_id dst, const header& h);
    /// A packet arrived (its payload from created()). A measured packet's hops are the links it
    /// crossed (d.hops); summary() walks the headers of measured packets that never arrived.
    void delivered(const delivery& d);

    /// --request-reply: a reply from `src` to `dst` was created (the pair check's destinations),
    /// and one arrived (core/traffic/request_reply.h).
    void reply_created(router_id src, router_id dst);
    void reply_delivered(const delivery& d);
    /// --request-reply: the reply to the request of payload `request` had no route around the
    /// failed links (request_reply.h).
    void reply_unreachable(std::uint64_t request);
    /// Whether the replies of every measured request arrived before `step` (true without
    /// --request-reply, and from the drain limit on).
    bool replies_done(std::uint64_t step) const;

    /// Packets created from src to dst (the testbench's pair check).
    std::uint32_t pairs(router_id src, router_id dst) const;
    /// The packets src created, one (dst, 1) pair each, in creation order (the pair check adds
    /// them up: workload::expected_from).
    void pairs_from(router_id src, std::vector<std::pair<router_id, std::uint32_t>>& out) const;
    /// The destinations of the packets `src` created, in creation order (pairs_from's, each 1).
    const std::vector<router_id>& destinations_from(router_id src) const {
        return created_to_[src];
    }
    const pattern_generator& pattern() const { return pattern_; }
    const launch_routing& routing() const { return *routing_; }
    /// --fail-links: the routing goes around `f` from now on (core/traffic/route_around.h); the
    /// programs made afterwards take the routing's header for every packet. `f` outlives this.
    void route_around_faults(const link_faults& f);
    /// The failures route_around_faults() was given, else nullptr.
    const link_faults* faults() const { return faults_; }
    /// The detours' counts with --fail-links, else nullptr.
    const detour_counts* detours() const { return detours_.get(); }
    /// The programs' launches() and finished() read and write nothing another node's program
    /// does but created()'s atomic counts (node_program::launches_alone): minimal headers, no
    /// --measure auto, --packet-sizes, --request-reply or background that creation waits for.
    bool programs_alone() const {
        return minimal_headers() && !auto_ && !sized_ && !replies_ && !open_;
    }
    /// A node launches minimal_header(dst) itself, without asking routing(): minimal routing and
    /// no failed links to go around, now or later in the run, on D3 or MDF (a file network's
    /// header carries its route's hops).
    bool minimal_headers() const {
        return o_.routing == routing_kind::minimal && !detours_ && !failure_at_ && !t_.is_file();
    }
    /// --fail-links SPEC@T: the failures happen at step `t` (the testbench then calls
    /// route_around_faults and reports what they took). Before the programs are made: every
    /// packet's header then comes from routing(), which goes around the failures from `t` on.
    void expect_failure_at(std::uint64_t t) { failure_at_ = t; }
    /// A failure during the run took a packet from `src` to `dst` (its payload from created(),
    /// its serial `serial`): it is no longer expected (the pair check, the measured counts), and
    /// it is counted and named as lost. `launched` false: it still waited in its source's queue
    /// (a failed router's node), no packet yet.
    void lost(router_id src, router_id dst, std::uint64_t payload, std::uint64_t serial,
              bool launched);

    /// The run was stopped at `step` (the watchdog, the memory limit), before creation ended:
    /// the measurement window's rates are over the measured steps it ran, not the whole window.
    void stopped_at(std::uint64_t step) { stopped_at_ = step; }
    /// Steps of the measurement window the run went through (options().measure unless stopped).
    std::uint64_t measured_steps() const;

    /// --packet-sizes: the sizes and their counts, else nullptr.
    sized_packets* sized() const { return sized_.get(); }
    /// --packet-sizes: a packet of `flits` flits was created at `step` (after created()).
    void created_flits(std::uint64_t step, int flits) {
        sized_->created(
            flits, step >= static_cast<std::uint64_t>(o_.warmup) && step < end_of_measurement());
    }

    /// The results documented in README.md (key "traffic").
    nlohmann::json summary() const;

  private:
    /// The routing is built before the network exists: it reads occupancy through this.
    struct view_proxy final : occupancy_view {
        const occupancy_view* target = nullptr;
        int occupancy(router_id r, int output) const override {
            return target ? target->occupancy(r, output) : 0;
        }
    };

    const topology& t_;
    traffic_options o_;
    view_proxy view_;
    std::function<bool(std::uint64_t)> open_;
    pattern_generator pattern_;
    std::unique_ptr<launch_routing> routing_;
    const link_faults* faults_ = nullptr;             ///< route_around_faults()
    std::unique_ptr<detour_counts> detours_;          ///< route_around_faults()
    std::vector<std::vector<router_id>> created_to_;  ///< per source, one entry per packet
    std::optional<std::uint64_t> failure_at_;         ///< expect_failure_at()
    std::vector<std::uint64_t> lost_serials_;         ///< lost() of launched packets
    std::uint64_t lost_unlaunched_ = 0;               ///< lost() of packets not launched

    /// A source's measured packets from the oldest one still on its way on, in creation order
    /// (each packet's index among its source's measured packets travels in its payload).
    struct open_packet {
        header hdr;
        bool arrived = false;
    };
    struct measured_window {
        bounded_ring<open_packet> open;
        std::uint64_t first = 0;  ///< index of open.front()
    };
    std::vector<measured_window> windows_;  ///< per source
    /// The measured packet `index` of `src` arrived after crossing `hops` links.
    void arrived(router_id src, std::uint64_t index, std::uint64_t hops);
    /// A delivery at `step`, which is not last_delivery_ or is the first: the gap since the last
    /// delivery, the latest step and the measurement window's count (before delivered_ counts
    /// it).
    void delivery_step(std::uint64_t step);
    /// --measure auto: a packet created at `step`. The first of a step at a check looks for
    /// convergence, which ends the measurement at `step` when the window converged; then the
    /// packet is counted in the window's batches if it is measured. Out of line: the flattened
    /// created() and delivered() of a fixed window keep it as a call they never make.
    [[gnu::noinline, gnu::cold]] void auto_created(std::uint64_t step);
    /// --measure auto: the delivery `d` recorded in the window's batches.
    [[gnu::noinline, gnu::cold]] void auto_delivery(const delivery& d);
    /// What --measure auto and --packet-sizes record of a delivery (delivery_hooks_): out of
    /// line, as auto_created.
    [[gnu::noinline, gnu::cold]] void hooked_delivery(const delivery& d);
    /// The figures of the measurement window: its latency, the packets created and delivered in
    /// it, its steps (with --measure auto: the window found, from the end of its warm-up).
    struct window_figures {
        latency_stats latency;
        std::uint64_t created = 0, delivered = 0, steps = 0;
    };
    window_figures window() const;
    /// summary()'s flits offered and accepted per terminal and step, with packets of F > 1
    /// flits (`f`: the window's figures, `per_node_step`: its rate).
    template <typename PerNodeStep>
    void flit_rates(nlohmann::json& j, const window_figures& f, PerNodeStep per_node_step) const;
    nlohmann::json auto_summary() const;    ///< --measure auto: the window found, and how
    std::unique_ptr<auto_window> auto_;     ///< --measure auto, else nullptr
    std::unique_ptr<sized_packets> sized_;  ///< --packet-sizes, else nullptr
    bool delivery_hooks_ = false;           ///< auto_ or sized_: hooked_delivery per delivery
    std::uint64_t auto_checked_ = ~0ull;    ///< the step of the last look (check_auto)
    latency_stats latency_;
    /// The measured packets' launch cycles less their creation steps, summed: their source
    /// queueing, each a step less (summary()).
    std::uint64_t launch_gap_ = 0;
    /// --request-reply: the replies, else nullptr.
    std::unique_ptr<reply_book> replies_;
    // The counts created() adds to are atomic: with --threads the nodes of programs that launch
    // alone (programs_alone) create on several threads at once (sc/staged_nodes.h); the sums do
    // not depend on the order.
    std::atomic<std::uint64_t> created_ = 0;
    std::uint64_t delivered_ = 0;
    std::atomic<std::uint64_t> created_measured_ = 0;
    std::uint64_t delivered_measured_ = 0;
    std::atomic<std::uint64_t> created_window_ = 0;  ///< inside the measurement steps
    std::uint64_t delivered_window_ = 0;             ///< inside the measurement steps
    std::atomic<std::uint64_t> deflected_measured_ = 0;
    std::uint64_t hops_measured_ = 0;
    std::array<std::uint64_t, 6> hop_histogram_{};  ///< a fixed size: no size() per packet
    std::uint64_t last_measured_delivery_ = 0;
    std::optional<std::uint64_t> stopped_at_;  ///< stopped_at()
    std::uint64_t last_delivery_ = 0;          ///< the latest step of a delivery
    bool last_in_window_ = false;              ///< last_delivery_ is in the measurement window
    std::uint64_t max_gap_ = 0;
};

/// Node program: Bernoulli creation, header from the routing, latency recorded at the receiver.
class traffic_program final : public node_program {
  public:
    traffic_program(traffic_state& s, router_id id);
    void launches(std::uint64_t step, std::vector<launch>& out) override;
    bool finished(std::uint64_t step) const override { return s_.creation_over(step); }
    /// Creation goes on through the measurement (traffic_state::creation_over).
    std::uint64_t unfinished_before() const override { return s_.end_of_measurement(); }
    void on_receive(const delivery& d) override { s_.delivered(d); }
    reaction reacts() const override { return reaction::records; }
    bool launches_alone() const override { return s_.programs_alone(); }

  private:
    traffic_state& s_;
    router_id id_;
    coord at_;
    traffic_rng rng_;
    /// options().concentration, kept: each draw writes the stream, after which the loop over the
    /// terminals would read the options through s_ again.
    const int terminals_;
    /// options().routing is minimal: the header is minimal_header(), without a virtual call.
    const bool minimal_;
    /// Minimal routing, uniform pattern, and a step's most draws (2 per terminal) fit the
    /// engine's block: launches() may read them in place.
    const bool in_place_;
    /// --packet-sizes: the sizes drawn (traffic_state::sized), else nullptr.
    const sized_packets* const sized_;
    /// packets per terminal per step, rate / mean_flits(), as bernoulli_threshold
    std::uint64_t packet_threshold_;
    /// --injection on-off: each terminal's chain (core/traffic/injection.h); else Bernoulli.
    std::optional<on_off_injection> on_off_;
};

class traffic_workload final : public workload {
  public:
    traffic_workload(const topology& t, const traffic_options& o)
        : state_(std::make_unique<traffic_state>(t, o)) {}
    std::string primitive() const override { return "traffic"; }
    std::string schedule_name() const override { return to_string(state_->options().routing); }
    std::unique_ptr<node_program> program_for(router_id id) const override;
    std::size_t rounds() const override { return state_->end_of_measurement(); }
    std::uint64_t expected_messages() const override { return state_->expected_messages(); }
    std::size_t delays() const override { return 0; }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return state_->pairs(src, dst);
    }
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        state_->pairs_from(src, out);
    }
    const std::vector<router_id>* unit_destinations(router_id src) const override {
        return &state_->destinations_from(src);
    }
    nlohmann::json details() const override { return state_->summary(); }
    traffic_state& state() const { return *state_; }

  private:
    std::unique_ptr<traffic_state> state_;
};

}  // namespace d3
