#include "study/job_run.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "study/jobs.h"

namespace d3 {

namespace {

int bad(const std::string& msg) {
    std::fprintf(stderr, "d3sim job: error: %s\n", msg.c_str());
    return 2;
}

struct ended {
    int code = -1;  ///< exit code, or 128 + signal
    long max_rss_kb = 0;
};

// Opens a job's log for its run's stderr: a regular file (made or emptied), never a directory or a
// FIFO (opened without blocking); the descriptor, or -1 with errno set.
int open_log(const std::string& log) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
    struct stat st {};
    if (fd < 0 || (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))) return fd;
    ::close(fd);
    errno = EINVAL;
    return -1;
}

// Runs `exe args`, stdout to /dev/null, stderr to `log_fd`.
ended run_logged(const std::string& exe, const std::vector<std::string>& args, int log_fd) {
    ended e;
    const pid_t pid = fork();
    if (pid < 0) return e;
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // the job stopped: so is its run
        if (dup2(log_fd, STDERR_FILENO) < 0) _exit(126);
        if (!std::freopen("/dev/null", "w", stdout)) _exit(126);
        std::vector<char*> argv{const_cast<char*>(exe.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(exe.c_str(), argv.data());
        std::fprintf(stderr, "d3sim job: cannot run %s\n", exe.c_str());
        _exit(127);
    }
    int status = 0;
    struct rusage ru {};
    if (wait4(pid, &status, 0, &ru) != pid) return e;
    e.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    e.max_rss_kb = ru.ru_maxrss;
    return e;
}

}  // namespace

int run_job_command(int argc, char** argv) {
    if (argc != 3) return bad("usage: d3sim job MANIFEST INDEX");
    job_list list;
    if (auto err = load_manifest(argv[1], list)) return bad(*err);
    std::size_t index = 0;
    try {
        // Digits only: stoul would also take " 1", "+1" and "-1" (the largest index).
        const std::string text = argv[2];
        if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
            throw std::invalid_argument("index");
        index = std::stoul(text);
    } catch (const std::exception&) {
        return bad(std::string("the index must be a number (got '") + argv[2] + "')");
    }
    if (index >= list.jobs.size())
        return bad("index " + std::to_string(index) + " is not in " + list.manifest + " (" +
                   std::to_string(list.jobs.size()) + " jobs)");
    const job& j = list.jobs[index];
    const std::string exe = self_exe(), identity = exe_identity(exe);
    if (read_result(j, identity)) return 0;  // done before: idempotent

    char host[256] = "host";
    gethostname(host, sizeof host - 1);
    const std::string tmp = j.result + ".run." + host + "." + std::to_string(getpid());
    std::vector<std::string> args = j.args;
    args.insert(args.end(), {"--json", tmp});
    const int log_fd = open_log(j.log);  // before the run: a bad log path is the manifest's error
    if (log_fd < 0)
        return bad("cannot write the log " + j.log + ": " +
                   (errno == EINVAL ? std::string("not a regular file") : std::strerror(errno)));
    const auto start = std::chrono::steady_clock::now();
    const ended e = run_logged(exe, args, log_fd);
    ::close(log_fd);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nlohmann::json r = nlohmann::json::object();
    if (std::ifstream f{tmp}) {
        r = nlohmann::json::parse(f, nullptr, false);
        if (r.is_discarded() || !r.is_object()) r = nlohmann::json::object();
    }
    std::remove(tmp.c_str());
    if (!is_result_code(e.code)) {
        std::fprintf(stderr, "d3sim job: %s: d3sim exited with %d, no result (its stderr: %s)\n",
                     j.name.c_str(), e.code, j.log.c_str());
        return e.code > 0 ? e.code : 1;
    }
    r["job"] = {{"exit_code", e.code}, {"args", j.args},     {"d3sim", identity},
                {"host", host},        {"seconds", seconds}, {"max_rss_kb", e.max_rss_kb}};
    if (!write_atomically(j.result, r.dump(2) + "\n")) return bad("cannot write " + j.result);
    return 0;
}

}  // namespace d3
