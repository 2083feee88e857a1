#include "paper/programs/around_failures.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/decoding/walk.h"
#include "core/traffic/route_around.h"

namespace d3 {

namespace {

// Most messages each list of the details names (the counts are whole).
constexpr std::size_t kNamed = 64;

// The paper's own other source-vector path from src to dst on D3 that survives `f`, tried before
// section 10's destination detours: the l-g-l route (3; gamma, pi, delta) of section 8 and the
// g-l-g-l route of sections 8 and 10 (the synchronizing header (4; c' - c, d' - d, p' - p): global
// c' - c to (c', p, d), local to (c', p, d'), global 0 to (c', d', p), local to (c', d', p')), the
// one `h` is not. Its name ("lgl", "glgl") in `name`.
std::optional<header> paper_alternative(const topology& t, const link_faults& f, const coord& src,
                                        const coord& dst, const header& h, const char*& name) {
    if (!t.is_d3()) return std::nullopt;
    const header lgl = make_source_vector_header(false, 3, t.vector_to(src, dst));
    const header glgl =
        make_sync_header(false, 4, (dst.c - src.c + t.k()) % t.k(), (dst.d - src.d + t.m()) % t.m(),
                         (dst.p - src.p + t.m()) % t.m());
    const bool is_glgl = h.kind == header_kind::sync && h.b == 4;
    const header& other = is_glgl ? lgl : glgl;
    if (route_crosses_failure(t, f, src, other)) return std::nullopt;
    name = is_glgl ? "lgl" : "glgl";
    return other;
}

// What the programs did to their launches, shared by all of them. A launch is counted once
// however often its program is walked (an estimate before the run walks programs of its own):
// `seen` keys it by source, step, call and place in the step's launches.
struct reroute_log {
    std::set<std::tuple<router_id, std::uint64_t, bool, std::size_t>> seen;
    std::uint64_t rerouted = 0, no_path = 0;
    std::uint64_t paper_paths = 0;  ///< of the rerouted: over the paper's other path (lgl, glgl)
    std::map<std::pair<router_id, router_id>, std::uint32_t> dropped;  ///< (src, dst): count
    nlohmann::json rerouted_named = nlohmann::json::array();
    nlohmann::json no_path_named = nlohmann::json::array();

    void note(nlohmann::json& list, const topology& t, router_id src, const header& h,
              const std::string& why, const char* via = nullptr) const {
        if (list.size() >= kNamed) return;
        list.push_back({{"source", t.label(t.at(src))}, {"header", to_string(h)}, {"why", why}});
        if (via) list.back()["via"] = via;
    }
};

class rerouting_program final : public node_program {
  public:
    rerouting_program(std::unique_ptr<node_program> inner, const topology& t, const link_faults& f,
                      const detour_finder& detours, reroute_log& log, router_id id)
        : inner_(std::move(inner)),
          t_(t),
          faults_(f),
          detours_(detours),
          log_(log),
          id_(id),
          at_(t.at(id)) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t before = out.size();
        inner_->launches(step, out);
        reroute(out, before, step, false);
    }
    void immediate(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t before = out.size();
        inner_->immediate(step, out);
        reroute(out, before, step, true);
    }
    bool finished(std::uint64_t step) const override { return inner_->finished(step); }
    std::uint64_t unfinished_before() const override { return inner_->unfinished_before(); }
    void on_receive(const delivery& d) override { inner_->on_receive(d); }
    reaction reacts() const override { return inner_->reacts(); }

  private:
    // Keeps, reroutes or drops each launch from `from` on (dropped ones removed from `out`) of
    // `step`'s launches (`answers`: its immediate ones).
    void reroute(std::vector<launch>& out, std::size_t from, std::uint64_t step, bool answers) {
        std::size_t kept = from;
        for (std::size_t i = from; i < out.size(); ++i) {
            launch l = out[i];
            if (!route_crosses_failure(t_, faults_, at_, l.hdr) ||
                around(l, log_.seen.insert({id_, step, answers, i - from}).second))
                out[kept++] = l;
        }
        out.resize(kept);
    }
    // A launch whose route crosses a failure: true (and its header a detour's) when one survives;
    // recorded in the log when `first` (its first walk).
    bool around(launch& l, bool first) {
        walk(t_, at_, l.hdr, walked_);
        if (!l.hdr.broadcast && walked_.destinations.size() == 1) {
            const coord dst = t_.at(walked_.destinations[0]);
            const char* via = "detour";
            if (const auto a = paper_alternative(t_, faults_, at_, dst, l.hdr, via)) {
                if (first) {
                    ++log_.rerouted;
                    ++log_.paper_paths;
                    log_.note(log_.rerouted_named, t_, id_, l.hdr, "rerouted as " + to_string(*a),
                              via);
                }
                l.hdr = *a;
                return true;
            }
            if (const auto d = detours_.around(at_, dst, 0)) {
                if (first) {
                    ++log_.rerouted;
                    log_.note(log_.rerouted_named, t_, id_, l.hdr, "rerouted as " + to_string(*d),
                              via);
                }
                l.hdr = *d;
                return true;
            }
        }
        if (!first) return false;
        ++log_.no_path;
        log_.note(log_.no_path_named, t_, id_, l.hdr,
                  l.hdr.broadcast ? "a broadcast tree crossing a failure" : "no surviving route");
        for (router_id dst : walked_.destinations) ++log_.dropped[{id_, dst}];
        return false;
    }

    std::unique_ptr<node_program> inner_;
    const topology& t_;
    const link_faults& faults_;
    const detour_finder& detours_;
    reroute_log& log_;
    const router_id id_;
    const coord at_;
    walk_result walked_;
};

class rerouted_workload final : public workload {
  public:
    rerouted_workload(const topology& t, link_faults f, std::unique_ptr<workload> inner)
        : t_(t), faults_(std::move(f)), detours_(t_, faults_), inner_(std::move(inner)) {}
    std::string primitive() const override { return inner_->primitive(); }
    std::string schedule_name() const override { return inner_->schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        std::unique_ptr<node_program> p = inner_->program_for(id);
        if (!p) return p;
        if (faults_.router_failed(id)) {  // sends nothing: what it would have sent is not due
            for (router_id dst = 0; dst < t_.routers(); ++dst)
                if (const std::uint32_t n = inner_->expected(id, dst)) log_.dropped[{id, dst}] = n;
            return nullptr;
        }
        return std::make_unique<rerouting_program>(std::move(p), t_, faults_, detours_, log_, id);
    }
    std::size_t rounds() const override { return inner_->rounds(); }
    std::size_t delays() const override { return inner_->delays(); }
    std::uint64_t start_step() const override { return inner_->start_step(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        const auto it = log_.dropped.find({src, dst});
        return inner_->expected(src, dst) - (it == log_.dropped.end() ? 0 : it->second);
    }
    /// The paper's before the run (the memory estimate); none once messages were dropped (the
    /// pair check, on expected(), still runs).
    std::optional<workload_volume> volume(const topology& t) const override {
        if (!log_.dropped.empty()) return std::nullopt;
        return inner_->volume(t);
    }
    std::vector<std::string> value_problems() const override { return inner_->value_problems(); }
    nlohmann::json details() const override;

  private:
    topology t_;
    link_faults faults_;
    detour_finder detours_;
    std::unique_ptr<workload> inner_;
    mutable reroute_log log_;  ///< the programs' record (program_for is const)
};

nlohmann::json rerouted_workload::details() const {
    nlohmann::json d = inner_->details();
    nlohmann::json links = nlohmann::json::array(), routers = nlohmann::json::array();
    for (const cable& c : faults_.cables()) links.push_back(cable_name(t_, c));
    for (router_id r : faults_.routers()) routers.push_back(t_.label(t_.at(r)));
    d["faults"] = {{"failed_links", links},
                   {"failed_routers", routers},
                   {"lost", 0},
                   {"unreachable", log_.no_path},
                   {"rerouted", log_.rerouted},
                   {"rerouted_paper_paths", log_.paper_paths},
                   {"rerouted_detours", log_.rerouted - log_.paper_paths},
                   {"rerouted_messages", log_.rerouted_named},
                   {"unreachable_messages", log_.no_path_named},
                   {"named_at_most", kNamed}};
    return d;
}

}  // namespace

std::unique_ptr<workload> around_failures(const topology& t, link_faults faults,
                                          std::unique_ptr<workload> inner) {
    return std::make_unique<rerouted_workload>(t, std::move(faults), std::move(inner));
}

}  // namespace d3
