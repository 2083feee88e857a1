#include "study/study.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "cli/did_you_mean.h"
#include "study/backends/backends.h"

namespace d3 {

void add_backend_options(CLI::App& app, backend_options& o) {
    o.jobs = std::max(1u, std::thread::hardware_concurrency());
    app.add_option("--backend", o.backend,
                   "where the jobs run: local (processes here), parallel (GNU parallel, also over "
                   "ssh), slurm (a job array)")
        ->check(member_of(kBackendNames))
        ->capture_default_str();
    app.add_option("--jobs,-j", o.jobs,
                   "jobs at once: processes (local, default: the cores), parallel -j, the array's "
                   "%LIMIT (slurm, default: none)")
        ->capture_default_str();
    app.add_option("--sshlogin", o.sshlogin, "parallel: GNU parallel's --sshlogin (repeatable)");
    app.add_option("--sshloginfile", o.sshloginfile, "parallel: GNU parallel's --sshloginfile");
    app.add_option("--partition", o.partition, "slurm: partition of the tasks");
    app.add_option("--time", o.time, "slurm: time limit per task (sbatch --time)");
    app.add_option("--mem", o.mem,
                   "slurm: memory per task (sbatch --mem; default: twice the largest of the "
                   "finished jobs' peak memory and the other jobs' estimates, d3sim --check, at "
                   "least 256M)");
    app.add_flag("--dry-run", o.dry_run,
                 "write the batch script (slurm) or print the command (parallel, local); run "
                 "nothing");
    app.add_flag("--merge-only", o.merge_only,
                 "run nothing: merge the results there are and name the missing ones");
}

namespace {

bool digits(const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The fields of `s` between `sep` characters, if every one passes `ok` (an empty string is one
// empty field); nothing otherwise.
template <typename Ok>
std::optional<std::size_t> fields_if(const std::string& s, char sep, Ok ok) {
    std::size_t n = 0;
    for (std::size_t from = 0;; ++n) {
        const std::size_t end = s.find(sep, from);
        if (!ok(s.substr(from, end == std::string::npos ? end : end - from))) return std::nullopt;
        if (end == std::string::npos) return n + 1;
        from = end + 1;
    }
}

// sbatch --mem: a whole number of megabytes, or with a unit K, M, G or T.
bool slurm_size(const std::string& s) {
    const bool unit = !s.empty() && std::string("KMGT").find(s.back()) != std::string::npos;
    return digits(unit ? s.substr(0, s.size() - 1) : s);
}

// sbatch --time: minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or unlimited.
bool slurm_time(const std::string& s) {
    if (s == "UNLIMITED" || s == "INFINITE" || s == "unlimited" || s == "infinite") return true;
    const std::size_t dash = s.find('-');
    std::string rest = s;
    if (dash != std::string::npos) {
        if (!digits(s.substr(0, dash))) return false;
        rest = s.substr(dash + 1);
    }
    const auto parts = fields_if(rest, ':', digits);
    return parts && *parts <= 3;
}

// sbatch --partition: names of letters, digits, '_', '.' and '-', separated by commas.
bool slurm_partitions(const std::string& s) {
    return fields_if(s, ',',
                     [](const std::string& name) {
                         return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
                             return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
                                    c == '.' || c == '-';
                         });
                     })
        .has_value();
}

}  // namespace

std::optional<std::string> check_backend_options(const CLI::App& app, backend_options& o) {
    o.jobs_given = app.count("--jobs") > 0;
    if (o.jobs < 1) return "--jobs must be at least 1";
    if (parse_as<backend_kind>(o.backend) != backend_kind::parallel &&
        (!o.sshlogin.empty() || !o.sshloginfile.empty()))
        return "--sshlogin and --sshloginfile need --backend parallel";
    if (parse_as<backend_kind>(o.backend) != backend_kind::slurm &&
        (!o.partition.empty() || !o.time.empty() || !o.mem.empty()))
        return "--partition, --time and --mem need --backend slurm";
    if (o.dry_run && o.merge_only) return "--dry-run and --merge-only exclude each other";
    // The forms sbatch takes (its manual), so that a --dry-run script is one sbatch accepts.
    if (!o.mem.empty() && !slurm_size(o.mem))
        return "--mem must be a size such as 2048, 512M or 4G (got '" + o.mem + "')";
    if (!o.time.empty() && !slurm_time(o.time))
        return "--time must be minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S (got '" + o.time + "')";
    if (!o.partition.empty() && !slurm_partitions(o.partition))
        return "--partition must be a partition name or a comma-separated list (got '" +
               o.partition + "')";
    return std::nullopt;
}

std::optional<study_run> run_study(const job_list& list, const backend_options& o,
                                   std::string& error) {
    std::error_code ec;
    std::filesystem::create_directories(study_dir(list), ec);
    if (!save_manifest(list)) {
        error = "cannot write " + list.manifest;
        return std::nullopt;
    }
    study_run s;
    const std::string exe = self_exe(), identity = exe_identity(exe);
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < list.jobs.size(); ++i)
        if (!read_result(list.jobs[i], identity)) todo.push_back(i);
    s.reused = list.jobs.size() - todo.size();
    s.dry_run = o.dry_run || o.merge_only;
    if (o.merge_only) return s;
    const auto start = std::chrono::steady_clock::now();
    study_progress progress("d3sim " + list.tool, todo.size());
    if (!o.dry_run && s.reused > 0 && !todo.empty())
        std::fprintf(stderr, "d3sim %s: %zu of %zu jobs have results; running the other %zu\n",
                     list.tool.c_str(), s.reused, list.jobs.size(), todo.size());
    backend_run r{list, todo, o, progress, exe, identity};
    std::optional<std::string> err;
    if (!todo.empty() || o.dry_run) {
        switch (parse_as<backend_kind>(o.backend).value_or(backend_kind::local)) {
            case backend_kind::parallel:
                err = run_parallel(r);
                break;
            case backend_kind::slurm:
                err = run_slurm(r);
                break;
            case backend_kind::local:
                err = run_local(r);
                break;
        }
    }
    progress.finish();
    if (err) {
        error = *err;
        return std::nullopt;
    }
    if (o.dry_run) return s;
    s.ran = todo.size();
    s.failed = progress.failed();
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s;
}

void print_summary(const job_list& list, const backend_options& o, const study_run& s) {
    if (s.ran > 0)
        std::fprintf(stderr,
                     "d3sim %s: ran %zu jobs (%zu without a result) with --backend %s in %.1f s\n",
                     list.tool.c_str(), s.ran, s.failed, o.backend.c_str(), s.seconds);
}

bool job_started(const job& j) {
    std::error_code ec;
    return std::filesystem::exists(j.log, ec);
}

std::vector<std::size_t> report_missing(const job_list& list) {
    const std::string identity = exe_identity(self_exe());
    std::vector<std::size_t> missing;
    for (std::size_t i = 0; i < list.jobs.size(); ++i)
        if (!read_result(list.jobs[i], identity)) missing.push_back(i);
    if (missing.empty()) return missing;
    std::fprintf(stderr,
                 "d3sim %s: %zu of %zu jobs have no result (rerun the same command to run only "
                 "those):\n",
                 list.tool.c_str(), missing.size(), list.jobs.size());
    for (std::size_t i : missing) {
        const job& j = list.jobs[i];
        std::error_code ec;
        const std::string why =
            std::filesystem::exists(j.result, ec)
                ? "its result is of another d3sim build or command line (or unreadable)  [" +
                      j.result + "]"
            : !job_started(j) ? "did not run (no stderr log of its own: the backend's log says why)"
            : last_line(j.log).empty()
                ? "ended without a result and with an empty stderr (killed?)  [" + j.log + "]"
                : last_line(j.log) + "  [" + j.log + "]";
        std::fprintf(stderr, "  job %zu (%s): %s\n", i, j.name.c_str(), why.c_str());
    }
    return missing;
}

}  // namespace d3
