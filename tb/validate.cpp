// `d3sim validate`: every claim of the paper on a grid of D3(K,M). The topological claims are
// counted in this process; each simulated claim is a d3sim run in its own process (SystemC
// elaborates once per process), several at once. The rows go to stdout, to --json and to the
// document (validate_report.cpp).
#include "validate.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <system_error>
#include <thread>

#include "core/claims/paper_claims.h"
#include "option_limits.h"
#include "output_file.h"
#include "validate_report.h"

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
        try {
            std::size_t used = 0;
            const int v = std::stoi(item, &used);
            if (used != item.size()) return false;
            out.push_back(v);
        } catch (const std::exception&) {
            return false;
        }
    }
    return !out.empty();
}

std::string self_path() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return "d3sim";
    buf[n] = '\0';
    return buf;
}

struct run_outcome {
    int exit_code = -1;
    nlohmann::json result;  // null when the run printed no JSON
};

// Runs d3sim with `args` and reads its JSON result from stdout.
run_outcome run_d3sim(const std::string& exe, const std::vector<std::string>& args) {
    std::string cmd = "'" + exe + "'";
    for (const std::string& a : args) cmd += " '" + a + "'";
    cmd += " --json - -q --no-progress 2>/dev/null";
    run_outcome out;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return out;
    std::string text;
    char buf[8192];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
    const int status = pclose(p);
    out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out.result = nlohmann::json::parse(text, nullptr, false);
    if (out.result.is_discarded()) out.result = nullptr;
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

// One simulated claim on one network: the row, plus the fixed schedule where the paper conflicts.
claim_row judge_claim(const std::string& exe, const topology& t, const sim_claim& c) {
    claim_row r;
    r.id = c.id;
    r.claim = c.claim;
    r.network = network_name(t);
    r.source = c.has_source ? to_string(c.source) : "";
    r.paper = c.paper;
    r.args = network_args(t, c.args);
    const run_outcome o = run_d3sim(exe, r.args);
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
    if (r.v != verdict::does_not_hold) return r;
    r.note = c.why;
    if (c.fixable && f.conflicts > 0) {
        std::vector<std::string> fixed = r.args;
        fixed.insert(fixed.end(), {"--schedule", "fixed"});
        const run_outcome x = run_d3sim(exe, fixed);
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

}  // namespace

int run_validate(int argc, char** argv) {
    CLI::App app{
        "d3sim validate: run every claim of the paper on a grid of D3(K,M) and write the "
        "table (docs/paper-validation.md)"};
    std::string grid_name = "small", ks, ms, out = "docs/paper-validation.md", json;
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    app.add_option("--grid", grid_name, "small: K 1..5, M 4,6,8; full: K 1..8, M 4..12 even")
        ->check(CLI::IsMember({"small", "full"}))
        ->capture_default_str();
    app.add_option("--k", ks, "cabinets to use instead of the grid's, e.g. 2,4");
    app.add_option("--m", ms, "M values to use instead of the grid's, e.g. 4,6");
    app.add_option("--out", out, "the document to write (- : none)")->capture_default_str();
    app.add_option("--json", json, "also write every row as JSON to FILE (- for stdout)");
    app.add_option("--jobs,-j", jobs, "d3sim processes at once")->capture_default_str();
    apply_limits(app, {{"--jobs", kJobsRange}});
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "d3sim validate: error: %s\n", printable(e.what()).c_str());
        return 2;
    }
    grid g = *named_grid(grid_name);
    if (app.count("--k") != 0 && !parse_list(ks, g.ks)) {
        std::fprintf(stderr, "d3sim validate: error: --k must be a list such as 1,2,4\n");
        return 2;
    }
    if (app.count("--m") != 0 && !parse_list(ms, g.ms)) {
        std::fprintf(stderr, "d3sim validate: error: --m must be a list such as 4,6\n");
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
    for (const std::string& file : {out, json})  // before any run, not after all of them
        if (file != "-" && !file.empty())
            if (auto err = check_writable(file)) {
                std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
                return 2;
            }

    const auto start = std::chrono::steady_clock::now();
    const std::string exe = self_path();
    std::vector<claim_row> rows = port_table_claims();
    struct task {
        topology t;
        sim_claim c;
        std::size_t slot;
    };
    std::vector<task> tasks;
    for (int k : g.ks)
        for (int m : g.ms) {
            const topology t(k, m);
            for (claim_row& r : topological_claims(t)) rows.push_back(std::move(r));
            for (sim_claim& c : simulated_claims(t)) {
                tasks.push_back({t, std::move(c), rows.size()});
                rows.emplace_back();
            }
        }
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex progress;
    const bool tty = isatty(STDERR_FILENO) != 0;
    std::vector<std::thread> workers;
    for (unsigned w = 0; w < jobs; ++w)
        try {  // when the system refuses a thread, the ones already started do the work
            workers.emplace_back([&] {
                for (std::size_t i; (i = next++) < tasks.size();) {
                    rows[tasks[i].slot] = judge_claim(exe, tasks[i].t, tasks[i].c);
                    const std::size_t n = ++done;
                    if (tty) {
                        std::lock_guard<std::mutex> lock(progress);
                        std::fprintf(stderr, "\rd3sim validate: %zu/%zu runs", n, tasks.size());
                    }
                }
            });
        } catch (const std::system_error& e) {
            if (!workers.empty()) break;
            std::fprintf(stderr, "d3sim validate: error: cannot start a thread: %s\n", e.what());
            return 1;
        }
    for (std::thread& w : workers) w.join();
    if (tty) std::fprintf(stderr, "\n");
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
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::string command = "d3sim validate --grid " + grid_name;
    if (!ks.empty()) command += " --k " + ks;
    if (!ms.empty()) command += " --m " + ms;
    (json == "-" ? std::cerr : std::cout) << validation_table(rows);
    std::size_t bad = 0, failed_runs = 0;
    for (const claim_row& r : rows) {
        bad += r.v == verdict::does_not_hold ? 1 : 0;
        failed_runs += r.measured.rfind("the run failed", 0) == 0 ? 1 : 0;
    }
    std::fprintf(stderr,
                 "d3sim validate: %zu rows (%zu simulated runs) in %.1f s; %zu do not hold\n",
                 rows.size(), tasks.size(), seconds, bad);
    if (out != "-") {
        if (auto err = write_file(out, validation_document(rows, command))) {
            std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
            return 2;
        }
        std::fprintf(stderr, "d3sim validate: wrote %s\n", out.c_str());
    }
    if (!json.empty()) {
        const std::string text = validation_json(rows, command).dump(2) + "\n";
        std::cout << std::flush;
        if (auto err = write_file(json, text)) {
            std::fprintf(stderr, "d3sim validate: error: %s\n", err->c_str());
            return 2;
        }
    }
    return failed_runs == 0 ? 0 : 1;
}

}  // namespace d3
