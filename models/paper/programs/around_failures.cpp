#include "paper/programs/around_failures.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/decoding/walk.h"
#include "core/traffic/failure_at_step.h"
#include "core/traffic/route_around.h"
#include "core/workload/lost_inputs.h"
#include "paper/programs/broadcast_split.h"
#include "paper/programs/lost_answers.h"

namespace d3 {

namespace {

// Most messages each list of the details names (the counts are whole), and most split broadcasts
// named with their destinations.
constexpr std::size_t kNamed = 64;
constexpr std::size_t kNamedSplits = 8;

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
    /// Broadcasts split around a failure (split_broadcast): how many, their destinations by
    /// fate, the first few named with every destination, and how many unicast copies each
    /// (source, destination, payload) is still to receive, so that they are handed to the
    /// programs as the broadcast's (and an answer from the same source with the same payload, the
    /// matrix product's to itself, is not taken for one: it comes after the copy it answers).
    std::uint64_t split = 0, split_on_tree = 0, split_rerouted = 0, split_unreachable = 0;
    nlohmann::json split_named = nlohmann::json::array();
    std::map<std::tuple<router_id, router_id, std::uint64_t>, std::uint32_t> split_copies;
    /// Whether a unicast of `payload` from `src` to `dst` is a split broadcast's copy (then
    /// counted as received).
    bool take_split_copy(router_id src, router_id dst, std::uint64_t payload) {
        if (split_copies.empty()) return false;
        const auto it = split_copies.find({src, dst, payload});
        if (it == split_copies.end() || it->second == 0) return false;
        --it->second;
        return true;
    }
    /// A failure at step T (failure_effects): the messages it took, those of them that never
    /// left their source's queue, their serials (the packet log's `lost` events), and what the
    /// routers that fail at T launched before it (what they would launch later is not due).
    bool failed = false;
    std::uint64_t lost = 0, lost_unlaunched = 0;
    /// Of them broadcast copies (and broadcasts still queued), and the deliveries all of the
    /// lost messages would have made (a copy's: its remaining tree's).
    std::uint64_t lost_copies = 0, lost_deliveries = 0, lost_launched_deliveries = 0;
    std::vector<std::uint64_t> lost_serials;
    std::set<std::tuple<router_id, std::uint64_t, bool, std::size_t>> seen_before;
    std::map<std::pair<router_id, router_id>, std::uint32_t> launched_before;
    nlohmann::json at_step;  ///< failure_injector::figures()
    /// The messages no longer due because what would have caused them
    /// (a delivery to the node that answers) was lost, not launched or has no route.
    std::uint64_t not_answered = 0;
    /// Tells that a delivery of a launch (its header and payload) from a router to another will
    /// not happen, for its answers (rerouted_workload::unanswered).
    std::function<void(router_id to, router_id from, const launch&)> unanswered;

    void note(nlohmann::json& list, const topology& t, router_id src, const header& h,
              const std::string& why, const char* via = nullptr) const {
        if (list.size() >= kNamed) return;
        list.push_back({{"source", t.label(t.at(src))}, {"header", to_string(h)}, {"why", why}});
        if (via) list.back()["via"] = via;
    }
};

// A unicast's other route to `dst` when `h`'s crosses a failure: the paper's other path, else a
// detour; its name in `via`.
std::optional<header> unicast_around(const topology& t, const link_faults& f,
                                     const detour_finder& detours, const coord& src,
                                     const coord& dst, const header& h, const char*& via) {
    via = "detour";
    if (const auto a = paper_alternative(t, f, src, dst, h, via)) return a;
    return detours.around(src, dst, 0);
}

launch with_header(launch l, const header& h) {
    l.hdr = h;
    return l;
}

class rerouting_program final : public node_program {
  public:
    /// Routes around `f` the launches of step `from` on (0: all of them).
    rerouting_program(std::unique_ptr<node_program> inner, const topology& t, const link_faults& f,
                      const detour_finder& detours, reroute_log& log, router_id id,
                      std::uint64_t from)
        : inner_(std::move(inner)),
          t_(t),
          faults_(f),
          detours_(detours),
          log_(log),
          id_(id),
          at_(t.at(id)),
          from_(from) {}
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
    void on_receive(const delivery& d) override {
        if (d.hdr.broadcast || !log_.take_split_copy(d.from, id_, d.payload))
            return inner_->on_receive(d);
        delivery copy = d;  // a split broadcast's copy, sent as a unicast
        copy.hdr.broadcast = true;
        inner_->on_receive(copy);
    }
    reaction reacts() const override { return inner_->reacts(); }

  private:
    // Keeps, reroutes, splits (a broadcast) or drops each launch from `from` on of `step`'s
    // launches (`answers`: its immediate ones).
    void reroute(std::vector<launch>& out, std::size_t from, std::uint64_t step, bool answers) {
        if (step < from_) return before_failure(out, from, step, answers);
        if (from_ != 0 && faults_.router_failed(id_))  // walked past its failure (an estimate):
            return out.resize(from);                   // launches nothing (not_launched)
        kept_.clear();
        for (std::size_t i = from; i < out.size(); ++i) {
            launch l = out[i];
            if (!route_crosses_failure(t_, faults_, at_, l.hdr)) {
                kept_.push_back(l);
                continue;
            }
            const bool first = log_.seen.insert({id_, step, answers, i - from}).second;
            if (l.hdr.broadcast)
                split(l, first);
            else if (around(l, first))
                kept_.push_back(l);
        }
        out.resize(from);
        out.insert(out.end(), kept_.begin(), kept_.end());
    }
    // A unicast launch whose route crosses a failure: true (and its header a detour's) when one
    // survives; recorded in the log when `first` (its first walk).
    bool around(launch& l, bool first) {
        walk(t_, at_, l.hdr, walked_);
        const char* via = "detour";
        if (walked_.destinations.size() == 1)
            if (const auto a = unicast_around(t_, faults_, detours_, at_,
                                              t_.at(walked_.destinations[0]), l.hdr, via)) {
                if (first) {
                    ++log_.rerouted;
                    if (std::string(via) != "detour") ++log_.paper_paths;
                    log_.note(log_.rerouted_named, t_, id_, l.hdr, "rerouted as " + to_string(*a),
                              via);
                }
                l.hdr = *a;
                return true;
            }
        if (!first) return false;
        ++log_.no_path;
        log_.note(log_.no_path_named, t_, id_, l.hdr, "no surviving route");
        for (router_id dst : walked_.destinations) {
            ++log_.dropped[{id_, dst}];
            if (log_.unanswered) log_.unanswered(dst, id_, l);
        }
        return false;
    }
    // A broadcast whose tree crosses a failure: what of its tree survives goes as it is
    // (split_broadcast), each cut destination as a rerouted unicast where one reaches it.
    void split(const launch& l, bool first) {
        const broadcast_split s = split_broadcast(t_, faults_, at_, l.hdr);
        std::vector<router_id> unicast_to;  // the destinations of its unicast copies
        for (const header& h : s.launched) {
            kept_.push_back(with_header(l, h));
            if (h.broadcast) continue;
            walk(t_, at_, h, walked_);
            unicast_to.insert(unicast_to.end(), walked_.destinations.begin(),
                              walked_.destinations.end());
        }
        nlohmann::json rerouted = nlohmann::json::array(), unreachable = nlohmann::json::array();
        for (const broadcast_split::cut& c : s.cuts) {
            const coord dst = t_.at(c.destination);
            const header base = c.branch.value_or(make_source_vector_header(
                false, 3, t_.is_d3() ? t_.vector_to(at_, dst) : source_vector{}));
            const char* via = "lgl";
            std::optional<header> h;
            if (!c.branch && t_.is_d3() && !route_crosses_failure(t_, faults_, at_, base))
                h = base;  // no branch to name: the paper's l-g-l route where it survives
            else
                h = unicast_around(t_, faults_, detours_, at_, dst, base, via);
            if (h) {
                kept_.push_back(with_header(l, *h));
                unicast_to.push_back(c.destination);
                rerouted.push_back({{"destination", t_.label(dst)}, {"via", via}});
            } else {
                unreachable.push_back(t_.label(dst));
                if (first) ++log_.dropped[{id_, c.destination}];
                if (first && log_.unanswered) log_.unanswered(c.destination, id_, l);
            }
        }
        if (!first) return;
        for (const router_id dst : unicast_to) ++log_.split_copies[{id_, dst, l.payload}];
        ++log_.split;
        log_.split_on_tree += s.on_tree.size();
        log_.split_rerouted += rerouted.size();
        log_.split_unreachable += unreachable.size();
        log_.no_path += unreachable.size();
        if (log_.split_named.size() >= kNamedSplits) return;
        nlohmann::json on_tree = nlohmann::json::array();
        for (router_id r : s.on_tree) on_tree.push_back(t_.label(t_.at(r)));
        log_.split_named.push_back({{"source", t_.label(at_)},
                                    {"header", to_string(l.hdr)},
                                    {"slices", s.slices},
                                    {"on_tree", on_tree},
                                    {"rerouted", rerouted},
                                    {"unreachable", unreachable}});
    }

    // Before a failure at step from_ every launch goes as it is; a router that fails then has
    // what it launched counted (its program is not asked after).
    void before_failure(const std::vector<launch>& out, std::size_t from, std::uint64_t step,
                        bool answers) {
        if (!faults_.router_failed(id_)) return;
        for (std::size_t i = from; i < out.size(); ++i) {
            if (!log_.seen_before.insert({id_, step, answers, i - from}).second) continue;
            walk(t_, at_, out[i].hdr, walked_);
            for (router_id dst : walked_.destinations) ++log_.launched_before[{id_, dst}];
        }
    }

    std::unique_ptr<node_program> inner_;
    const topology& t_;
    const link_faults& faults_;
    const detour_finder& detours_;
    reroute_log& log_;
    const router_id id_;
    const coord at_;
    const std::uint64_t from_;
    walk_result walked_;
    std::vector<launch> kept_;
};

class rerouted_workload final : public workload, public failure_effects {
  public:
    rerouted_workload(const topology& t, link_faults f, std::unique_ptr<workload> inner,
                      std::uint64_t at)
        : t_(t),
          faults_(std::move(f)),
          detours_(t_, faults_),
          inner_(std::move(inner)),
          at_(at),
          answers_(t_, *inner_, faults_) {
        log_.unanswered = [this](router_id to, router_id from, const launch& l) {
            unanswered(to, from, l.hdr, l.payload);
        };
        if (at_ == 0) fail_before_the_run();
    }
    // failure_effects: the programs go around the failures from step at_ on by themselves; what
    // the failed routers' schedules had due from then on is not launched, nor answered.
    void route_around(const link_faults&) override {
        log_.failed = true;
        failed_routers_answer_nothing(at_);
    }
    void lost(router_id src, router_id dst, std::uint64_t payload, std::uint64_t serial,
              bool launched) override {
        header h;  // a split broadcast's unicast copy is the broadcast's delivery
        h.broadcast = log_.take_split_copy(src, dst, payload);
        unanswered(dst, src, h, payload);
        ++log_.dropped[{src, dst}];
        ++log_.lost_deliveries;
        if (launched) ++log_.lost_launched_deliveries;
        ++(launched ? log_.lost : log_.lost_unlaunched);
        if (launched) log_.lost_serials.push_back(serial);
    }
    void lost_copy(router_id src, const std::vector<router_id>& destinations, std::uint64_t payload,
                   std::uint64_t serial, bool launched) override {
        header h;
        h.broadcast = true;
        for (const router_id dst : destinations) {
            ++log_.dropped[{src, dst}];
            unanswered(dst, src, h, payload);
        }
        ++(launched ? log_.lost : log_.lost_unlaunched);
        if (launched) log_.lost_serials.push_back(serial);
        ++log_.lost_copies;
        log_.lost_deliveries += destinations.size();
        if (launched) log_.lost_launched_deliveries += destinations.size();
    }
    void set_at_step(nlohmann::json figures) { log_.at_step = std::move(figures); }
    failure_losses losses() const {
        return {log_.lost_serials.size(), log_.lost + log_.lost_unlaunched,
                log_.lost_launched_deliveries};
    }
    std::string primitive() const override { return inner_->primitive(); }
    std::string schedule_name() const override { return inner_->schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        std::unique_ptr<node_program> p = inner_->program_for(id);
        if (!p) return p;
        // Failed before the run: sends nothing, and what it would have sent is not due.
        if (faults_.router_failed(id) && at_ == 0) {
            for (router_id dst = 0; dst < t_.routers(); ++dst)
                if (const std::uint32_t n = inner_->expected(id, dst)) log_.dropped[{id, dst}] = n;
            return nullptr;
        }
        return std::make_unique<rerouting_program>(std::move(p), t_, faults_, detours_, log_, id,
                                                   at_);
    }
    std::size_t rounds() const override { return inner_->rounds(); }
    std::size_t delays() const override { return inner_->delays(); }
    std::uint64_t start_step() const override { return inner_->start_step(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        const auto it = log_.dropped.find({src, dst});
        return due(src, dst) - (it == log_.dropped.end() ? 0 : it->second);
    }
    /// The paper's before the run (the memory estimate); none once messages were dropped or
    /// broadcasts split, or a failure came during the run (the pair check, on expected(), still
    /// runs).
    std::optional<workload_volume> volume(const topology& t) const override {
        if (!log_.dropped.empty() || log_.failed || log_.split != 0) return std::nullopt;
        return inner_->volume(t);
    }
    std::vector<std::string> value_problems() const override { return inner_->value_problems(); }
    nlohmann::json details() const override;

  private:
    // What src's program launches to dst: the primitive's, or what a router that failed during
    // the run launched before.
    std::uint32_t due(router_id src, router_id dst) const {
        if (!log_.failed || !faults_.router_failed(src)) return inner_->expected(src, dst);
        const auto it = log_.launched_before.find({src, dst});
        return it == log_.launched_before.end() ? 0 : it->second;
    }
    // Messages the routers that failed during the run did not launch (their programs' rest).
    std::uint64_t not_launched() const;
    // The delivery of (h, payload) from `from` at `to` will not happen: what it would have caused
    // is not due.
    void unanswered(router_id to, router_id from, const header& h, std::uint64_t payload) {
        answers_.drop(to, from, h, payload,
                      [this](router_id src, router_id dst) { not_answered(src, dst); });
    }
    void not_answered(router_id src, router_id dst) {
        ++log_.dropped[{src, dst}];
        ++log_.not_answered;
    }
    // From step `from` on, a failed router launches nothing (program_for, or the failure at a
    // step), so inputs a node's program waits for may never come, and the answers the failed
    // routers' launches would have caused are not due.
    void failed_routers_answer_nothing(std::uint64_t from) {
        if (auto* results = dynamic_cast<lossy_results*>(inner_.get()))
            results->inputs_may_be_lost();
        for (const router_id r : faults_.routers())
            answers_.drop_scheduled(
                r, from, [this](router_id src, router_id dst) { not_answered(src, dst); });
    }
    // Failures before the run: as at a step, from step 0 (a message no route reaches is not
    // answered either: log_.unanswered).
    void fail_before_the_run() { failed_routers_answer_nothing(0); }

    topology t_;
    link_faults faults_;
    detour_finder detours_;
    std::unique_ptr<workload> inner_;
    const std::uint64_t at_;   ///< the failure's step (0: before the run)
    mutable reroute_log log_;  ///< the programs' record (program_for is const)
    lost_answers answers_;     ///< a failure during the run: what lost deliveries would cause
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
                   {"split_broadcasts", log_.split},
                   {"split_on_tree", log_.split_on_tree},
                   {"split_rerouted", log_.split_rerouted},
                   {"split_unreachable", log_.split_unreachable},
                   {"split_broadcast_messages", log_.split_named},
                   {"named_at_most", kNamed},
                   {"not_answered", log_.not_answered}};
    if (at_ == 0) return d;
    nlohmann::json& f = d["faults"];
    f["failed_at"] = at_;
    f["lost"] = log_.lost + log_.lost_unlaunched;
    f["lost_packets"] = log_.lost_serials;
    f["lost_unlaunched"] = log_.lost_unlaunched;
    f["not_launched"] = not_launched();
    f["lost_broadcast_copies"] = log_.lost_copies;
    f["lost_deliveries"] = log_.lost_deliveries;
    if (log_.at_step.is_object()) f.update(log_.at_step);
    return d;
}

std::uint64_t rerouted_workload::not_launched() const {
    if (!log_.failed) return 0;
    std::uint64_t n = 0;
    for (router_id src : faults_.routers())
        for (router_id dst = 0; dst < t_.routers(); ++dst) {
            const auto it = log_.launched_before.find({src, dst});
            n += inner_->expected(src, dst) - (it == log_.launched_before.end() ? 0 : it->second);
        }
    return n;
}

}  // namespace

std::unique_ptr<workload> around_failures(const topology& t, link_faults faults,
                                          std::unique_ptr<workload> inner, std::uint64_t at) {
    return std::make_unique<rerouted_workload>(t, std::move(faults), std::move(inner), at);
}

failure_effects* failure_effects_of(workload& w) {
    return dynamic_cast<rerouted_workload*>(&w);
}

failure_losses losses_of(const workload& w) {
    const auto* r = dynamic_cast<const rerouted_workload*>(&w);
    return r ? r->losses() : failure_losses{};
}

void set_failure_figures(workload& w, nlohmann::json figures) {
    if (auto* r = dynamic_cast<rerouted_workload*>(&w)) r->set_at_step(std::move(figures));
}

}  // namespace d3
