// The waveform of a run: a link_observer that turns link, buffer and round events into signals
// (wave_layout) written by a VCD or FST backend (wave_writer), one time unit per step, plus a
// gtkwave save file beside it that opens on the conflicts (conflict_view). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/network/topology.h"
#include "core/run/stats.h"
#include "core/workload/workload.h"
#include "trace/formats/wave_writer.h"
#include "trace/wave_layout.h"
#include "trace/wave_scope.h"

namespace d3 {

struct wave_options {
    std::string scope = "all";           ///< --wave-scope (see wave_scope.h)
    std::uint64_t limit = 256ull << 20;  ///< warn when the estimate is above; 0: never
    int groups = 16;                     ///< conflicting links shown in the .gtkw
    bool decoder = false;                ///< trace the decoders' ports (traced_decoder.h)
    std::string rtl_router;   ///< --wave-rtl c,d,p: that router's RTL units (rtl_unit_wave.h)
    std::string title;        ///< first comment of the .gtkw
    bool background = false;  ///< --background: also d3.background_conflicts
};

/// A conflict seen in the trace (links inside the scope only).
struct wave_conflict {
    std::uint64_t step = 0;
    std::size_t link = 0;  ///< router * link_ports + output
    std::uint16_t requesters = 0;
};

/// Why these waveform options cannot be used on D3(K,M), or nothing.
std::optional<std::string> check_wave_options(const std::string& path, const wave_options& o,
                                              const topology& t);

class wave_trace final : public link_observer {
  public:
    using probe_id = std::uint32_t;

    /// Opens `path` (.vcd or .fst). Throws std::invalid_argument for a bad scope and
    /// std::runtime_error when the file cannot be written.
    /// vcs: the routers' virtual channels per link input (more than one: per-VC occupancy).
    wave_trace(const std::string& path, const wave_options& o, const topology& t, int vcs = 1);
    ~wave_trace() override;
    wave_trace(const wave_trace&) = delete;
    wave_trace& operator=(const wave_trace&) = delete;

    void on_link(const link_event& e) override;
    void on_buffer(std::uint64_t step, router_id router, int input, std::size_t occupancy) override;
    void on_vc_buffer(std::uint64_t step, router_id router, int input, int vc,
                      std::size_t occupancy) override;
    void on_stage(std::uint64_t step, router_id router, pipeline_unit unit, std::uint64_t from,
                  std::uint64_t to) override;
    bool wants_stages() const override { return !stage_probe_.empty(); }
    /// Traces the pipeline's units with cycles of their own (core/router/pipeline.h): per router in
    /// the scope, pipeline.route, pipeline.allocate, pipeline.traverse count the packets in that
    /// unit in each step. Call before the run starts; nothing for the paper's router.
    void trace_pipeline(const pipeline_spec& p);
    /// Traces a design-space router's VC allocation and input speedup (core/vc_router): per router
    /// in the scope, vc_owner.<output>_vc<V> (the input VC that holds VC V of that output, 0 when
    /// it is free; by name in the views: "l1.vc0", "hold.vc1", "node.vc0", "free") for every
    /// output (the links, hold, the terminals' ejection), and input_flits.<input> (the flits the
    /// input port sent through the switch in the step). `terminals`: each router's (one: "node",
    /// more: "node0", "node1", ...). Call before the run starts; nothing for the paper's router.
    void trace_design(int vcs, int terminals);
    void on_vc_grant(std::uint64_t step, router_id router, int output, int out_vc, int input,
                     int in_vc) override;
    void on_input_flits(std::uint64_t step, router_id router, int input, int flits) override;
    void on_inner_conflict(std::uint64_t step, router_id router, int output,
                           std::size_t requesters) override;
    /// A node started program round `round` (0, 1, ...): the global "rounds" signal counts them.
    void on_round(std::uint64_t step, router_id router, std::uint64_t round);

    /// Adds a signal of another part of the model (decoder ports, ...) under the router's scope
    /// (router kEveryRouter: the top scope) in sub-scope `scope`. Call before the run starts.
    /// names: an id of add_value_names to show the values by name in the views (-1: numbers).
    /// view: shown in the .gtkw groups of the router's links (probes with names always are).
    /// place, port: which groups show it (probe_place).
    probe_id add_probe(router_id router, const std::string& scope, const std::string& name,
                       unsigned width, bool pulse = false, int names = -1, bool view = false,
                       probe_place place = probe_place::router, int port = 0);
    /// Names for the values of probes (names[value]; empty entries stay numbers), written at
    /// finish() as the gtkwave translate file x.<what>.txt beside the view. The same `what`
    /// returns the same id (the first table given stays).
    int add_value_names(const std::string& what, std::vector<std::string> names);
    void probe(std::uint64_t step, probe_id p, std::uint64_t value);

    /// Writes the last step, closes the trace and writes the .gtkw beside it (none for a device,
    /// gtkw_path_for). Idempotent.
    void finish(std::uint64_t end_step);

    const std::string& path() const { return path_; }
    const std::string& gtkw_path() const { return gtkw_path_; }
    /// The run's conflicts over the whole network (the JSON `conflicts`: link events counted
    /// kRunConflict; without background traffic, those with more than one requester).
    std::uint64_t conflict_pulses() const { return conflicts_; }
    /// The background's conflicts (JSON `background.conflicts`; kBackgroundConflict events).
    std::uint64_t background_conflict_pulses() const { return background_conflicts_; }
    std::size_t links_traced() const { return layout_ ? layout_->links_declared() : 0; }

    const wave_scope& scope() const { return scope_; }

    /// The .gtkw path for a trace path: the extension replaced by ".gtkw" (x.fst: x.fst.gtkw).
    /// Empty for a trace written to a device or a pipe (an existing path that is not a regular
    /// file, such as /dev/null): no view and no translate files are written then.
    static std::string gtkw_path_for(const std::string& trace);
    /// The summary's line for a trace: "waveform: x.vcd, view: gtkwave x.vcd x.gtkw" (no view
    /// for a device).
    static std::string summary_line(const std::string& trace);
    /// The translate file naming router ids beside a .gtkw: x.gtkw -> x.routers.txt.
    static std::string names_path_for(const std::string& gtkw, const std::string& what = "routers");

  private:
    enum class kind : std::uint8_t { link, buffer, vc_buffer, round, probe, stage, conflict };
    struct record {
        std::uint64_t step = 0;
        std::uint64_t value = 0;  ///< serial, occupancy, round or probe value; stage: from
        std::uint64_t until = 0;  ///< stage: to
        router_id router = 0;     ///< probe: probe id
        router_id src = 0;
        header hdr;
        std::int16_t port = 0;         ///< output or input (-1: hold)
        std::uint16_t requesters = 0;  ///< vc_buffer: the VC
        kind what = kind::link;
        bool sent = false;
        std::uint8_t counted = 0;  ///< link: link_event::counted
    };

    void handle(const record& r);
    void apply(const record& r);
    void start(std::vector<bool> links, std::vector<bool> routers);
    void start_streaming();
    void advance(std::uint64_t step);
    void set(signal_id id, std::uint64_t value);
    void flush(std::uint64_t time);
    void apply_stage_changes(std::uint64_t step);  ///< the pipeline counts that change at step
    std::uint32_t destination(router_id src, const header& h) const;

    const topology& t_;
    std::string path_;
    std::string gtkw_path_;
    wave_options opt_;
    int vcs_ = 1;
    wave_scope scope_;
    std::unique_ptr<wave_writer> out_;
    std::unique_ptr<wave_layout> layout_;
    std::vector<probe_decl> probe_decls_;
    struct value_names {
        std::string what;
        std::vector<std::string> names;
    };
    std::vector<value_names> value_names_;
    bool deferred_ = false;          ///< scope "conflicts": record, decide, then write at finish()
    std::vector<record> held_;       ///< deferred records
    std::vector<bool> conflicting_;  ///< per link, deferred mode
    bool finished_ = false;

    std::vector<std::uint64_t> value_;
    std::vector<std::uint64_t> written_;
    std::vector<unsigned char> dirty_;
    std::vector<signal_id> dirty_list_;
    std::vector<std::size_t> touched_;  ///< links with an event in the current step
    std::vector<signal_id> pulsed_;     ///< pulse probes set in the current step
    std::uint64_t now_ = 0;
    std::uint64_t conflicts_ = 0;
    std::uint64_t background_conflicts_ = 0;
    static constexpr probe_id kNoProbe = 0xFFFFFFFFu;
    std::vector<probe_id> stage_probe_;  ///< router * 3 + unit; empty: pipeline not traced
    struct stage_change {
        std::uint64_t step;
        probe_id probe;
        int delta;
        bool operator>(const stage_change& o) const { return step > o.step; }
    };
    std::vector<stage_change> stage_changes_;  ///< a min-heap by step
    /// trace_design: per router its first probe (kNoProbe: not traced), the outputs x vcs owners
    /// and then the inputs' flits; the index of a port as the observer names it (hold -1).
    std::vector<probe_id> design_probe_;
    int design_vcs_ = 0;
    int design_ports_ = 0;  ///< inputs (and outputs) of a design-space router
    int design_port(int port) const {
        return port < 0 ? t_.link_ports() : port < t_.link_ports() ? port : port + 1;
    }
    std::uint64_t rounds_ = 0;
    std::vector<wave_conflict> log_;
};

}  // namespace d3
