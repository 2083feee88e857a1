// `d3sim validate`: every claim of the paper on a grid of D3(K,M). The topological claims are
// counted in this process; each simulated claim is a job of a study (study/jobs.h, study/study.h):
// a d3sim run in its own process (SystemC elaborates once per process) on the chosen backend,
// resumable. The rows, merged from the results only, go to stdout, to --json and to the document
// (validate_report.cpp).
#include "study/validate.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "cli/baseline.h"
#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "cli/output_file.h"
#include "paper/claims/network_claims.h"
#include "paper/claims/paper_claims.h"
#include "study/jobs.h"
#include "study/study.h"
#include "study/validate_ci.h"
#include "study/validate_networks.h"
#include "study/validate_report.h"

namespace d3 {

namespace {

struct grid {
    std::vector<int> ks, ms;
};

std::optional<grid> named_grid(const std::string& name) {
    if (name == "small") return grid{{1, 2, 3, 4, 5}, {4, 6, 8}};
    if (name == "full") return grid{{1, 2, 3, 4, 5, 6, 7, 8}, {4, 6, 8, 10, 12}};
    return std::nullopt;
}

bool parse_list(const std::string& s, std::vector<int>& out) {
    out.clear();
    if (!s.empty() && s.back() == ',') return false;  // getline drops an empty last item
    std::istringstream is(s);
    std::string item;
    while (std::getline(is, item, ',')) {
        // Digits only, as every whole number of the command line (stoi took " 2" and "+2").
        int v = 0;
        const char* last = item.data() + item.size();
        const auto [end, ec] = std::from_chars(item.data(), last, v);
        if (item.empty() || ec != std::errc() || end != last) return false;
        out.push_back(v);
    }
    return !out.empty();
}

struct run_outcome {
    int exit_code = -1;
    nlohmann::json result;  // null when the run wrote no JSON
};

// A job's result as the run's exit code and JSON (-1 and null: the job has no result).
run_outcome outcome_of(const job& j, const std::string& identity) {
    run_outcome out;
    auto r = read_result(j, identity);
    if (!r) return out;
    out.exit_code = (*r)["job"].value("exit_code", -1);
    r->erase("job");
    if (!r->empty()) out.result = std::move(*r);
    return out;
}

std::vector<std::string> network_args(const topology& t, const std::vector<std::string>& args) {
    std::vector<std::string> a{"--k", std::to_string(t.k()), "--m", std::to_string(t.m())};
    a.insert(a.end(), args.begin(), args.end());
    return a;
}

nlohmann::json first_conflict(const topology& t, const nlohmann::json& r) {
    if (!r.is_object() || !r.contains("first_conflicts") || r["first_conflicts"].empty())
        return nullptr;
    const nlohmann::json& c = r["first_conflicts"][0];
    const coord at = t.at(c.value("router", 0u));
    return {{"step", c.value("step", 0ull)},
            {"link", to_string(at) + " " + c.value("port", std::string("?"))},
            {"requesters", c.value("requesters", 0)}};
}

// One simulated claim on one network from its run; `fixed` is the run with --schedule fixed
// (nullptr: not needed, or not run yet).
claim_row judge_claim(const topology& t, const sim_claim& c, const run_outcome& o,
                      const run_outcome* fixed) {
    claim_row r;
    r.id = c.id;
    r.claim = c.claim;
    r.network = network_name(t);
    r.source = c.has_source ? to_string(c.source) : "";
    r.paper = c.paper;
    r.args = network_args(t, c.args);
    if (o.result.is_null()) {
        r.v = verdict::does_not_hold;
        r.measured = "the run failed (exit code " + std::to_string(o.exit_code) + ")";
        return r;
    }
    const run_figures f = run_figures::from_json(o.result);
    r.conflicts = f.conflicts;
    r.rounds = f.rounds;
    r.v = c.judge(f, r.measured);
    r.first_conflict = first_conflict(t, o.result);
    r.config = o.result.value("config", nlohmann::json());
    if (r.v != verdict::does_not_hold) return r;
    r.note = c.why;
    if (c.fixable && f.conflicts > 0 && fixed) {
        const run_outcome& x = *fixed;
        if (x.result.is_null()) {
            r.note += (r.note.empty() ? "" : " ") + std::string("--schedule fixed: ") +
                      (x.exit_code == 2 ? "the planner predicts no conflict for the published "
                                          "schedule, so there is nothing it would fix"
                                        : "the run failed");
        } else {
            const run_figures g = run_figures::from_json(x.result);
            r.note +=
                (r.note.empty() ? "" : " ") + std::string("Fixed schedule (--schedule fixed): ") +
                std::to_string(g.rounds) + " rounds, " + std::to_string(g.delays) + " delays, " +
                std::to_string(g.steps) + " steps, " + std::to_string(g.conflicts) + " conflicts" +
                (g.correct ? "" : ", NOT correct") + ".";
        }
    }
    return r;
}

// Whether the claim's row needs the run with --schedule fixed.
bool needs_fixed_run(const topology& t, const sim_claim& c, const run_outcome& o) {
    if (!c.fixable || o.result.is_null()) return false;
    const claim_row r = judge_claim(t, c, o, nullptr);
    return r.v == verdict::does_not_hold && r.conflicts > 0;
}

// A job running d3sim with `args` for the claim, its files in `dir`.
job claim_job(const std::string& dir, const topology& t, const sim_claim& c,
              std::vector<std::string> args, const std::string& suffix) {
    const std::string base =
        dir + "/d3-" + std::to_string(t.k()) + "-" + std::to_string(t.m()) + "/" + c.id + suffix;
    args.insert(args.end(), {"-q", "--no-progress"});
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(base).parent_path(), ec);
    return {network_name(t) + " " + c.id + suffix, args, base + ".json", base + ".log"};
}

// The default --work: one directory per grid and d3sim executable under $TMPDIR, so that the same
// command resumes (and two builds, e.g. in two work trees, do not share results).
std::string default_work(const grid& g) {
    const char* tmp = std::getenv("TMPDIR");
    char exe[17];
    std::snprintf(exe, sizeof exe, "%016zx", std::hash<std::string>{}(self_exe()));
    std::string d = std::string(tmp && *tmp ? tmp : "/tmp") + "/d3sim-validate-" +
                    std::to_string(getuid()) + "/" + exe + "-k";
    for (int k : g.ks) d += std::to_string(k) + (k == g.ks.back() ? "" : ",");
    d += "-m";
    for (int m : g.ms) d += std::to_string(m) + (m == g.ms.back() ? "" : ",");
    return d;
}

// The outputs (before any run, not after all of them: writable, each its own file, none the
// baseline) and the baseline, read; the one-line refusal, or nothing.
std::optional<std::string> check_validate_files(const std::string& out, const std::string& json,
                                                const std::string& junit,
                                                const std::string& baseline_file,
                                                validate_baseline& baseline) {
    std::vector<named_file> outputs;
    for (const named_file& f :
         {named_file{"--out", out}, named_file{"--json", json}, named_file{"--junit", junit}})
        if (!f.second.empty() && f.second != "-") {
            if (auto err = check_writable(f.second)) return f.first + ": " + *err;
            outputs.push_back(f);
        }
    std::vector<named_file> inputs;
    if (!baseline_file.empty()) {
        if (auto err = load_validate_baseline(baseline_file, baseline)) return err;
        inputs.emplace_back("--baseline", baseline_file);
    }
    return check_distinct(outputs, inputs);
}

// After the table: the JUnit file and the claims that held in the baseline and do not now (one
// line each). The exit code: 1 when a run failed, 6 for a claim lost, else 0.
int ci_outcome(const std::vector<claim_row>& rows, const validate_baseline& baseline,
               const std::string& junit, std::size_t failed_runs) {
    if (!junit.empty())
        if (auto err = write_file(junit, junit_xml(validate_junit(rows, baseline)))) {
            std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
            return 2;
        }
    const std::vector<std::string> lost = claims_that_regressed(baseline, rows);
    for (const std::string& l : lost)
        std::fprintf(stderr, "d3sim validate: regression: %s\n", printable(l).c_str());
    if (failed_runs > 0) return 1;
    return lost.empty() ? 0 : kExitBaseline;
}

}  // namespace

int run_validate(int argc, char** argv) {
    CLI::App app{
        "d3sim validate: run every claim of the paper on a grid of D3(K,M) and write the "
        "table (docs/paper-validation.md)",
        "d3sim validate"};
    std::string grid_name = "small", ks, ms, out = "docs/paper-validation.md", json, work, junit,
                baseline_file, networks_choice = "all";
    app.add_option("--grid", grid_name, "small: K 1..5, M 4,6,8; full: K 1..8, M 4..12 even")
        ->check(CLI::IsMember({"small", "full"}))
        ->capture_default_str();
    app.add_option("--k", ks, "cabinets to use instead of the grid's, e.g. 2,4");
    app.add_option("--m", ms, "M values to use instead of the grid's, e.g. 4,6");
    app.add_option("--networks", networks_choice,
                   "the other networks' rows (RSN, HDN, Hamming graphs: counted and run): all, or "
                   "none for D3's claims alone")
        ->check(CLI::IsMember({"all", "none"}))
        ->capture_default_str();
    app.add_option("--out", out, "the document to write (- : none)")->capture_default_str();
    app.add_option("--json", json, "also write every row as JSON to FILE (- for stdout)");
    app.add_option(
        "--work", work,
        "directory of the jobs and their results; the same command resumes there "
        "(default: $TMPDIR/d3sim-validate-UID/EXE-kK-mM; on a cluster: a shared directory)");
    app.add_option("--junit", junit, "also write every row as a JUnit XML test case to FILE (CI)")
        ->check(a_file_not_stdout());
    app.add_option("--baseline", baseline_file,
                   "an earlier validate --json FILE or --out document: exit 6 when a claim that "
                   "held there does not hold now");
    backend_options backend;
    add_backend_options(app, backend);
    apply_limits(app, {{"--jobs", kJobsRange}});
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "d3sim validate: error: %s\n",
                     printable(parse_error_text(app, e)).c_str());
        return 2;
    }
    grid g = *named_grid(grid_name);
    if (app.count("--k") != 0 && !parse_list(ks, g.ks)) {
        std::fprintf(stderr, "d3sim validate: error: --k must be a list such as 1,2,4 (got '%s')\n",
                     printable(ks).c_str());
        return 2;
    }
    if (app.count("--m") != 0 && !parse_list(ms, g.ms)) {
        std::fprintf(stderr, "d3sim validate: error: --m must be a list such as 4,6 (got '%s')\n",
                     printable(ms).c_str());
        return 2;
    }
    // A value given twice would run each of its jobs twice, and its rows twice in the table.
    for (const auto& [opt, list, given] :
         {std::tuple{"--k", &g.ks, &ks}, std::tuple{"--m", &g.ms, &ms}})
        if (const auto v = repeated(*list)) {
            std::fprintf(stderr, "d3sim validate: error: %s gives %d more than once (got '%s')\n",
                         opt, *v, printable(*given).c_str());
            return 2;
        }
    for (int k : g.ks)
        for (int m : g.ms)
            if (auto err = out_of_range("--k", k, kValidateKRange)) {
                std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
                return 2;
            } else if (auto err_m = out_of_range("--m (the paper's claims assume M >= 4)", m,
                                                 kValidateMRange)) {
                std::fprintf(stderr, "d3sim validate: error: %s\n", err_m->c_str());
                return 2;
            }
    validate_baseline baseline;
    if (auto err = check_validate_files(out, json, junit, baseline_file, baseline)) {
        std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
        return 2;
    }
    if (auto err = check_backend_options(app, backend)) {
        std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
        return 2;
    }
    if (work.empty()) work = default_work(g);
    std::error_code ec;
    std::filesystem::create_directories(work, ec);
    if (ec) {
        std::fprintf(stderr, "d3sim validate: error: cannot create %s: %s\n", work.c_str(),
                     ec.message().c_str());
        return 2;
    }
    work = std::filesystem::absolute(work).lexically_normal().string();

    const auto start = std::chrono::steady_clock::now();
    std::vector<claim_row> rows = port_table_claims();
    struct task {
        topology t;
        sim_claim c;
        std::size_t slot;
        std::size_t job;  ///< in `first`: claims with the same run share its job
    };
    // The simulated claims are jobs (one d3sim run each), then the runs with --schedule fixed of
    // those whose published schedule conflicts: a second list, known from the first's results.
    std::vector<task> tasks;
    job_list first{"validate", work + "/jobs.json", {}},
        second{"validate", work + "/fixed.json", {}};
    for (int k : g.ks)
        for (int m : g.ms) {
            const topology t(k, m);
            for (claim_row& r : topological_claims(t)) rows.push_back(std::move(r));
            std::map<std::vector<std::string>, std::size_t> runs;  // d3sim args -> job
            for (sim_claim& c : simulated_claims(t)) {
                const std::vector<std::string> args = network_args(t, c.args);
                const auto [at, fresh] = runs.emplace(args, first.jobs.size());
                if (fresh) first.jobs.push_back(claim_job(work, t, c, args, ""));
                tasks.push_back({t, std::move(c), rows.size(), at->second});
                rows.emplace_back();
            }
        }
    // The other networks' runs (validate_networks.h): jobs of the first list.
    const bool other_networks = networks_choice == "all";
    network_runs nets;
    const std::optional<std::string> plan_error =
        other_networks ? nets.plan(work, first.jobs) : std::nullopt;
    if (plan_error) {
        std::fprintf(stderr, "d3sim validate: error: %s\n", plan_error->c_str());
        return 2;
    }
    auto run = [&](const job_list& list) {
        std::string error;
        if (const auto s = run_study(list, backend, error)) {
            print_summary(list, backend, *s);
            return true;
        }
        std::fprintf(stderr, "d3sim validate: error: %s\n", error.c_str());
        return false;
    };
    if (!run(first)) return 2;
    if (backend.dry_run) return 0;
    const std::string identity = exe_identity(self_exe());
    std::vector<run_outcome> outcomes;
    std::vector<std::size_t> fixed_job(tasks.size(), SIZE_MAX);
    std::map<std::size_t, std::size_t> fixed_of;  // job in `first` -> its fixed run in `second`
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const task& x = tasks[i];
        outcomes.push_back(outcome_of(first.jobs[x.job], identity));
        if (!needs_fixed_run(x.t, x.c, outcomes[i])) continue;
        const auto [at, fresh] = fixed_of.emplace(x.job, second.jobs.size());
        fixed_job[i] = at->second;
        if (!fresh) continue;
        std::vector<std::string> args = network_args(x.t, x.c.args);
        args.insert(args.end(), {"--schedule", "fixed"});
        second.jobs.push_back(claim_job(work, x.t, x.c, args, ".fixed"));
    }
    if (!run(second)) return 2;
    // The table is made from every result or not at all: a job without one (never run, killed, on
    // an unreachable host) is no verdict on its claim. So an incomplete study prints no table and
    // writes no file (an older document stays as it was), and says why in one line after the list
    // of the missing jobs.
    std::size_t missing = 0, started = 0;
    for (const job_list* l : {&first, &second})
        for (std::size_t i : report_missing(*l)) {
            ++missing;
            started += job_started(l->jobs[i]) ? 1 : 0;
        }
    if (missing > 0) {
        std::string files;
        for (const std::string& f : {out, json})
            if (f != "-" && !f.empty()) files += (files.empty() ? "" : " or ") + f;
        std::fprintf(
            stderr,
            "d3sim validate: error: %zu of %zu jobs have no result (%zu never ran, %zu ran and "
            "ended without one; listed above), so there is no table%s; %s\n",
            missing, first.jobs.size() + second.jobs.size(), missing - started, started,
            files.empty() ? "" : (" and nothing was written to " + files).c_str(),
            backend.merge_only ? "run the same command without --merge-only to run them"
                               : "run the same command again to run only those");
        return 1;
    }
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const task& x = tasks[i];
        const run_outcome fixed = fixed_job[i] == SIZE_MAX
                                      ? run_outcome{}
                                      : outcome_of(second.jobs[fixed_job[i]], identity);
        rows[x.slot] =
            judge_claim(x.t, x.c, outcomes[i], fixed_job[i] == SIZE_MAX ? nullptr : &fixed);
    }
    // Claims derived from two runs on the same network.
    for (int k : g.ks)
        for (int m : g.ms) {
            const topology t(k, m);
            const claim_row *thm5 = nullptr, *glgl = nullptr;
            for (const claim_row& r : rows)
                if (r.network == network_name(t)) {
                    if (r.id == "thm5") thm5 = &r;
                    if (r.id == "glgl") glgl = &r;
                }
            if (thm5 && glgl) rows.push_back(one_to_all_min_claim(t, *thm5, *glgl));
        }
    const std::vector<claim_row> networks =
        other_networks ? network_claims() : std::vector<claim_row>{};
    const std::vector<claim_row> network_run_rows = nets.rows(networks, [&](std::size_t i) {
        run_outcome o = outcome_of(first.jobs[i], identity);
        return network_run_result{o.exit_code, std::move(o.result)};
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::string command = "d3sim validate --grid " + grid_name;
    if (!ks.empty()) command += " --k " + ks;
    if (!ms.empty()) command += " --m " + ms;
    if (!other_networks) command += " --networks none";
    (json == "-" ? std::cerr : std::cout) << validation_table(rows);
    std::size_t bad = 0, failed_runs = 0;
    for (const claim_row& r : rows) {
        bad += r.v == verdict::does_not_hold ? 1 : 0;
        failed_runs += r.measured.rfind("the run failed", 0) == 0 ? 1 : 0;
    }
    for (const claim_row& r : network_run_rows)
        failed_runs += r.measured.find("the run failed") != std::string::npos ? 1 : 0;
    std::fprintf(stderr,
                 "d3sim validate: %zu rows (%zu simulated runs) in %.1f s; %zu do not hold\n",
                 rows.size(), tasks.size(), seconds, bad);
    if (out != "-") {
        if (auto err = write_file(
                out, validation_document(rows, command) +
                         (other_networks
                              ? networks_section(networks) + network_runs_section(network_run_rows)
                              : std::string{}))) {
            std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
            return 2;
        }
        std::fprintf(stderr, "d3sim validate: wrote %s\n", out.c_str());
    }
    if (!json.empty()) {
        nlohmann::json j = validation_json(rows, command);
        if (other_networks) {
            j["networks"] = validation_json(networks, command)["rows"];
            j["network_runs"] = validation_json(network_run_rows, command)["rows"];
        }
        const std::string text = j.dump(2) + "\n";
        std::cout << std::flush;
        if (auto err = write_file(json, text)) {
            std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
            return 2;
        }
    }
    return ci_outcome(rows, baseline, junit, failed_runs);
}

}  // namespace d3
