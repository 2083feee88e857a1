#include "paper/programs/converted.h"

namespace d3 {

namespace {

class converting_program final : public node_program {
  public:
    converting_program(std::unique_ptr<node_program> inner,
                       std::function<header(const header&)> convert,
                       std::function<router_id(router_id)> sender)
        : inner_(std::move(inner)), convert_(std::move(convert)), sender_(std::move(sender)) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t before = out.size();
        inner_->launches(step, out);
        convert(out, before);
    }
    bool finished(std::uint64_t step) const override { return inner_->finished(step); }
    void on_receive(const delivery& d) override {
        if (!sender_) return inner_->on_receive(d);
        delivery x = d;
        x.from = sender_(d.from);
        inner_->on_receive(x);
    }
    void immediate(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t before = out.size();
        inner_->immediate(step, out);
        convert(out, before);
    }

  private:
    void convert(std::vector<launch>& out, std::size_t from) const {
        for (std::size_t i = from; i < out.size(); ++i) out[i].hdr = convert_(out[i].hdr);
    }
    std::unique_ptr<node_program> inner_;
    std::function<header(const header&)> convert_;
    std::function<router_id(router_id)> sender_;
};

class destination_workload final : public workload {
  public:
    destination_workload(const topology& t, std::unique_ptr<workload> inner)
        : t_(t), inner_(std::move(inner)) {}
    std::string primitive() const override { return inner_->primitive(); }
    std::string schedule_name() const override { return inner_->schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        std::unique_ptr<node_program> p = inner_->program_for(id);
        if (!p) return p;
        const coord at = t_.at(id);
        const topology* t = &t_;
        return converted_program(std::move(p),
                                 [t, at](const header& h) { return to_destination(*t, at, h); });
    }
    std::size_t rounds() const override { return inner_->rounds(); }
    std::size_t delays() const override { return inner_->delays(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return inner_->expected(src, dst);
    }
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        inner_->expected_from(src, routers, out);
    }
    /// Converting a header changes none of its deliveries.
    std::optional<workload_volume> volume(const topology& t) const override {
        return inner_->volume(t);
    }
    nlohmann::json details() const override {
        nlohmann::json d = inner_->details();
        d["headers"] = "destination";
        return d;
    }

  private:
    topology t_;
    std::unique_ptr<workload> inner_;
};

}  // namespace

header to_destination(const topology& t, const coord& at, const header& h) {
    if (h.kind != header_kind::source_vector || h.broadcast) return h;
    // The router the source vector leads to from `at`, for the hops b = 3, 2, 1 it has left.
    coord x = at;
    if (h.b >= 3) x = t.local_neighbor(x, h.delta());
    if (h.b >= 2) x = t.global_neighbor(x, h.gamma());
    if (h.b >= 1) x = t.local_neighbor(x, h.pi());
    return make_destination_header(h.b, x);
}

std::unique_ptr<node_program> converted_program(std::unique_ptr<node_program> inner,
                                                std::function<header(const header&)> convert,
                                                std::function<router_id(router_id)> sender) {
    return std::make_unique<converting_program>(std::move(inner), std::move(convert),
                                                std::move(sender));
}

std::unique_ptr<workload> with_destination_headers(const topology& t,
                                                   std::unique_ptr<workload> inner) {
    return std::make_unique<destination_workload>(t, std::move(inner));
}

}  // namespace d3
