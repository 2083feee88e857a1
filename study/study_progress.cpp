// The study's progress line, and the process helpers the backends share.
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>

#include "study/backends/backends.h"

namespace d3 {

namespace {

/// Replaces the child process by argv[0]; on failure, says so and exits 127 (as a shell does).
[[noreturn]] void exec_argv(const std::vector<std::string>& argv) {
    std::vector<char*> a;
    for (const auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
    a.push_back(nullptr);
    execvp(a[0], a.data());
    std::fprintf(stderr, "cannot run %s\n", a[0]);
    _exit(127);
}

std::string duration_text(double s) {
    char buf[32];
    const long t = static_cast<long>(s + 0.5);
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%lds", t);
    return buf;
}

}  // namespace

study_progress::study_progress(std::string tool, std::size_t to_run)
    : tool_(std::move(tool)),
      total_(to_run),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void study_progress::ended(bool ok) {
    ++(ok ? done_ : failed_);
    if (tty_) print();
}

void study_progress::tick() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ >= std::chrono::seconds(tty_ ? 1 : 10)) print();
}

void study_progress::finish() {
    if (tty_ && total_ > 0) std::fprintf(stderr, "\n");
}

void study_progress::message(const std::string& line) {
    std::fprintf(stderr, "%s%s\n", tty_ ? "\r\033[K" : "", line.c_str());
    if (tty_) print();
}

void study_progress::print() {
    const auto now = std::chrono::steady_clock::now();
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const std::size_t ended = done_ + failed_, remaining = total_ - ended;
    std::string left = "estimating the time left";
    if (remaining == 0)
        left = "finished";
    else if (ended > 0)
        left = "about " + duration_text(elapsed / ended * remaining) + " left";
    std::fprintf(stderr,
                 "%s%s: %zu done, %zu without a result, %zu remaining of %zu; %s elapsed, %s%s",
                 tty_ ? "\r" : "", tool_.c_str(), done_, failed_, remaining, total_,
                 duration_text(elapsed).c_str(), left.c_str(), tty_ ? "\033[K" : "\n");
}

int spawn_logged(const std::vector<std::string>& argv, const std::string& log) {
    const pid_t pid = fork();
    if (pid != 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGTERM);  // a study that is stopped stops its jobs (or GNU parallel)
    if (!log.empty()) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
    }
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    exec_argv(argv);
}

int capture(const std::vector<std::string>& argv, std::string& out, std::string* err) {
    // Close-on-exec: a command captured by another thread at the same time does not inherit
    // these pipes (and keep them open past this child's end).
    int pipe_out[2], pipe_err[2];
    if (pipe2(pipe_out, O_CLOEXEC) != 0) return -1;
    if (pipe2(pipe_err, O_CLOEXEC) != 0) {
        close(pipe_out[0]);
        close(pipe_out[1]);
        return -1;
    }
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(pipe_out[1], STDOUT_FILENO);
        dup2(pipe_err[1], STDERR_FILENO);
        close(pipe_out[0]);
        close(pipe_err[0]);
        exec_argv(argv);
    }
    close(pipe_out[1]);
    close(pipe_err[1]);
    // Read stderr after stdout: enough for the short answers of sbatch, squeue and scontrol.
    out.clear();
    char buf[4096];
    for (ssize_t n; (n = read(pipe_out[0], buf, sizeof buf)) > 0;) out.append(buf, n);
    std::string e;
    for (ssize_t n; (n = read(pipe_err[0], buf, sizeof buf)) > 0;) e.append(buf, n);
    close(pipe_out[0]);
    close(pipe_err[0]);
    if (err) *err = e;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int run_check(const std::string& exe, std::vector<std::string> args, std::string& out,
              std::string& err) {
    args.insert(args.begin(), exe);
    args.push_back("--check");
    return capture(args, out, &err);
}

bool has_result(const backend_run& r, std::size_t i) {
    return read_result(r.list.jobs[i], r.identity).has_value();
}

std::string study_dir(const job_list& list) {
    return std::filesystem::path(list.manifest).parent_path().string();
}

}  // namespace d3
