#include "paper/beyond/mdf_vectors.h"

#include <stdexcept>

#include "core/decoding/walk.h"
#include "core/network/dragonfly.h"
#include "paper/primitives/all_to_all.h"

namespace d3 {

std::vector<router_id> vector_images(const topology& t, const source_vector& v) {
    const header h = make_source_vector_header(false, 3, v);
    std::vector<router_id> image(t.routers());
    walk_result w;
    for (router_id r = 0; r < t.routers(); ++r) {
        walk(t, t.at(r), h, w);
        if (!w.error.empty() || w.destinations.size() != 1) throw std::invalid_argument(w.error);
        image[r] = w.destinations[0];
    }
    return image;
}

namespace {

// The shared vector schedule, then M rounds (3;(g,0,r+x)) for x = 0..M-1.
class mdf_all_to_all_program final : public node_program {
  public:
    mdf_all_to_all_program(const schedule& vectors, const coord& at, int m)
        : vectors_(vectors), at_(at), m_(m) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t n = vectors_.slots.size();
        if (step < n) {
            const slot& s = vectors_.slots[step];
            out.insert(out.end(), s.launches.begin(), s.launches.end());
        } else if (step < n + static_cast<std::size_t>(m_)) {
            const int x = static_cast<int>(step - n);
            out.push_back({make_destination_header(3, {at_.c, 0, (at_.p + x) % m_}),
                           static_cast<std::uint64_t>(n + static_cast<std::size_t>(x))});
        }
    }
    bool finished(std::uint64_t step) const override {
        return step >= vectors_.slots.size() + static_cast<std::size_t>(m_);
    }

  private:
    const schedule& vectors_;
    coord at_;
    int m_;
};

class mdf_all_to_all_workload final : public workload {
  public:
    mdf_all_to_all_workload(const topology& t, schedule vectors, std::string schedule_name,
                            late_details details)
        : t_(t),
          vectors_(std::move(vectors)),
          name_(std::move(schedule_name)),
          details_(std::move(details)) {}
    std::string primitive() const override { return "all-to-all"; }
    std::string schedule_name() const override { return name_; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        return std::make_unique<mdf_all_to_all_program>(vectors_, t_.at(id), t_.m());
    }
    std::size_t rounds() const override {
        return vectors_.rounds() + static_cast<std::size_t>(t_.m());
    }
    std::size_t delays() const override { return vectors_.delays(); }
    std::uint32_t expected(router_id, router_id) const override { return 1; }
    nlohmann::json details() const override { return details_.get(); }
    /// The vector rounds at every router, then the M in-group rounds (one unicast each; counted
    /// from router (0,0), whose headers have the same shape as every router's).
    std::optional<workload_volume> volume(const topology& t) const override {
        schedule all = vectors_;
        for (int x = 0; x < t.m(); ++x)
            all.slots.push_back({{{make_destination_header(3, {0, 0, x}), 0}}});
        workload_volume v;
        add_schedule_volume(t, all, 0, t.routers(), v);
        return v;
    }
    const schedule& vectors() const { return vectors_; }

  private:
    topology t_;
    schedule vectors_;
    std::string name_;
    late_details details_;
};

// Lockstep link uses of every node's whole program (the programs differ in their last M rounds),
// slot by slot so that the calendar closes the steps behind.
prediction predict_all(const topology& t, const schedule& vectors) {
    link_calendar cal;
    std::vector<link_use> uses;
    link_tracer tracer;
    const std::size_t n = vectors.slots.size();
    for (std::size_t i = 0; i < n + static_cast<std::size_t>(t.m()); ++i) {
        uses.clear();
        for (router_id r = 0; r < t.routers(); ++r) {
            if (i < n) {
                for (const launch& l : vectors.slots[i].launches)
                    tracer.trace(t, r, i, l.hdr, uses);
                continue;
            }
            const coord at = t.at(r);
            const int x = static_cast<int>(i - n);
            tracer.trace(t, r, i, make_destination_header(3, {at.c, 0, (at.p + x) % t.m()}), uses);
        }
        cal.add(uses);
        cal.filled_before(i + 1);
    }
    return predict(cal);
}

}  // namespace

std::unique_ptr<workload> make_mdf_all_to_all_workload(const topology& t,
                                                       const primitive_options& o) {
    if (t.is_d3()) throw std::invalid_argument("the MDF all-to-all needs --topology mdf");
    if (o.schedule == schedule_kind::fixed)
        throw std::invalid_argument("--schedule fixed is not designed for MDF (paper or none)");
    const int protocol = o.protocol != 0 ? o.protocol : 1;
    if (protocol < 1 || protocol > 3) throw std::invalid_argument("--protocol must be 1, 2 or 3");
    schedule vectors = o.schedule == schedule_kind::none ? protocol_pattern(all_to_all_rounds(t), 1)
                                                         : all_to_all_protocol(t, protocol);
    nlohmann::json details = {{"network", t.name()},
                              {"arrangement", to_string(t.mdf()->kind())},
                              {"protocol", o.schedule == schedule_kind::paper ? protocol : 0},
                              {"vector_rounds", vectors.rounds()},
                              {"group_rounds", t.m()}};
    // Every node traced (N^2 headers, 7 s at MDF(15,17)): made after the run.
    const auto lockstep = [t, vectors] {
        return nlohmann::json{{"lockstep", to_json(predict_all(t, vectors), t)}};
    };
    const std::string name = to_string(o.schedule);
    return std::make_unique<mdf_all_to_all_workload>(t, std::move(vectors), name,
                                                     late_details(std::move(details), lockstep));
}

}  // namespace d3
