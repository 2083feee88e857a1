// --backend slurm: a job array with one task per job to run (`sbatch --array=LIST%LIMIT` of a batch
// script written next to the manifest), polled with squeue (sacct needs accounting, which many
// clusters and the test cluster do not have). --dry-run writes the script and submits nothing.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

#include "study/backends/backends.h"
#include "tb/memory_limit.h"

namespace d3 {

namespace {

// 0,1,2,5,7,8 -> "0-2,5,7-8"
std::string array_list(const std::vector<std::size_t>& todo) {
    std::string s;
    for (std::size_t a = 0; a < todo.size();) {
        std::size_t b = a;
        while (b + 1 < todo.size() && todo[b + 1] == todo[b] + 1) ++b;
        s += (s.empty() ? "" : ",") + std::to_string(todo[a]) +
             (b > a ? "-" + std::to_string(todo[b]) : "");
        a = b + 1;
    }
    return s;
}

// What job `j` will take by d3sim's own estimate: `d3sim ARGS --check` (tb/memory_limit.h), with no
// --max-memory of this machine's (the compute nodes are not this one); nothing when the job would
// not start here or prints no estimate.
std::optional<double> estimated_mib(const backend_run& r, const job& j) {
    std::vector<std::string> args;
    bool budget_given = false;
    for (const std::string& a : j.args) {
        if (a == "-q" || a == "--quiet") continue;  // the estimate is printed unless quiet
        budget_given = budget_given || a == "--max-memory" || a.rfind("--max-memory=", 0) == 0;
        args.push_back(a);
    }
    if (!budget_given) args.insert(args.end(), {"--max-memory", "none"});
    std::string out, err;
    if (run_check(r.exe, std::move(args), out, err) != 0) return std::nullopt;
    return estimate_in_check_output(out);
}

// Twice the largest of the finished jobs' peak memory and the estimates of the jobs to run, at
// least 256M; 1G when neither says anything. --mem overrides it.
std::string memory_per_task(const backend_run& r) {
    double mib = 0;
    for (const job& j : r.list.jobs)
        if (auto res = read_result(j, r.identity)) {
            const nlohmann::json& rss = (*res)["job"]["max_rss_kb"];
            if (rss.is_number()) mib = std::max(mib, rss.get<double>() / 1024);
        }
    // One `d3sim --check` per job to run (about 30 ms each), on every core.
    std::vector<double> est(r.todo.size(), 0);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t k; (k = next++) < r.todo.size();)
            est[k] = estimated_mib(r, r.list.jobs[r.todo[k]]).value_or(0);
    };
    std::vector<std::thread> pool(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
    for (std::thread& t : pool) t = std::thread(work);
    for (std::thread& t : pool) t.join();
    for (double e : est) mib = std::max(mib, e);
    if (mib == 0) return "1G";
    return std::to_string(std::max(256L, static_cast<long>(std::ceil(2.0 * mib)))) + "M";
}

// A path as the value of an #SBATCH directive: sbatch splits directives at white space, so a path
// with a space is quoted (double quotes, or single ones when it holds a double quote).
std::string directive_path(const std::string& path) {
    if (path.find_first_of(" \t\"'") == std::string::npos) return path;
    const char q = path.find('"') == std::string::npos ? '"' : '\'';
    return q + path + q;
}

std::string batch_script(const backend_run& r, const std::string& out_dir) {
    std::ostringstream s;
    s << "#!/bin/bash\n"
      << "# Written by d3sim " << r.list.tool << " --backend slurm: one array task per job of\n"
      << "# " << r.list.manifest << " (" << r.list.jobs.size()
      << " jobs; listed here: those without a result).\n"
      << "# Each task runs d3sim job MANIFEST INDEX, which writes the job's result by rename(2).\n"
      << "#SBATCH --job-name=d3sim-" << r.list.tool << "\n"
      << "#SBATCH --array=" << array_list(r.todo)
      << (r.opt.jobs_given ? "%" + std::to_string(r.opt.jobs) : "") << "\n"
      << "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
      << "#SBATCH --mem=" << (r.opt.mem.empty() ? memory_per_task(r) : r.opt.mem) << "\n";
    if (!r.opt.time.empty()) s << "#SBATCH --time=" << r.opt.time << "\n";
    if (!r.opt.partition.empty()) s << "#SBATCH --partition=" << r.opt.partition << "\n";
    s << "#SBATCH --output=" << directive_path(out_dir + "/%A_%a.out") << "\n"
      << "exec " << shell_command({r.exe, "job", r.list.manifest}) << " \"$SLURM_ARRAY_TASK_ID\"\n";
    return s.str();
}

// The tasks of this user's arrays that run `script` and are still pending or running (index ->
// array job id): this d3sim's submission, an earlier one's, or the user's own sbatch of a --dry-run
// script. Nothing when squeue cannot say.
std::optional<std::map<std::size_t, std::string>> queued_tasks(const std::string& script) {
    std::string out, err;
    if (capture({"squeue", "--me", "-h", "-r", "-o", "%F|%K|%o"}, out, &err) != 0)
        return std::nullopt;
    std::map<std::size_t, std::string> tasks;
    std::istringstream is(out);
    for (std::string line; std::getline(is, line);) {
        const std::size_t a = line.find('|'), b = line.find('|', a + 1);
        if (b == std::string::npos || line.substr(b + 1) != script) continue;
        try {
            tasks[std::stoul(line.substr(a + 1, b - a - 1))] = line.substr(0, a);
        } catch (const std::exception&) {
        }
    }
    return tasks;
}

}  // namespace

std::optional<std::string> run_slurm(backend_run& r) {
    const std::string dir = study_dir(r.list), out_dir = dir + "/slurm";
    const std::string script =
        std::filesystem::path(r.list.manifest).replace_extension(".sbatch").string();
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (r.todo.empty())  // --dry-run of a finished study: the script for every job
        for (std::size_t i = 0; i < r.list.jobs.size(); ++i) r.todo.push_back(i);
    if (r.opt.dry_run) {
        if (!write_atomically(script, batch_script(r, out_dir))) return "cannot write " + script;
        std::printf("wrote %s (submit it with: sbatch %s)\n", script.c_str(), script.c_str());
        return std::nullopt;
    }
    // Tasks already in the queue for this study are waited for, not submitted again.
    const auto before = queued_tasks(script);
    if (!before) return "--backend slurm needs squeue and a reachable Slurm controller";
    std::map<std::size_t, std::string> owner;  // index -> array job id
    std::vector<std::size_t> submit;
    for (std::size_t i : r.todo)
        if (auto it = before->find(i); it != before->end())
            owner[i] = it->second;
        else
            submit.push_back(i);
    if (submit.size() < r.todo.size())
        std::fprintf(stderr,
                     "d3sim %s: %zu tasks of this study are in the queue already; waiting "
                     "for them\n",
                     r.list.tool.c_str(), r.todo.size() - submit.size());
    if (!submit.empty()) {
        backend_run sub{r.list, submit, r.opt, r.progress, r.exe, r.identity};
        if (!write_atomically(script, batch_script(sub, out_dir))) return "cannot write " + script;
        std::string out, err;
        const int code = capture({"sbatch", "--parsable", script}, out, &err);
        if (code != 0)
            return code == 127 ? "--backend slurm needs sbatch (Debian package slurm-client)"
                               : "sbatch refused " + script + ": " + err.substr(0, err.find('\n'));
        const std::string job_id = out.substr(0, out.find_first_of(";\n"));
        for (std::size_t i : submit) owner[i] = job_id;
        std::fprintf(stderr, "d3sim %s: submitted %zu tasks as Slurm job %s (%s)\n",
                     r.list.tool.c_str(), submit.size(), job_id.c_str(), script.c_str());
    }
    std::set<std::size_t> ended;
    int unanswered = 0;
    auto interval = std::chrono::milliseconds(500);
    while (ended.size() < r.todo.size()) {
        std::this_thread::sleep_for(interval);
        interval = std::min(interval * 3 / 2, std::chrono::milliseconds(10000));
        const auto queued = queued_tasks(script);
        if (!queued) {
            if (++unanswered == 30) return "squeue does not answer";
            continue;
        }
        unanswered = 0;
        for (std::size_t i : r.todo)
            if (!queued->count(i) && ended.insert(i).second) {
                const bool ok = has_result(r, i);
                r.progress.ended(ok);
                const std::string task = owner[i] + "_" + std::to_string(i),
                                  out = out_dir + "/" + task + ".out";
                if (!ok)
                    r.progress.message("d3sim " + r.list.tool + ": task " + task + " (" +
                                       r.list.jobs[i].name + ") failed: " + last_line(out) + "  [" +
                                       out + ", " + r.list.jobs[i].log + "]");
            }
        r.progress.tick();
    }
    return std::nullopt;
}

}  // namespace d3
