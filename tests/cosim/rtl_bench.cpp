// d3_rtl_bench: what the Verilated decoder costs (docs/performance.md, "Co-simulation cost").
//   d3_rtl_bench micro --k 8 --m 8     ns per decode: d3::decode, one shared Verilated model, one
//   model
//                                      per router (visited round robin), lockstep
//   d3_rtl_bench network --k 8 --m 8 --decoder cpp|rtl|rtl-per-router|lockstep|lockstep-per-router
//                                      one all-to-all run (one elaboration per process), wall
//                                      seconds
// Not a test: the figures depend on the machine.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <systemc>
#include <vector>

#include "rtl/decoder_select.h"
#include "rtl/lockstep_decoder.h"
#include "rtl/rtl_decoder.h"
#include "tb/report.h"
#include "tb/testbench.h"

namespace {

const bool kBannerOff = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

struct sample {
    d3::header h;
    d3::coord at;
};

// Headers like the all-to-all's: source vectors with in-range fields, b = 0..3, at random routers.
std::vector<sample> samples(const d3::topology& t, std::size_t n) {
    std::mt19937_64 rng(7);
    const auto below = [&](int x) { return static_cast<int>(rng() % static_cast<unsigned>(x)); };
    std::vector<sample> v(n);
    for (sample& s : v) {
        s.at = t.at(static_cast<d3::router_id>(below(static_cast<int>(t.routers()))));
        s.h = d3::make_source_vector_header(false, below(4),
                                            {below(t.k()), below(t.m()), below(t.m())});
    }
    return v;
}

// ns per decode over the samples, through decoders[router id] (one decoder: all share it).
double time_decoders(std::vector<std::unique_ptr<d3::decoder_if>>& decoders,
                     const std::vector<sample>& v, const d3::topology& t) {
    std::uint64_t sink = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 5; ++rep)
        for (const sample& s : v) {
            d3::decoder_if& d = *decoders[decoders.size() == 1 ? 0 : t.id(s.at)];
            sink += d.decode(s.h, s.at).port;
        }
    const double sec =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sink == 1) std::puts("");  // keep the loop
    return sec / (5.0 * static_cast<double>(v.size())) * 1e9;
}

int micro(const d3::topology& t) {
    const std::vector<sample> v = samples(t, 1'000'000);
    const auto make = [&](d3::decoder_kind kind, d3::rtl_sharing sharing) {
        std::vector<std::unique_ptr<d3::decoder_if>> ds;
        const d3::decoder_factory f =
            d3::make_decoder_factory(kind, t, d3::make_rtl_engine, sharing);
        const std::uint32_t n = sharing == d3::rtl_sharing::shared ? 1 : t.routers();
        for (std::uint32_t i = 0; i < n; ++i)
            ds.push_back(f ? f(t.at(i)) : std::make_unique<d3::reference_decoder>(t.k(), t.m()));
        return ds;
    };
    struct row {
        const char* name;
        d3::decoder_kind kind;
        d3::rtl_sharing sharing;
    };
    const row rows[] = {
        {"cpp (d3::decode)", d3::decoder_kind::cpp, d3::rtl_sharing::shared},
        {"rtl, one shared model", d3::decoder_kind::rtl, d3::rtl_sharing::shared},
        {"rtl, one model per router", d3::decoder_kind::rtl, d3::rtl_sharing::per_router},
        {"lockstep, shared model", d3::decoder_kind::lockstep, d3::rtl_sharing::shared}};
    std::printf("D3(%d,%d), %zu all-to-all-like headers x 5, %u routers\n", t.k(), t.m(), v.size(),
                t.routers());
    for (const row& r : rows) {
        const auto t0 = std::chrono::steady_clock::now();
        auto ds = make(r.kind, r.sharing);
        const double build_ms =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3;
        std::printf("  %-28s %6.1f ns/decode  (%zu decoders built in %.2f ms)\n", r.name,
                    time_decoders(ds, v, t), ds.size(), build_ms);
    }
    return 0;
}

int network(d3::run_options o, const std::string& decoder) {
    const d3::topology t(o.net.k, o.net.m);
    const bool per_router = decoder.find("per-router") != std::string::npos;
    const std::string kind = decoder.substr(0, decoder.find("-per-router"));
    const d3::decoder_factory f = d3::make_decoder_factory(
        *d3::parse_as<d3::decoder_kind>(kind), t, d3::make_rtl_engine,
        per_router ? d3::rtl_sharing::per_router : d3::rtl_sharing::shared);
    o.decoder = kind;
    d3::install_report_handler();
    d3::testbench tb("tb", o, f);
    const d3::run_result r = tb.run();
    const nlohmann::json j = {{"k", r.k},
                              {"m", r.m},
                              {"decoder", decoder},
                              {"wall_seconds", r.wall_seconds},
                              {"elaboration_seconds", r.elaboration_seconds},
                              {"decodes", r.totals.decodes},
                              {"steps", r.steps},
                              {"hops", r.totals.hops},
                              {"holds", r.totals.holds},
                              {"conflicts", r.totals.conflicts},
                              {"peak_rss_kib", r.peak_rss_kib},
                              {"correct", r.correct}};
    std::printf("%s\n", j.dump().c_str());
    return r.correct ? 0 : 1;
}

}  // namespace

int sc_main(int argc, char** argv) {
    (void)kBannerOff;
    d3::run_options o;
    o.net.k = 8;
    o.net.m = 8;
    std::string mode = "micro", decoder = "rtl";
    CLI::App app{"d3_rtl_bench: the cost of the Verilated header decoder"};
    app.add_option("mode", mode)->check(CLI::IsMember({"micro", "network"}));
    app.add_option("--k", o.net.k)->capture_default_str();
    app.add_option("--m", o.net.m)->capture_default_str();
    app.add_option("--decoder", decoder)
        ->check(CLI::IsMember({"cpp", "rtl", "rtl-per-router", "lockstep", "lockstep-per-router"}))
        ->capture_default_str();
    // Bad input is exit 2 and one line, as for d3sim (CLI11_PARSE would exit 104, 105, ...).
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "d3_rtl_bench: error: %s\n", e.what());
        return 2;
    }
    if (auto err = o.validate()) {
        std::fprintf(stderr, "d3_rtl_bench: error: %s\n", err->c_str());
        return 2;
    }
    try {
        return mode == "micro" ? micro(d3::topology(o.net.k, o.net.m)) : network(o, decoder);
    } catch (const sc_core::sc_report& e) {
        std::fprintf(stderr, "d3_rtl_bench: %s: %s\n", e.get_msg_type(), e.get_msg());
        return 1;
    }
}
