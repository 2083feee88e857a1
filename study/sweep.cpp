#include "study/sweep.h"

#include <yaml-cpp/yaml.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/did_you_mean.h"
#include "cli/gates.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "config/config_file.h"
#include "core/traffic/rates.h"
#include "study/backends/backends.h"
#include "study/jobs.h"
#include "study/study.h"
#include "study/sweep_ci.h"
#include "study/sweep_compare.h"
#include "study/sweep_errors.h"
#include "study/sweep_seeds.h"

namespace d3 {

namespace {

/// A point's error line without d3sim's own prefix (this one's is "d3sim sweep: error: ").
std::string point_error(std::string line) {
    const std::string prefix = "d3sim: error: ";
    if (line.rfind(prefix, 0) == 0) line.erase(0, prefix.size());
    return line;
}

/// The points' options, checked once before anything runs: d3sim makes every check of the first
/// point's run and stops (--check), so that a mistake in them is one line and exit 2 at once
/// rather than a failure of every point after the study ran (and, with slow points, after its
/// progress lines). The reason, or nothing when the point would run.
std::optional<std::string> check_point_options(const std::vector<std::string>& args) {
    std::string out, err;
    if (run_check(self_exe(), args, out, err) != 2) return std::nullopt;  // else: the points say
    return point_error(err.substr(0, err.find('\n')));
}

// Options that name one output file of a run. Every point would write that same file (the last to
// finish wins, with one rate's data), so a sweep refuses them; --json is the sweep's own
// (DIR/point_R.json). The option and its key in a --config file's `outputs`.
constexpr std::pair<const char*, const char*> kPerRunOutputs[] = {
    {"--wave", "wave"},
    {"--link-stats", "link_stats"},
    {"--trace-packets", "trace_packets"},
    {"--junit", "junit"}};

std::string per_run_output_refused(const std::string& option, const char* swept) {
    return option + " names one file, which every point of the sweep would write over: run d3sim " +
           swept + " R " + option + " FILE for the point to look at";
}

/// A per-run output that the points' --config file names (the `outputs` section of what
/// `d3sim ... --dump-config` prints), or nothing.
std::optional<std::string> config_outputs(const std::vector<std::string>& args, const char* swept) {
    std::vector<std::string> argv{self_exe()};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back("--dump-config");
    std::string out, err;
    if (capture(argv, out, &err) != 0) return std::nullopt;  // the points say
    try {
        const YAML::Node outputs = YAML::Load(out)["outputs"];
        if (outputs && outputs.IsMap())
            for (const auto& [option, key] : kPerRunOutputs)
                if (outputs[key])
                    return "--config " + config_path_in(args).value_or("FILE") + ": outputs." +
                           key + ": " + per_run_output_refused(option, swept);
    } catch (const YAML::Exception&) {
    }  // the points say
    return std::nullopt;
}

std::string rate_text(double r) {
    std::ostringstream os;
    os << std::setprecision(6) << r;
    return os.str();
}

// With --background (issue 13, section 12's service levels) the sweep varies the background's
// rate under the primitive instead: the primitive's figures and what the background saw.
const char* const kBackgroundColumns =
    "rate,service,steps,conflicts,correct,offered,accepted,latency_mean,latency_p99,"
    "background_conflicts,exit_code";

// A figure as a CSV field: empty when the result has none (null: no measured packet).
std::string field(const nlohmann::json& v) {
    return v.is_null() ? std::string() : v.dump();
}

std::string background_row(double rate, const nlohmann::json& j) {
    std::ostringstream os;
    os << rate_text(rate);
    const int code = j.is_object() ? j["job"].value("exit_code", -1) : -1;
    if (!j.is_object() || !j.contains("background")) {
        os << ",,,,false,,,,,," << code;
        return os.str();
    }
    const auto& b = j["background"];
    os << ',' << j.value("service", std::string()) << ',' << j["steps"] << ',' << j["conflicts"]
       << ',' << (j["correct"].get<bool>() ? "true" : "false") << ',' << b["offered"] << ','
       << b["accepted"] << ',' << field(b["latency"]["mean"]) << ',' << field(b["latency"]["p99"])
       << ',' << b["conflicts"] << ',' << code;
    return os.str();
}

// The opening of both plot scripts: one PNG and one SVG of two plots side by side.
void plot_preamble(std::ofstream& g, const std::string& dir, const std::string& title,
                   const char* by) {
    g << "# gnuplot " << dir << "/sweep.gp  (written by " << by << ")\n"
      << "set datafile separator ','\n"
      << "do for [out in 'png svg'] {\n"
      << "  if (out eq 'png') { set terminal pngcairo size 1100,450 } else { set terminal svg "
         "size 1100,450 }\n"
      << "  set output '" << dir << "/sweep.'.out\n"
      << "  set multiplot layout 1,2 title '" << title << "'\n";
}

void write_background_plot_script(const std::string& dir, const std::string& title) {
    std::ofstream g(dir + "/sweep.gp");
    plot_preamble(g, dir, title, "d3sim sweep --background");
    g << "  set xlabel 'background offered load (packets/node/step)'\n"
      << "  set ylabel 'primitive completion (steps)'\n  set grid\n  set key top left\n"
      << "  plot '" << dir << "/sweep.csv' using 6:3 with linespoints title 'steps'\n"
      << "  set ylabel 'background latency (steps)'\n"
      << "  plot '" << dir
      << "/sweep.csv' using 6:8 with linespoints title 'mean', '' using 6:9 with linespoints "
         "title 'p99'\n"
      << "  unset multiplot\n"
      << "}\n";
}

const char* const kColumns =
    "rate,offered,accepted,latency_mean,latency_p50,latency_p99,latency_max,hops_mean,"
    "deflected_fraction,conflicts,credit_stalls,drained,correct,exit_code,saturated";

// The member at `path` of a result, or null when a member on the way is missing or not an object.
const nlohmann::json* member(const nlohmann::json& j, std::initializer_list<const char*> path) {
    const nlohmann::json* at = &j;
    for (const char* key : path) {
        if (!at->is_object()) return nullptr;
        const auto it = at->find(key);
        if (it == at->end()) return nullptr;
        at = &*it;
    }
    return at;
}

// Whether a point's result has every figure its row reads, each of its type (a number; a number or
// null where the point may have measured nothing; a boolean): a result whose `job` record is valid
// but whose figures were damaged or left out (edited by hand, another tool's JSON under the job
// record) has none, and its row is left empty as for a missing point (the merge used to throw a
// JSON exception on it, or read past a missing member).
bool has_figures(const nlohmann::json& j, bool under) {
    const auto number = [&](std::initializer_list<const char*> path) {
        const nlohmann::json* v = member(j, path);
        return v != nullptr && v->is_number();
    };
    const auto figure = [&](std::initializer_list<const char*> path) {
        const nlohmann::json* v = member(j, path);
        return v != nullptr && (v->is_number() || v->is_null());
    };
    const auto boolean = [&](std::initializer_list<const char*> path) {
        const nlohmann::json* v = member(j, path);
        return v != nullptr && v->is_boolean();
    };
    if (!boolean({"correct"}) || !number({"conflicts"})) return false;
    if (under) {
        const nlohmann::json* service = member(j, {"service"});
        return (service == nullptr || service->is_string()) && number({"steps"}) &&
               number({"background", "offered"}) && number({"background", "accepted"}) &&
               figure({"background", "latency", "mean"}) &&
               figure({"background", "latency", "p99"}) && number({"background", "conflicts"});
    }
    return number({"credit_stalls"}) && number({"traffic", "offered"}) &&
           number({"traffic", "accepted"}) && figure({"traffic", "latency", "mean"}) &&
           figure({"traffic", "latency", "p50"}) && figure({"traffic", "latency", "p99"}) &&
           figure({"traffic", "latency", "max"}) && figure({"traffic", "hops", "mean"}) &&
           figure({"traffic", "deflected_fraction"}) && boolean({"traffic", "drained"});
}

// One row from a point's result (null: the point has none; its exit code is -1).
std::string csv_row(double rate, const nlohmann::json& j) {
    std::ostringstream os;
    os << rate_text(rate);
    const int code = j.is_object() ? j["job"].value("exit_code", -1) : -1;
    if (!j.is_object() || !j.contains("traffic")) {
        os << ",,,,,,,,,,,,false," << code << ',';
        return os.str();
    }
    const auto& t = j["traffic"];
    const auto& l = t["latency"];
    os << ',' << t["offered"] << ',' << t["accepted"] << ',' << field(l["mean"]) << ','
       << field(l["p50"]) << ',' << field(l["p99"]) << ',' << field(l["max"]) << ','
       << field(t["hops"]["mean"]) << ',' << field(t["deflected_fraction"]) << ',' << j["conflicts"]
       << ',' << j["credit_stalls"] << ',' << (t["drained"].get<bool>() ? "true" : "false") << ','
       << (j["correct"].get<bool>() ? "true" : "false") << ',' << code << ','
       << (t.value("saturated", false) ? "true" : "false");
    return os.str();
}

// The x axis is --rate as given (column 1, flits per terminal and step, the unit --rate counts);
// the accepted load is put in that unit by the row's own ratio of rate to offered (column 2).
// With seeds (`seeded`), each point is the mean over its seeds, drawn with its 95 % interval
// (columns 17 to 19, sweep_seeds.h).
void write_plot_script(const std::string& dir, const std::string& title, bool seeded) {
    std::ofstream g(dir + "/sweep.gp");
    plot_preamble(g, dir, title, "d3sim sweep");
    const std::string lines = seeded ? "yerrorlines" : "linespoints";
    const std::string ci_mean = seeded ? ":(drained($17))" : "";
    const std::string ci_p99 = seeded ? ":(drained($18))" : "";
    const std::string ci_accepted = seeded ? ":(drained(in_rate($19)))" : "";
    g << "  set xlabel 'offered load, --rate (flits/terminal/step)'\n"
      << "  set ylabel 'latency from creation (steps)'\n"
      << "  set xrange [0:1.05]\n  set logscale y\n  set grid\n  set key top left\n"
      << "  # points past saturation (column 15) or that did not drain (column 12) have no\n"
      << "  # meaningful latency: left out of the curves, marked on the accepted load\n"
      << "  drained(y) = strcol(12) eq 'true' && strcol(15) ne 'true' ? y : NaN\n"
      << "  in_rate(y) = $2 > 0 ? y * $1 / $2 : NaN\n"
      << "  plot '" << dir << "/sweep.csv' using 1:(drained($4))" << ci_mean << " with " << lines
      << " title 'mean', '' using 1:(drained($6))" << ci_p99 << " with " << lines
      << " title 'p99'\n"
      << "  unset logscale y\n"
      << "  set ylabel 'accepted load (flits/terminal/step)'\n"
      << "  set yrange [0:1.05]\n"
      << "  plot '" << dir << "/sweep.csv' using 1:(drained(in_rate($3)))" << ci_accepted
      << " with " << lines
      << " title 'accepted', '' using "
         "1:(strcol(12) eq 'true' && strcol(15) ne 'true' ? NaN : in_rate($3)) with points "
         "pointtype 6 pointsize 1.5 title 'saturated (or not drained)', x with lines dashtype 2 "
         "title 'offered'\n"
      << "  unset multiplot\n  unset xrange\n  unset yrange\n"
      << "}\n";
}

// "D3(4,4): uniform traffic, minimal routing, concentration 1" from a point's result, or the
// command line's arguments when no point has those figures.
std::string plot_title(const std::vector<nlohmann::json>& results,
                       const std::vector<std::string>& extras) {
    for (const nlohmann::json& r : results) {
        const nlohmann::json* t = member(r, {"traffic"});
        if (!t || !r.contains("topology") || !r.contains("k") || !r.contains("m")) continue;
        const std::string net = r["topology"] == "mdf" ? "MDF" : "D3";
        return net + "(" + r["k"].dump() + "," + r["m"].dump() +
               "): " + t->value("pattern", std::string("?")) + " traffic, " +
               t->value("routing", std::string("?")) + " routing, concentration " +
               std::to_string(t->value("concentration", 1));
    }
    std::string title = "d3sim";
    for (const auto& a : extras) title += " " + a;
    return title;
}

// The rows of a sweep with `seeds` jobs per rate (a rate's side by side in `results`).
std::vector<nlohmann::json> seed_rows(const std::vector<nlohmann::json>& results, int seeds) {
    std::vector<nlohmann::json> rows;
    const auto n = static_cast<std::size_t>(seeds);
    for (std::size_t at = 0; at + n <= results.size(); at += n)
        rows.push_back(combine_seeds({results.begin() + static_cast<std::ptrdiff_t>(at),
                                      results.begin() + static_cast<std::ptrdiff_t>(at + n)}));
    return rows;
}

// sweep.json of a sweep with seeds: per rate, its combined result (null: a seed has none).
nlohmann::json seeds_json(const std::vector<double>& rates,
                          const std::vector<nlohmann::json>& rows) {
    nlohmann::json points = nlohmann::json::array();
    for (std::size_t i = 0; i < rows.size(); ++i)
        points.push_back({{"rate", rates[i]}, {"result", rows[i]}});
    return {{"points", points}};
}

}  // namespace

int run_sweep(int argc, char** argv) {
    CLI::App app{"d3sim sweep: one d3sim --traffic run per offered load, CSV and plot",
                 "d3sim sweep"};
    std::string rates_text = "0.05:1.0:0.05", out, junit;
    app.add_option("--rates", rates_text, "offered loads FROM:TO:STEP or a list a,b,c")
        ->capture_default_str();
    app.add_option("--out", out,
                   "directory for sweep.csv, sweep.png, sweep.svg, the points and the jobs")
        ->required();
    app.add_option("--junit", junit, "also write every point as a JUnit XML test case to FILE")
        ->check(a_file_not_stdout());
    int seeds = 1;
    app.add_option("--seeds", seeds,
                   "run every load with seeds 1..N (a job each): the row is their mean, with the "
                   "95 % confidence interval (sweep.json, the csv's _ci95 columns, error bars)")
        ->capture_default_str();
    std::vector<std::string> compare;
    app.add_option("--compare", compare,
                   "CONFIG files: one sweep each (DIR/NAME) with the other options, overlaid in "
                   "DIR/compare.png and .svg")
        ->expected(1, -1);
    backend_options backend;
    add_backend_options(app, backend);
    apply_limits(app, {{"--jobs", kJobsRange}, {"--seeds", kSeedsRange}});
    app.allow_extras();
    if (auto code = parse_subcommand(app, argc, argv, sweep_bad_input)) return *code;
    if (!compare.empty()) {
        // Each sweep gets its file as --config, and would write the one --junit file.
        const char* own = option_in(app.remaining(), "--config") ? "--config"
                          : junit.empty()                        ? nullptr
                                                                 : "--junit";
        if (own)
            return sweep_bad_input(
                std::string("--compare runs one sweep per file with it as --config: ") + own +
                " cannot be given with it");
        return run_compare(argc, argv, compare, out, seeds > 1, &run_sweep);
    }
    std::string why;
    const auto rates = parse_rates(rates_text, &why);
    if (!rates) return sweep_bad_input("--rates: " + why + " (got '" + rates_text + "')");
    // Two points at one rate would run at once on the same point file (named by rate_text).
    std::vector<std::string> names;
    for (double r : *rates) names.push_back(rate_text(r));
    if (const auto twice = repeated(names))
        return sweep_bad_input("--rates: rate " + *twice + " is given more than once (got '" +
                               rates_text + "')");
    if (auto err = check_backend_options(app, backend)) return sweep_bad_input(*err);
    if (!junit.empty())  // before any point runs
        if (auto err = check_writable(junit)) return sweep_bad_input("--junit: " + *err);
    const std::vector<std::string> extras = app.remaining();
    const bool background = option_in(extras, "--background");
    // A --config file may name the traffic (each point's d3sim checks it).
    const bool traffic = option_in(extras, "--traffic") || option_in(extras, "--config");
    if (option_in(extras, "--baseline"))  // each point's configuration differs in its rate
        return sweep_bad_input(
            "--baseline compares one run with an earlier result of the same configuration, "
            "and every point runs another rate: gate a point with d3sim --rate R --baseline");
    for (const char* own : {"--rate", "--background-rate", "--json"})
        if (option_in(extras, own))
            return sweep_bad_input(std::string(own) + " is set by the sweep for each point");
    if (!traffic && !background)
        return sweep_bad_input(
            "a sweep needs --traffic PATTERN (and d3sim's traffic options), or --primitive P "
            "--background PATTERN (the background's rate is swept)");
    const char* const swept = background && !traffic ? "--background-rate" : "--rate";
    if (seeds > 1 && !traffic)
        return sweep_bad_input(
            "--seeds applies to a --traffic sweep (a primitive's figures are fixed)");
    if (seeds > 1 && option_in(extras, "--seed"))
        return sweep_bad_input(
            "--seed is set by the sweep for each job when --seeds is given (seeds 1 to N)");
    const auto point_args = [&](double r) {
        std::vector<std::string> args = extras;
        args.insert(args.end(), {swept, rate_text(r), "-q"});
        return args;
    };
    // After d3sim's own checks, which refuse what a point cannot take at all (--wave with
    // --traffic).
    if (auto err = check_point_options(point_args(rates->front()))) return sweep_bad_input(*err);
    for (const auto& [option, key] : kPerRunOutputs)
        if (option_in(extras, option))
            return sweep_bad_input(per_run_output_refused(option, swept));
    if (option_in(extras, "--config"))
        if (auto err = config_outputs(point_args(rates->front()), swept))
            return sweep_bad_input(*err);
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) return sweep_bad_input("cannot create " + out + ": " + ec.message());
    const std::string dir = std::filesystem::absolute(out).lexically_normal().string();

    // One job per rate: DIR/point_R.json and its stderr DIR/point_R.log; with seeds, one per rate
    // and seed (DIR/point_R_seed_S.json), a rate's seeds side by side.
    job_list list{"sweep", dir + "/jobs.json", {}};
    for (double r : *rates) {
        const std::string base = dir + "/point_" + rate_text(r);
        if (seeds == 1)
            list.jobs.push_back(
                {"rate " + rate_text(r), point_args(r), base + ".json", base + ".log"});
        for (int seed = 1; seeds > 1 && seed <= seeds; ++seed) {
            std::vector<std::string> args = point_args(r);
            args.insert(args.end(), {"--seed", std::to_string(seed)});
            const std::string name = base + "_seed_" + std::to_string(seed);
            list.jobs.push_back({"rate " + rate_text(r) + " seed " + std::to_string(seed), args,
                                 name + ".json", name + ".log"});
        }
    }
    const bool under = std::string(swept) == "--background-rate";
    const std::string identity = exe_identity(self_exe());
    // A result with a valid job record but without the point's figures (damaged, or another
    // tool's JSON under the record). A run that failed (1) before its result wrote no JSON has
    // only the job record: that is its result.
    const auto lacks_figures = [under](const nlohmann::json& r) {
        const bool failed_without_json = r["job"].value("exit_code", -1) == 1 && r.size() == 1;
        return !failed_without_json && !has_figures(r, under);
    };
    // The study takes any result with a valid job record as done: such a result is moved aside
    // first, so that this run makes it again (--merge-only and --dry-run run nothing: they keep
    // it, and the merge names it).
    if (!backend.merge_only && !backend.dry_run)
        for (std::size_t i = 0; i < list.jobs.size(); ++i) {
            const job& j = list.jobs[i];
            const auto r = read_result(j, identity);
            if (!r || !lacks_figures(*r)) continue;
            const std::string aside = j.result + ".damaged";
            std::filesystem::rename(j.result, aside, ec);
            if (ec) return sweep_bad_input("cannot move " + j.result + " aside: " + ec.message());
            std::fprintf(stderr,
                         "d3sim sweep: job %zu (%s): its result lacks the point's figures or has "
                         "them damaged; moved to %s, running it again\n",
                         i, j.name.c_str(), aside.c_str());
        }
    std::string error;
    const auto run = run_study(list, backend, error);
    if (!run) return sweep_bad_input(error);
    if (backend.dry_run) return 0;

    // Merge: only the results.
    std::vector<nlohmann::json> results;
    std::vector<std::size_t> damaged;  // a valid job record without the point's figures
    for (const job& j : list.jobs) {
        const auto r = read_result(j, identity);
        results.push_back(r ? *r : nlohmann::json());
        if (!r) continue;
        if ((*r)["job"].value("exit_code", -1) == 2)
            return sweep_bad_input(point_error(first_line(j.log)));
        if (lacks_figures(*r)) {
            damaged.push_back(results.size() - 1);
            results.back() = nlohmann::json();  // no figures: as a missing point
        }
    }
    print_summary(list, backend, *run);
    bool complete = report_missing(list).empty();
    for (std::size_t i : damaged) {
        std::fprintf(stderr,
                     "d3sim sweep: job %zu (%s): its result lacks the point's figures or has them "
                     "damaged, so its row is empty (rerun the same command without --merge-only "
                     "to run it again)  [%s]\n",
                     i, list.jobs[i].name.c_str(), list.jobs[i].result.c_str());
        complete = false;
    }
    // A row per rate: its point's result, or its seeds' combined.
    const std::vector<nlohmann::json> rows = seeds == 1 ? results : seed_rows(results, seeds);
    std::ostringstream csv;
    csv << (under ? kBackgroundColumns : kColumns) << (seeds > 1 ? "," + seed_columns() : "")
        << "\n";
    for (std::size_t i = 0; i < rows.size(); ++i)
        csv << (under ? background_row((*rates)[i], rows[i]) : csv_row((*rates)[i], rows[i]))
            << (seeds > 1 ? "," + seed_fields(rows[i]) : "") << "\n";
    bool all_ok = complete;
    int gate_code = 0;  // the first point's gate code (cli/gates.h) when every point is correct
    std::string undrained;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const nlohmann::json& r = results[i];
        const int code = r.is_object() && r.contains("job") && r["job"].is_object()
                             ? r["job"].value("exit_code", -1)
                             : -1;
        if (code >= kExitConflicts && code <= kExitBaseline) {
            if (gate_code == 0) gate_code = code;
        } else {
            all_ok = all_ok && code == 0;
        }
        // A point that ran and failed (a check, a deadlock, the memory limit) says why here,
        // not only in its log: the study counts it as run, since its exit code is its result.
        if (code > 0)
            std::fprintf(stderr, "d3sim sweep: job %zu (%s) ended with exit code %d: %s  [%s]\n", i,
                         list.jobs[i].name.c_str(), code, last_line(list.jobs[i].log).c_str(),
                         list.jobs[i].log.c_str());
    }
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].is_object() && rows[i].contains("traffic") &&
            !rows[i]["traffic"].value("drained", true))
            undrained += " " + rate_text((*rates)[i]);
    if (!undrained.empty())
        std::fprintf(stderr,
                     "d3sim sweep: not drained (drained=false in sweep.csv, latency left out of "
                     "the plot):%s\n",
                     undrained.c_str());
    if (!write_atomically(out + "/sweep.csv", csv.str()))
        return sweep_bad_input("cannot write " + out + "/sweep.csv");
    if (seeds > 1 &&
        !write_atomically(out + "/sweep.json", seeds_json(*rates, rows).dump(1) + "\n"))
        return sweep_bad_input("cannot write " + out + "/sweep.json");
    if (!junit.empty())
        if (auto err = write_file(junit, junit_xml(sweep_junit(list, results))))
            return sweep_bad_input(*err);
    const auto has_result = [](const nlohmann::json& r) {
        return r.is_object() && r.contains("job");
    };
    if (std::none_of(results.begin(), results.end(), has_result)) {
        // Nothing to plot (gnuplot would fail on an empty table and blame its installation).
        std::fprintf(stderr,
                     "d3sim sweep: no point has a result yet, so there is no plot (%s/sweep.csv "
                     "has the header only)\n",
                     out.c_str());
        return 1;
    }
    const auto has_latency = [under](const nlohmann::json& r) {
        const char* const figures = under ? "background" : "traffic";
        return r.is_object() && r.contains(figures) && !r[figures]["latency"]["mean"].is_null();
    };
    if (std::none_of(rows.begin(), rows.end(), has_latency)) {
        // Every latency is empty (no point measured a packet): gnuplot has no y value to plot.
        std::printf("wrote %s/sweep.csv; no plot: no point measured a packet, so no latency\n",
                    out.c_str());
        return all_ok ? gate_code : 1;
    }
    const std::string title = plot_title(results, extras);
    if (under)
        write_background_plot_script(out, title);
    else
        write_plot_script(out, title, seeds > 1);
    const std::string cmd = "gnuplot '" + out + "/sweep.gp' 2>'" + out + "/gnuplot.log'";
    if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "d3sim sweep: gnuplot failed (is gnuplot-nox installed?), see %s\n",
                     (out + "/gnuplot.log").c_str());
        return 1;
    }
    std::printf("wrote %s/sweep.csv, %s/sweep.png, %s/sweep.svg%s\n", out.c_str(), out.c_str(),
                out.c_str(), complete ? "" : " (points missing: see stderr)");
    return all_ok ? gate_code : 1;
}

}  // namespace d3
