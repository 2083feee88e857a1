// Running a study's jobs (study/jobs.h) with a backend: `--backend local|parallel|slurm` and their
// options, shared by `d3sim sweep` and `d3sim validate`. Only jobs without a valid result run;
// progress for the whole study (done, without a result, remaining, time left) goes to stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/enum_names.h"
#include "study/jobs.h"

namespace d3 {

/// Where a study's jobs run (--backend).
enum class backend_kind { local, parallel, slurm };
inline constexpr enum_entry<backend_kind> kBackendNames[] = {{backend_kind::local, "local"},
                                                             {backend_kind::parallel, "parallel"},
                                                             {backend_kind::slurm, "slurm"}};
constexpr const auto& enum_names_of(backend_kind) {
    return kBackendNames;
}

struct backend_options {
    std::string backend = to_string(backend_kind::local);
    unsigned jobs = 1;        ///< at once: processes (local), -j (parallel), %LIMIT (slurm)
    bool jobs_given = false;  ///< --jobs was on the command line
    std::vector<std::string> sshlogin;  ///< parallel: --sshlogin, passed through
    std::string sshloginfile;           ///< parallel: --sshloginfile, passed through
    std::string partition, time, mem;   ///< slurm: per task
    bool dry_run = false;               ///< write the batch script / print the command, run nothing
    bool merge_only = false;            ///< run nothing, merge the results there are
};

/// Adds --backend, --jobs, --sshlogin, --sshloginfile, --partition, --time, --mem, --dry-run and
/// --merge-only to `app`.
void add_backend_options(CLI::App& app, backend_options& o);
/// After parsing: fills jobs_given; the bad-input message, if any.
std::optional<std::string> check_backend_options(const CLI::App& app, backend_options& o);

struct study_run {
    std::size_t reused = 0;  ///< jobs that had a valid result before
    std::size_t ran = 0;     ///< jobs run now
    std::size_t failed = 0;  ///< of those, the ones that ended without a result
    double seconds = 0;      ///< wall time of the run
    bool dry_run = false;    ///< nothing ran (--dry-run, --merge-only)
};

/// Saves the manifest and runs every job of `list` without a valid result. Nothing when the
/// backend could not run the study, with the reason in `error` (one line).
std::optional<study_run> run_study(const job_list& list, const backend_options& o,
                                   std::string& error);

/// "d3sim TOOL: ran N jobs (F without a result) with --backend B in S s" on stderr, when jobs ran.
void print_summary(const job_list& list, const backend_options& o, const study_run& s);

/// Whether `j` was started (its log exists); a job without a result that started ended without one
/// (killed, crashed), one that did not never ran.
bool job_started(const job& j);

/// The jobs of `list` without a valid result, each reported on stderr (name, the last line of its
/// log) after a summary line; empty when every job has one.
std::vector<std::size_t> report_missing(const job_list& list);

}  // namespace d3
