#include "trace/conflict_view.h"

#include "core/network/router_names.h"

#include <algorithm>
#include <unordered_map>

namespace d3 {

namespace {
constexpr std::uint64_t kBefore = 2;   // steps shown before the first conflict
constexpr std::uint64_t kWindow = 32;  // steps in the opening window
constexpr std::size_t kStepsInTitle = 4;
}  // namespace

std::string router_names_filter(const topology& t) {
    // D3's routers as c.d.p, as the packet log writes them; the other networks' by their names.
    const auto name = [&t](router_id r) {
        const coord x = t.at(r);
        return t.is_d3()
                   ? std::to_string(x.c) + "." + std::to_string(x.d) + "." + std::to_string(x.p)
                   : router_path(t, r);
    };
    std::string s = std::string("# router ids as ") + (t.is_d3() ? "c.d.p" : "names") +
                    " (written by d3sim: a gtkwave translate filter file)\n";
    for (router_id r = 0; r < t.routers(); ++r) s += std::to_string(r) + " " + name(r) + "\n";
    s += std::to_string(kEveryRouter) + " broadcast\n";
    return s;
}

namespace {

/// A probe of the view (with names or view), drawn in yellow, through its translate file if any.
gtkw_trace probe_trace(const wave_layout& layout, std::size_t p, const wave_filters& filters) {
    gtkw_trace t;
    t.name = layout.probe_signal(p);
    const auto n = static_cast<std::size_t>(layout.probe_decls()[p].names);
    if (n < filters.probes.size()) t.filter = filters.probes[n];
    t.color = 3;
    return t;
}

bool in_view(const wave_layout& layout, std::size_t p) {
    const probe_decl& d = layout.probe_decls()[p];
    return (d.names >= 0 || d.view) && layout.probe(p) != wave_layout::kNone;
}

}  // namespace

std::vector<gtkw_trace> link_traces(const wave_layout& layout, std::size_t link,
                                    const wave_filters& filters) {
    const std::string& router_names = filters.routers;
    const std::vector<probe_decl>& probes = layout.probe_decls();
    std::vector<gtkw_trace> out;
    for (int f = 0; f < kLinkFields; ++f) {
        gtkw_trace t;
        t.name = layout.link_signal(link, f);
        if (f == kSource || f == kDest) t.filter = router_names;
        t.fmt = f == kHeader ? gtkw_trace::format::hex : gtkw_trace::format::decimal;
        if (link_field_info(f).width == 1) t.fmt = gtkw_trace::format::binary;
        if (f == kConflict) t.color = 1;
        if (f == kBusy) t.color = 4;
        out.push_back(t);
    }
    // The buffers around the link: the input buffer it fills at its far end (all VCs), and the
    // hold stage and injection queue of its router (where contenders wait). Only those traced.
    const auto router = static_cast<router_id>(layout.router_of(link));
    const wave_layout::link_input far = layout.far_input(link);
    const struct {
        router_id r;
        int input;
        const char* what;
    } buffers[] = {{far.router, far.input, "input buffer at the far end"},
                   {router, -1, "hold stage"},
                   {router, layout.injection_input(), "injection queue"}};
    for (const auto& b : buffers) {
        if (layout.buffer(b.r, b.input) == wave_layout::kNone) continue;
        gtkw_trace t;
        t.name = layout.buffer_signal(b.r, b.input);
        t.alias = std::string(b.what) + ": " + t.name.substr(3);  // without "d3."
        t.color = 5;
        out.push_back(t);
        // What leaves that buffer (a design-space router's input_flits; the injection queue's:
        // every terminal's).
        for (std::size_t p = 0; p < probes.size(); ++p)
            if (probes[p].place == probe_place::input && probes[p].router == b.r &&
                (probes[p].port == b.input ||
                 (b.input == layout.injection_input() && probes[p].port > b.input)) &&
                in_view(layout, p))
                out.push_back(probe_trace(layout, p, filters));
        if (b.input < 0 || b.input >= layout.injection_input()) continue;
        for (int vc = 0; vc < layout.vcs(); ++vc) {  // that buffer per virtual channel
            if (layout.vc_buffer(b.r, b.input, vc) == wave_layout::kNone) continue;
            gtkw_trace c;
            c.name = layout.vc_buffer_signal(b.r, b.input, vc);
            c.alias = "  VC " + std::to_string(vc) + ": " + c.name.substr(3);
            c.color = 6;
            out.push_back(c);
        }
    }
    // What the router's decoder decided, by name (traced with --wave-decoder), the packets in
    // its pipeline's units (core/router/pipeline.h), and a design-space router's owners of this
    // link's VCs.
    const auto output = static_cast<int>(link % static_cast<std::size_t>(layout.injection_input()));
    for (std::size_t p = 0; p < probes.size(); ++p) {
        if (probes[p].router != router || !in_view(layout, p)) continue;
        if (probes[p].place == probe_place::input ||
            (probes[p].place == probe_place::output && probes[p].port != output))
            continue;
        out.push_back(probe_trace(layout, p, filters));
    }
    return out;
}

gtkw_view conflict_view(const wave_layout& layout, const std::vector<wave_conflict>& conflicts,
                        const std::string& trace_path, const std::string& gtkw_path,
                        const wave_options& o, std::uint64_t end_step,
                        const wave_filters& filters) {
    gtkw_view v;
    v.dumpfile = relative_to_folder_of(gtkw_path, trace_path);
    v.savefile = relative_to_folder_of(gtkw_path, gtkw_path);
    if (!o.title.empty()) v.comments.push_back(o.title);
    v.comments.push_back("written by d3sim; open with: gtkwave " + trace_path + " " + gtkw_path);
    for (signal_id id :
         {layout.step(), layout.rounds(), layout.conflicts(), layout.background_conflicts()})
        if (id != wave_layout::kNone)
            v.top.push_back({layout.global_signal(id), "", gtkw_trace::format::decimal, 0, ""});
    v.top.back().color = 1;

    if (conflicts.empty()) {
        v.comments.push_back("no conflicts in the traced scope");
        v.end = std::min<std::uint64_t>(end_step, kWindow);
        // The links of the first traced router, the first one open.
        std::size_t router = ~std::size_t{0};
        for (std::size_t li = 0; li < layout.links_total(); ++li) {
            if (layout.link(li) == wave_layout::kNone || layout.hold_loop(li)) continue;
            if (router == ~std::size_t{0}) router = layout.router_of(li);
            if (layout.router_of(li) != router) break;
            gtkw_group g;
            g.title = layout.link_label(li) + ": no conflicts";
            g.traces = link_traces(layout, li, filters);
            g.closed = !v.groups.empty();
            v.groups.push_back(std::move(g));
        }
        return v;
    }

    // Groups: conflicting links in the order of their first conflict.
    std::unordered_map<std::size_t, std::size_t> group_of;
    std::vector<std::vector<const wave_conflict*>> per_group;
    std::unordered_map<std::size_t, std::uint64_t> total;
    for (const wave_conflict& c : conflicts) {
        ++total[c.link];
        auto it = group_of.find(c.link);
        if (it == group_of.end()) {
            if (per_group.size() >= static_cast<std::size_t>(std::max(o.groups, 0))) continue;
            it = group_of.emplace(c.link, per_group.size()).first;
            per_group.emplace_back();
        }
        per_group[it->second].push_back(&c);
    }
    for (const auto& list : per_group) {
        const wave_conflict& first = *list.front();
        gtkw_group g;
        g.title = layout.link_label(first.link) + ": " + std::to_string(first.requesters) +
                  " requesters at step " + std::to_string(first.step);
        if (total[first.link] > 1) {
            g.title += "; conflicts at";
            for (std::size_t i = 0; i < list.size() && i < kStepsInTitle; ++i)
                g.title += " " + std::to_string(list[i]->step);
            if (total[first.link] > kStepsInTitle) g.title += " ...";
            g.title += " (" + std::to_string(total[first.link]) + " in all)";
        }
        g.traces = link_traces(layout, first.link, filters);
        v.groups.push_back(std::move(g));
    }
    v.comments.push_back(std::to_string(conflicts.size()) + " conflicts on " +
                         std::to_string(total.size()) + " links in the traced scope; groups show " +
                         std::to_string(v.groups.size()) +
                         " links, markers the first conflict steps");

    // Markers: the first distinct conflict steps; A is named after the first link conflicting
    // there.
    for (std::size_t i = 0; i < conflicts.size() && v.markers.size() < kGtkwMarkers; ++i) {
        const wave_conflict& c = conflicts[i];
        if (!v.markers.empty() && v.markers.back().time == c.step) continue;
        std::size_t same = 0;
        for (std::size_t j = i; j < conflicts.size() && conflicts[j].step == c.step; ++j) ++same;
        // "step 8 c0.d0.p0 l1 x2 +31": requesters, and other links conflicting in the same step.
        std::string name = "step " + std::to_string(c.step) + " " + layout.link_label(c.link) +
                           " x" + std::to_string(c.requesters);
        if (same > 1) name += " +" + std::to_string(same - 1);
        // Only the first marker is named: names of markers one step apart overlap in gtkwave; the
        // others show their letters.
        v.markers.push_back({c.step, v.markers.empty() ? name : std::string()});
    }
    v.primary = conflicts.front().step;
    v.start = conflicts.front().step > kBefore ? conflicts.front().step - kBefore : 0;
    v.end = std::min<std::uint64_t>(std::max(end_step, v.start + 1), v.start + kWindow);
    return v;
}

}  // namespace d3
