#include "trace/wave_trace.h"

#include "core/run/packet_event.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>

#include "core/decoding/header.h"
#include "core/decoding/walk.h"
#include "trace/conflict_view.h"
#include "trace/wave_estimate.h"

namespace d3 {

namespace {
constexpr std::size_t kConflictLog = std::size_t{1} << 20;
constexpr std::uint64_t kOccupancyMax = (1u << kOccupancyWidth) - 1;
constexpr std::size_t kUnits = std::size(kPipelineUnits);  ///< stage probes per router
}  // namespace

std::optional<std::string> check_wave_options(const std::string& path, const wave_options& o,
                                              const topology& t) {
    std::string error;
    if (!wave_scope::parse(o.scope, t, error)) return error;
    if (format_of(path) == wave_format::fst && !fst_available())
        return "this d3sim was built without FST support (needs zlib and Verilator's "
               "gtkwave/fstapi.h); write a .vcd instead";
    if (o.groups < 0) return "--wave-groups must be at least 0";
    const auto ends_in = [&](const char* ext) {
        const std::string e(ext);
        return path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
    };
    // A device or a pipe takes a VCD; a file is named for its format, so that its view
    // (x.gtkw) is not another trace's.
    if (!wave_trace::gtkw_path_for(path).empty() && !ends_in(".vcd") && !ends_in(".fst"))
        return "--wave must end in .vcd or .fst (got '" + path + "')";
    return std::nullopt;
}

std::string wave_trace::gtkw_path_for(const std::string& trace) {
    // A trace sent to a device or a pipe (/dev/null, /dev/stdout, a FIFO) has no folder of its own
    // to put a view in: writing /dev/null.gtkw would put a file in /dev.
    std::error_code ec;
    const auto st = std::filesystem::status(trace, ec);
    if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) return {};
    const auto slash = trace.find_last_of('/');
    const auto dot = trace.find_last_of('.');
    const bool has_ext = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    // A VCD and an FST of the same name keep separate views: x.vcd -> x.gtkw, x.fst -> x.fst.gtkw.
    if (format_of(trace) == wave_format::fst) return trace + ".gtkw";
    return (has_ext ? trace.substr(0, dot) : trace) + ".gtkw";
}

std::string wave_trace::summary_line(const std::string& trace) {
    const std::string gtkw = gtkw_path_for(trace);
    if (gtkw.empty()) return "waveform: " + trace + " (not a regular file: no gtkwave view)";
    return "waveform: " + trace + ", view: gtkwave " + trace + " " + gtkw;
}

std::string wave_trace::names_path_for(const std::string& gtkw, const std::string& what) {
    return gtkw.substr(0, gtkw.size() - 5) + "." + what + ".txt";  // x.gtkw -> x.routers.txt
}

wave_trace::wave_trace(const std::string& path, const wave_options& o, const topology& t, int vcs)
    : t_(t), path_(path), gtkw_path_(gtkw_path_for(path)), opt_(o), vcs_(vcs) {
    std::string error;
    auto scope = wave_scope::parse(o.scope, t, error);
    if (!scope) throw std::invalid_argument(error);
    scope_ = *scope;
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;  // a missing folder is created; any other problem shows when opening
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    out_ = open_wave(path);
    deferred_ = scope_.conflicts_only();
    const std::size_t nlinks =
        static_cast<std::size_t>(t.routers()) * static_cast<std::size_t>(t.link_ports());
    if (deferred_) conflicting_.assign(nlinks, false);
}

wave_trace::~wave_trace() {
    try {
        finish(now_ + 1);
    } catch (...) {  // a destructor must not throw; finish() reports errors when called directly
    }
}

wave_trace::probe_id wave_trace::add_probe(router_id router, const std::string& scope,
                                           const std::string& name, unsigned width, bool pulse,
                                           int names, bool view, probe_place place, int port) {
    if (layout_) throw std::logic_error("wave_trace: probes must be added before the run starts");
    probe_decls_.push_back({router, scope, name, width, pulse, names, view, place, port});
    return static_cast<probe_id>(probe_decls_.size() - 1);
}

int wave_trace::add_value_names(const std::string& what, std::vector<std::string> names) {
    for (std::size_t i = 0; i < value_names_.size(); ++i)
        if (value_names_[i].what == what) return static_cast<int>(i);
    value_names_.push_back({what, std::move(names)});
    return static_cast<int>(value_names_.size() - 1);
}

void wave_trace::start(std::vector<bool> links, std::vector<bool> routers) {
    layout_ = std::make_unique<wave_layout>(t_, std::move(links), std::move(routers), probe_decls_,
                                            vcs_, opt_.background);
    layout_->declare(*out_);
    const std::size_t n = layout_->signals();
    value_.assign(n, 0);
    written_.assign(n, 0);
    dirty_.assign(n, 0);
}

void wave_trace::start_streaming() {
    const auto ports = static_cast<std::size_t>(t_.link_ports());
    std::vector<bool> routers(t_.routers());
    for (router_id i = 0; i < t_.routers(); ++i) routers[i] = scope_.selects(t_.at(i));
    std::vector<bool> links(routers.size() * ports);
    for (std::size_t li = 0; li < links.size(); ++li) links[li] = routers[li / ports];
    start(std::move(links), std::move(routers));
}

void wave_trace::on_link(const link_event& e) {
    record r;
    r.what = kind::link;
    r.step = e.step;
    r.router = e.router;
    r.port = static_cast<std::int16_t>(e.port);
    r.requesters = e.requesters;
    r.sent = e.sent;
    r.counted = e.counted;
    r.value = e.serial;
    r.src = e.src;
    r.hdr = e.hdr;
    handle(r);
}

void wave_trace::on_buffer(std::uint64_t step, router_id router, int input, std::size_t occupancy) {
    record r;
    r.what = kind::buffer;
    r.step = step;
    r.router = router;
    r.port = static_cast<std::int16_t>(input);
    r.value = occupancy;
    handle(r);
}

void wave_trace::on_vc_buffer(std::uint64_t step, router_id router, int input, int vc,
                              std::size_t occupancy) {
    record r;
    r.what = kind::vc_buffer;
    r.step = step;
    r.router = router;
    r.port = static_cast<std::int16_t>(input);
    r.requesters = static_cast<std::uint16_t>(vc);
    r.value = occupancy;
    handle(r);
}

void wave_trace::on_stage(std::uint64_t step, router_id router, pipeline_unit unit,
                          std::uint64_t from, std::uint64_t to) {
    const probe_id id =
        stage_probe_[static_cast<std::size_t>(router) * kUnits + static_cast<std::size_t>(unit)];
    if (id == kNoProbe) return;
    record r;
    r.what = kind::stage;
    r.step = step;
    r.router = id;
    r.value = from;
    r.until = to;
    handle(r);
}

void wave_trace::trace_pipeline(const pipeline_spec& p) {
    if (p.extra() == 0) return;
    stage_probe_.assign(static_cast<std::size_t>(t_.routers()) * kUnits, kNoProbe);
    for (router_id r = 0; r < t_.routers(); ++r) {
        if (!scope_.selects(t_.at(r))) continue;
        for (pipeline_unit u : kPipelineUnits)
            if (p.cycles(u) != 0)
                stage_probe_[static_cast<std::size_t>(r) * kUnits + static_cast<std::size_t>(u)] =
                    add_probe(r, "pipeline", to_string(u), kOccupancyWidth, false, -1, true);
    }
}

void wave_trace::apply_stage_changes(std::uint64_t step) {
    const auto later = std::greater<stage_change>();
    while (!stage_changes_.empty() && stage_changes_.front().step <= step) {
        const stage_change c = stage_changes_.front();
        std::pop_heap(stage_changes_.begin(), stage_changes_.end(), later);
        stage_changes_.pop_back();
        const signal_id s = layout_->probe(c.probe);
        if (s != wave_layout::kNone)
            set(s, static_cast<std::uint64_t>(static_cast<std::int64_t>(value_[s]) + c.delta));
    }
}

void wave_trace::on_round(std::uint64_t step, router_id router, std::uint64_t round) {
    record r;
    r.what = kind::round;
    r.step = step;
    r.router = router;
    r.value = round;
    handle(r);
}

void wave_trace::probe(std::uint64_t step, probe_id p, std::uint64_t value) {
    record r;
    r.what = kind::probe;
    r.step = step;
    r.router = p;
    r.value = value;
    handle(r);
}

void wave_trace::handle(const record& r) {
    if (finished_) return;
    if (!deferred_) {
        if (!layout_) start_streaming();
        apply(r);
        return;
    }
    // Deferred: keep what the final trace may need. Links of routers outside the patterns only
    // matter for the global conflict counters.
    if (r.what == kind::link) {
        const std::size_t li =
            static_cast<std::size_t>(r.router) * static_cast<std::size_t>(t_.link_ports()) +
            static_cast<std::size_t>(r.port);
        const bool inside = scope_.selects(t_.at(r.router));
        if (r.requesters > 1 && inside) conflicting_[li] = true;
        if (!inside && r.counted == 0) return;
    }
    held_.push_back(r);
}

std::uint32_t wave_trace::destination(router_id src, const header& h) const {
    const auto dst = header_destination(t_, src, h);
    return dst ? *dst : kEveryRouter;
}

void wave_trace::set(signal_id id, std::uint64_t value) {
    value_[id] = value;
    if (!dirty_[id]) {
        dirty_[id] = 1;
        dirty_list_.push_back(id);
    }
}

void wave_trace::flush(std::uint64_t time) {
    out_->set_time(time);
    for (signal_id id : dirty_list_) {
        dirty_[id] = 0;
        if (value_[id] == written_[id]) continue;
        out_->change(id, value_[id]);
        written_[id] = value_[id];
    }
    dirty_list_.clear();
}

void wave_trace::advance(std::uint64_t step) {
    if (step <= now_) return;
    flush(now_);
    // Links and pulses of the last step return to 0 in the next one unless set again there.
    for (std::size_t li : touched_) {
        const signal_id first = layout_->link(li);
        for (int f = 0; f < kLinkFields; ++f) set(first + static_cast<signal_id>(f), 0);
    }
    touched_.clear();
    for (signal_id id : pulsed_) set(id, 0);
    pulsed_.clear();
    for (std::uint64_t u = now_ + 1; u < step; ++u) {
        set(layout_->step(), u);
        apply_stage_changes(u);
        flush(u);
    }
    now_ = step;
    set(layout_->step(), step);
    apply_stage_changes(step);
}

void wave_trace::apply(const record& r) {
    advance(r.step);
    switch (r.what) {
        case kind::link: {
            const std::size_t li =
                static_cast<std::size_t>(r.router) * static_cast<std::size_t>(t_.link_ports()) +
                static_cast<std::size_t>(r.port);
            const signal_id s = layout_->link(li);
            // The counters follow the run's figures (the allocator's rule, link_event::counted);
            // the link's conflict flag and the view show any step with more than one requester.
            if (r.counted & link_event::kRunConflict) set(layout_->conflicts(), ++conflicts_);
            if ((r.counted & link_event::kBackgroundConflict) &&
                layout_->background_conflicts() != wave_layout::kNone)
                set(layout_->background_conflicts(), ++background_conflicts_);
            if (r.requesters > 1 && s != wave_layout::kNone && log_.size() < kConflictLog)
                log_.push_back({r.step, li, r.requesters});
            if (s == wave_layout::kNone) return;
            touched_.push_back(li);
            const header& h = r.hdr;
            const bool on = r.sent;
            set(s + kBusy, on);
            set(s + kConflict, r.requesters > 1);
            set(s + kRequesters, std::min<std::uint64_t>(r.requesters, 255));
            set(s + kPacket, on ? r.value & 0xFFFFFFFFu : 0);
            set(s + kSource, on ? r.src : 0);
            set(s + kDest, on ? destination(r.src, h) : 0);
            set(s + kHeader, on ? pack(h) : 0);
            set(s + kBcast, on && h.broadcast);
            set(s + kSync, on ? h.b : 0);
            set(s + kGamma, on ? h.f0 : 0);
            set(s + kPi, on ? h.f1 : 0);
            set(s + kDelta, on ? h.f2 : 0);
            return;
        }
        case kind::buffer: {
            const signal_id s = layout_->buffer(r.router, r.port);
            if (s != wave_layout::kNone) set(s, std::min(r.value, kOccupancyMax));
            return;
        }
        case kind::vc_buffer: {
            const signal_id s = layout_->vc_buffer(r.router, r.port, r.requesters);
            if (s != wave_layout::kNone) set(s, std::min(r.value, kOccupancyMax));
            return;
        }
        case kind::conflict:  // a design-space router's, at a port that is not a link
            set(layout_->conflicts(), ++conflicts_);
            return;
        case kind::round:
            rounds_ = std::max(rounds_, r.value + 1);
            set(layout_->rounds(), rounds_);
            return;
        case kind::stage: {  // +1 at from, -1 at to, applied when the trace reaches them
            const auto later = std::greater<stage_change>();
            for (const stage_change c :
                 {stage_change{r.value, r.router, 1}, stage_change{r.until, r.router, -1}}) {
                stage_changes_.push_back(c);
                std::push_heap(stage_changes_.begin(), stage_changes_.end(), later);
            }
            apply_stage_changes(now_);
            return;
        }
        case kind::probe: {
            const signal_id s = layout_->probe(r.router);
            if (s == wave_layout::kNone) return;
            const unsigned w = probe_decls_[r.router].width;
            set(s, w >= 64 ? r.value : r.value & ((std::uint64_t{1} << w) - 1));
            if (probe_decls_[r.router].pulse) pulsed_.push_back(s);
            return;
        }
    }
}

void wave_trace::finish(std::uint64_t end_step) {
    if (finished_) return;
    if (deferred_) {
        std::vector<bool> routers(t_.routers(), false);
        const auto ports = static_cast<std::size_t>(t_.link_ports());
        for (std::size_t li = 0; li < conflicting_.size(); ++li)
            if (conflicting_[li]) routers[li / ports] = true;
        deferred_ = false;
        start(conflicting_, std::move(routers));
        for (const record& r : held_) apply(r);
        held_.clear();
        held_.shrink_to_fit();
    } else if (!layout_) {
        start_streaming();  // a run without any event still gets its declarations
    }
    finished_ = true;
    const std::uint64_t end = std::max(end_step, now_ + 1);
    advance(end);
    flush(end);
    out_->close(end);
    if (gtkw_path_.empty()) return;  // a device or a pipe: no view (gtkw_path_for)
    // Within a step, routers report in evaluation order; the view lists links in id order.
    std::stable_sort(log_.begin(), log_.end(), [](const wave_conflict& a, const wave_conflict& b) {
        return a.step != b.step ? a.step < b.step : a.link < b.link;
    });
    // Router ids named c.d.p in gtkwave (source, dest), and the probes' named values: translate
    // files beside the view, referred to by absolute path where one can be formed.
    const auto write_filter = [&](const std::string& what, const std::string& text) {
        const std::string file = names_path_for(gtkw_path_, what);
        std::ofstream n(file);
        n << text;
        if (!n) throw std::runtime_error("cannot write gtkwave translate file " + file);
        std::error_code ec;
        const std::string abs = std::filesystem::absolute(file, ec).string();
        return ec ? file : abs;
    };
    wave_filters filters;
    filters.routers = write_filter("routers", router_names_filter(t_));
    for (const value_names& v : value_names_) {
        std::string text =
            "# " + v.what + " values by name (written by d3sim: a gtkwave translate filter file)\n";
        for (std::size_t i = 0; i < v.names.size(); ++i)
            if (!v.names[i].empty()) text += std::to_string(i) + " " + v.names[i] + "\n";
        filters.probes.push_back(write_filter(v.what, text));
    }
    std::ofstream g(gtkw_path_);
    write_gtkw(conflict_view(*layout_, log_, path_, gtkw_path_, opt_, now_, filters), g);
    if (!g) throw std::runtime_error("cannot write gtkwave save file " + gtkw_path_);
}

}  // namespace d3
