#include "core/workload/background.h"

#include <stdexcept>

namespace d3 {

namespace {

/// One node's program: the primitive's (started `warmup` steps late, its launches in its class)
/// and the background's (standard, tagged background).
class background_program final : public node_program {
  public:
    background_program(std::unique_ptr<node_program> primitive,
                       std::unique_ptr<node_program> traffic, std::uint64_t warmup, service cls,
                       foreground_progress& progress)
        : fg_(std::move(primitive)),
          bg_(std::move(traffic)),
          warmup_(warmup),
          cls_(static_cast<std::uint8_t>(cls)),
          progress_(progress) {}

    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (fg_ && step >= warmup_) {
            const std::size_t from = out.size();
            fg_->launches(step - warmup_, out);
            tag(out, from, cls_, false);
        }
        const std::size_t from = out.size();
        bg_->launches(step, out);
        tag(out, from, static_cast<std::uint8_t>(service::standard), true);
    }
    bool finished(std::uint64_t step) const override {
        return (!fg_ || fg_->finished(step >= warmup_ ? step - warmup_ : 0)) && bg_->finished(step);
    }
    void on_receive(const delivery& d) override {
        if (d.background) {
            bg_->on_receive(d);
            return;
        }
        progress_.delivered(d.step);
        if (!fg_) return;
        delivery mine = d;
        mine.step -= warmup_;
        fg_->on_receive(mine);
    }
    void immediate(std::uint64_t step, std::vector<launch>& out) override {
        if (!fg_ || step < warmup_) return;
        const std::size_t from = out.size();
        fg_->immediate(step - warmup_, out);
        tag(out, from, cls_, false);
    }

  private:
    static void tag(std::vector<launch>& out, std::size_t from, std::uint8_t cls, bool bg) {
        for (std::size_t i = from; i < out.size(); ++i) {
            out[i].service = cls;
            out[i].background = bg;
        }
    }

    std::unique_ptr<node_program> fg_;  ///< nullptr: the primitive leaves this node idle
    std::unique_ptr<node_program> bg_;
    std::uint64_t warmup_;
    std::uint8_t cls_;
    foreground_progress& progress_;
};

traffic_options with_window(traffic_options o, const workload& primitive) {
    o.measure = static_cast<int>(primitive.rounds() + primitive.delays());
    return o;
}

}  // namespace

background_workload::background_workload(const topology& t, std::unique_ptr<workload> primitive,
                                         traffic_options traffic, service primitive_class)
    : inner_(std::move(primitive)),
      traffic_(t, with_window(std::move(traffic), *inner_)),
      class_(primitive_class),
      warmup_(static_cast<std::uint64_t>(traffic_.state().options().warmup)) {
    const auto v = inner_->volume(t);
    if (!v)
        throw std::invalid_argument(
            "--background needs a primitive whose deliveries are known "
            "in advance (" +
            inner_->primitive() + ")");
    progress_ = std::make_unique<foreground_progress>(v->deliveries);
    const foreground_progress* p = progress_.get();
    traffic_.state().keep_creating_while([p](std::uint64_t step) { return !p->done_before(step); });
}

std::unique_ptr<node_program> background_workload::program_for(router_id id) const {
    return std::make_unique<background_program>(inner_->program_for(id), traffic_.program_for(id),
                                                warmup_, class_, *progress_);
}

void background_workload::expected_from(
    router_id src, router_id routers, std::vector<std::pair<router_id, std::uint32_t>>& out) const {
    inner_->expected_from(src, routers, out);
    traffic_.state().pairs_from(src, scratch_);  // pairs in any order: the counts add up
    out.insert(out.end(), scratch_.begin(), scratch_.end());
}

std::vector<std::string> background_workload::value_problems() const {
    std::vector<std::string> problems = inner_->value_problems();
    const nlohmann::json s = traffic_.state().summary();
    if (s["measured_delivered"] != s["measured_created"])
        problems.push_back("background: measured packets not all delivered");
    return problems;
}

nlohmann::json background_workload::summary() const {
    nlohmann::json j = traffic_.state().summary();
    j["service"] = to_string(service::standard);
    j["primitive_service"] = to_string(class_);
    j["primitive_start"] = warmup_;
    j["window"] = "the primitive's rounds + delays steps from its start (measure)";
    return j;
}

}  // namespace d3
