#include "paper/primitives/permutation.h"

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/run/input_file.h"

namespace d3 {

namespace {

constexpr std::uint64_t kExchangeTag = 1ull << 63;

bool parse_coord_text(const std::string& s, coord& out) {
    std::istringstream is(s);
    char a = 0, b = 0;
    if (!(is >> out.c >> a >> out.d >> b >> out.p) || a != ',' || b != ',') return false;
    return (is >> std::ws).eof();
}

std::vector<router_id> read_permutation(const topology& t, const std::string& path) {
    const std::vector<std::string> lines = read_input_lines(path, "--perm");
    const router_id none = ~router_id{0};
    std::vector<router_id> image(t.routers(), none);
    std::vector<bool> hit(t.routers(), false);
    for (std::size_t n = 1; n <= lines.size(); ++n) {
        std::string line = lines[n - 1].substr(0, lines[n - 1].find('#'));
        for (const char* arrow : {"->"})
            for (auto at = line.find(arrow); at != std::string::npos; at = line.find(arrow))
                line.replace(at, 2, " ");
        std::istringstream is(line);
        std::string a, b, extra;
        if (!(is >> a)) continue;
        coord s, d;
        const std::string where = "--perm " + path + " line " + std::to_string(n) + ": ";
        if (!(is >> b) || (is >> extra) || !parse_coord_text(a, s) || !parse_coord_text(b, d))
            throw std::invalid_argument(where + "expected 'c,d,p c',d',p''");
        if (!t.contains(s) || !t.contains(d))
            throw std::invalid_argument(where + "router outside D3(" + std::to_string(t.k()) + "," +
                                        std::to_string(t.m()) + ")");
        if (image[t.id(s)] != none)
            throw std::invalid_argument(where + to_string(s) + " has two images");
        if (hit[t.id(d)])
            throw std::invalid_argument(where + to_string(d) + " is the image of two routers");
        image[t.id(s)] = t.id(d);
        hit[t.id(d)] = true;
    }
    for (router_id r = 0; r < t.routers(); ++r)
        if (image[r] == none)
            throw std::invalid_argument("--perm " + path + ": not a permutation, " +
                                        to_string(t.at(r)) + " has no image");
    return image;
}

class permutation_program final : public node_program {
  public:
    permutation_program(const topology& t, router_id self, const std::vector<router_id>& image,
                        bool exchange, std::uint64_t extra, bool choose)
        : t_(t),
          self_(self),
          at_(t.at(self)),
          image_(image),
          exchange_(exchange),
          extra_(extra),
          choose_(choose),
          drawer_(static_cast<std::size_t>(t.m()), ~router_id{0}) {
        drawer_[static_cast<std::size_t>(at_.p)] = image[self];
        if (!exchange_) data_step_ = extra_;
    }
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (exchange_ && step == 0)
            for (int x = 1; x < t_.m(); ++x)
                out.push_back(
                    {make_source_vector_header(false, 1, {0, x, 0}), kExchangeTag | image_[self_]});
        if (data_step_ == step) out.push_back({data_header(), self_});
    }
    bool finished(std::uint64_t step) const override {
        return data_step_ != kNever && step > data_step_;
    }
    void on_receive(const delivery& d) override {
        if ((d.payload & kExchangeTag) == 0) return;  // a data packet
        drawer_[static_cast<std::size_t>(t_.at(d.from).p)] =
            static_cast<router_id>(d.payload & ~kExchangeTag);
        if (++known_ == t_.m() - 1) data_step_ = d.step + 1 + extra_;
    }

  private:
    static constexpr std::uint64_t kNever = ~0ull;
    header data_header() const {
        const bool glgl = choose_ && choose_glgl(t_, at_, drawer_)[static_cast<std::size_t>(at_.p)];
        return permutation_header(t_, at_, t_.at(image_[self_]), glgl);
    }
    const topology& t_;
    router_id self_;
    coord at_;
    const std::vector<router_id>& image_;  // the node reads only its own entry
    bool exchange_;
    std::uint64_t extra_;
    bool choose_;
    std::vector<router_id> drawer_;  ///< images of the routers of this drawer, as learnt
    int known_ = 0;
    std::uint64_t data_step_ = kNever;
};

class permutation_workload final : public workload {
  public:
    permutation_workload(const topology& t, schedule_kind kind, std::vector<router_id> image,
                         std::vector<std::uint64_t> extra, std::size_t rounds, std::size_t delays,
                         late_details details)
        : t_(t),
          kind_(kind),
          image_(std::move(image)),
          extra_(std::move(extra)),
          rounds_(rounds),
          delays_(delays),
          details_(std::move(details)) {}
    std::string primitive() const override { return "permutation"; }
    std::string schedule_name() const override { return to_string(kind_); }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        const bool paper_paths = kind_ != schedule_kind::none;
        return std::make_unique<permutation_program>(t_, id, image_, paper_paths, extra_[id],
                                                     paper_paths);
    }
    std::size_t rounds() const override { return rounds_; }
    std::size_t delays() const override { return delays_; }
    // One packet to the image; with the exchange, one to every other router of the drawer.
    std::uint32_t expected(router_id src, router_id dst) const override {
        std::uint32_t n = image_[src] == dst ? 1u : 0u;
        const coord a = t_.at(src), b = t_.at(dst);
        if (kind_ != schedule_kind::none && src != dst && a.c == b.c && a.d == b.d) ++n;
        return n;
    }
    // The image and the routers of the source's drawer.
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        const coord a = t_.at(src);
        std::vector<router_id> candidates{image_[src]};
        for (int p = 0; p < t_.m(); ++p) candidates.push_back(t_.id({a.c, a.d, p}));
        expected_among(src, std::move(candidates), out);
    }
    nlohmann::json details() const override { return details_.get(); }
    /// One data packet per router; with the exchange, M-1 single-copy packets more per router.
    std::optional<workload_volume> volume(const topology& t) const override {
        const std::uint64_t n = t.routers();
        const std::uint64_t exchange = kind_ != schedule_kind::none ? n * (t.m() - 1) : 0;
        return workload_volume{n + exchange, n + exchange, n + exchange};  // exchange at step 0
    }

  private:
    topology t_;
    schedule_kind kind_;
    std::vector<router_id> image_;
    std::vector<std::uint64_t> extra_;
    std::size_t rounds_, delays_;
    late_details details_;
};

}  // namespace

std::vector<router_id> make_permutation(const topology& t, const std::string& kind,
                                        std::uint64_t seed) {
    const router_id n = t.routers();
    std::vector<router_id> image(n);
    for (router_id r = 0; r < n; ++r) image[r] = r;
    if (kind == "random") {
        std::mt19937_64 rng(seed);
        for (router_id i = n - 1; i > 0; --i)
            std::swap(image[i], image[rng() % (i + 1)]);  // Fisher-Yates
    } else if (kind == "transpose") {
        for (router_id r = 0; r < n; ++r) {
            const coord x = t.at(r);
            image[r] = t.id({x.c, x.p, x.d});
        }
    } else if (kind == "drawer-swap") {
        const int drawers = t.k() * t.m();
        for (router_id r = 0; r < n; ++r) {
            const coord x = t.at(r);
            int other = (x.c * t.m() + x.d) ^ 1;
            if (other >= drawers) other = x.c * t.m() + x.d;
            image[r] = t.id({other / t.m(), other % t.m(), x.p});
        }
    } else {
        image = read_permutation(t, kind);
    }
    return image;
}

std::vector<bool> choose_glgl(const topology& t, const coord& drawer,
                              const std::vector<router_id>& dests) {
    std::map<std::pair<int, int>, int> first;  // destination drawer -> lowest router sending there
    std::vector<bool> glgl(dests.size(), false);
    for (std::size_t q = 0; q < dests.size(); ++q) {
        const coord d = t.at(dests[q]);
        if (d.c == drawer.c && d.d == drawer.d) continue;  // within the drawer: no conflict (holds)
        const auto [it, fresh] = first.emplace(std::make_pair(d.c, d.d), static_cast<int>(q));
        if (!fresh) glgl[q] = true;
    }
    return glgl;
}

header permutation_header(const topology& t, const coord& src, const coord& dst, bool glgl) {
    if (glgl) return make_destination_header(4, dst, mod(dst.c - src.c, t.k()), 0);
    return make_source_vector_header(false, 3, t.vector_to(src, dst));
}

namespace {

// The links of every node's message launched at step 0 (data[r]) and of the exchange.
struct permutation_links {
    std::vector<std::vector<link_use>> data;
    link_calendar exchange;
};

permutation_links trace_permutation(const topology& t, const std::vector<router_id>& image,
                                    const std::vector<bool>& glgl, bool paper_paths) {
    permutation_links out;
    out.data.resize(t.routers());
    std::vector<link_use> u;
    link_tracer tracer;
    for (router_id r = 0; r < t.routers(); ++r) {
        tracer.trace(t, r, 0, permutation_header(t, t.at(r), t.at(image[r]), glgl[r]), out.data[r]);
        if (paper_paths)
            for (int x = 1; x < t.m(); ++x) {
                u.clear();
                tracer.trace(t, r, 0, make_source_vector_header(false, 1, {0, x, 0}), u);
                out.exchange.add(u);
            }
    }
    return out;
}

}  // namespace

std::unique_ptr<workload> make_permutation_workload(const topology& t, const primitive_options& o) {
    const std::vector<router_id> image = make_permutation(t, o.perm, o.seed);
    const router_id n = t.routers();
    const bool paper_paths = o.schedule != schedule_kind::none;
    // The paths every node will choose, known here from the whole permutation.
    std::vector<bool> glgl(n, false);
    std::uint64_t glgl_count = 0, groups = 0;
    if (paper_paths)
        for (int c = 0; c < t.k(); ++c)
            for (int d = 0; d < t.m(); ++d) {
                std::vector<router_id> dests;
                for (int p = 0; p < t.m(); ++p) dests.push_back(image[t.id({c, d, p})]);
                const std::vector<bool> g = choose_glgl(t, {c, d, 0}, dests);
                std::set<std::pair<int, int>> grouped;
                for (int p = 0; p < t.m(); ++p)
                    if (g[static_cast<std::size_t>(p)]) {
                        glgl[t.id({c, d, p})] = true;
                        ++glgl_count;
                        const coord x = t.at(dests[static_cast<std::size_t>(p)]);
                        grouped.insert({x.c, x.d});
                    }
                groups += grouped.size();
            }
    const std::uint64_t data_step = paper_paths ? kPermutationDataStep : 0;
    std::vector<std::uint64_t> extra(n, 0);
    std::size_t rounds = paper_paths ? 2 : 1, delays = 0;
    // The published paths' lockstep prediction traces every node's message: made when the result
    // reads it (after the memory estimate), except for `fixed`, which places by it.
    std::function<nlohmann::json()> lockstep = [t, image, glgl, paper_paths, data_step] {
        permutation_links links = trace_permutation(t, image, glgl, paper_paths);
        link_calendar cal = std::move(links.exchange);
        for (std::size_t r = 0; r < links.data.size(); ++r) cal.add(links.data[r], data_step);
        return nlohmann::json{{"lockstep", to_json(predict(cal), t)}};
    };
    if (o.schedule == schedule_kind::fixed) {
        const permutation_links links = trace_permutation(t, image, glgl, paper_paths);
        link_calendar cal = links.exchange;
        for (router_id r = 0; r < n; ++r) cal.add(links.data[r], data_step);
        if (predict(cal).conflicts == 0)
            throw std::invalid_argument(nothing_to_fix("permutation '" + o.perm + "'"));
        cal = links.exchange;
        std::set<std::uint64_t> steps;
        for (router_id r = 0; r < n; ++r) {
            std::uint64_t s = data_step;
            while (!cal.fits(links.data[r], s)) ++s;
            cal.add(links.data[r], s);
            extra[r] = s - data_step;
            steps.insert(s);
        }
        rounds = 1 + steps.size();
        delays = static_cast<std::size_t>(*steps.rbegin() - data_step + 1) - steps.size();
        const nlohmann::json placed{{"lockstep", to_json(predict(cal), t)}};
        lockstep = [placed] { return placed; };
    }
    const std::uint64_t stagger = *std::max_element(extra.begin(), extra.end());
    nlohmann::json details = {{"perm", o.perm},
                              {"exchange", paper_paths},
                              {"glgl_paths", glgl_count},
                              {"lgl_paths", n - glgl_count},
                              {"glgl_drawer_pairs", groups},
                              {"stagger_steps", stagger},
                              {"turnaround_steps", paper_paths ? 2 : 0},
                              {"bound_hops", t.m() + 4}};
    return std::make_unique<permutation_workload>(t, o.schedule, image, std::move(extra), rounds,
                                                  delays,
                                                  late_details(std::move(details), lockstep));
}

}  // namespace d3
