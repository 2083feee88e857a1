// The backends behind study/study: each runs a set of jobs of a saved manifest, every job as
// `d3sim job MANIFEST INDEX`, and tells the progress when a job ends. Internal to d3_tb.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "study/study.h"

namespace d3 {

/// Done, failed and remaining jobs of a study with an estimate of the time left, on stderr: a line
/// updated in place on a terminal, otherwise a line every ten seconds.
class study_progress {
  public:
    study_progress(std::string tool, std::size_t to_run);
    /// A job ended, with a result (ok) or without.
    void ended(bool ok);
    /// Prints when due.
    void tick();
    /// Ends the line on a terminal.
    void finish();
    /// A line of its own (a failed job), the progress line redrawn after it on a terminal.
    void message(const std::string& line);
    std::size_t failed() const { return failed_; }

  private:
    void print();
    std::string tool_;
    std::size_t total_, done_ = 0, failed_ = 0;
    bool tty_;
    std::chrono::steady_clock::time_point start_, last_;
};

struct backend_run {
    const job_list& list;
    std::vector<std::size_t> todo;  ///< indices of the jobs to run
    const backend_options& opt;
    study_progress& progress;
    std::string exe;       ///< this d3sim, which runs `d3sim job`
    std::string identity;  ///< exe_identity(exe)
};

/// Each returns the reason when the backend could not run (one line), nothing otherwise (jobs that
/// failed are not an error: they have no result).
std::optional<std::string> run_local(backend_run& r);
std::optional<std::string> run_parallel(backend_run& r);
std::optional<std::string> run_slurm(backend_run& r);

/// Starts argv with stdout and stderr appended to `log` ("" : inherited); -1 when it cannot.
int spawn_logged(const std::vector<std::string>& argv, const std::string& log);
/// Runs a command, returns its exit code and stdout (stderr to `err` when given).
int capture(const std::vector<std::string>& argv, std::string& out, std::string* err = nullptr);
/// `exe ARGS... --check`: d3sim makes every check of that run and exits without running it (0 and
/// the memory estimate on stdout, tb/memory_limit.h; 2 and the reason on stderr).
int run_check(const std::string& exe, std::vector<std::string> args, std::string& out,
              std::string& err);
/// True when job i has a valid result.
bool has_result(const backend_run& r, std::size_t i);
/// The directory of the manifest: where the backends keep their files.
std::string study_dir(const job_list& list);

}  // namespace d3
