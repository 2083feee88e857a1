// --backend parallel: GNU parallel runs `d3sim job MANIFEST INDEX` for the jobs to run, on this
// machine or over ssh (--sshlogin, --sshloginfile passed through; the manifest's directory and
// d3sim must have the same paths there), with its job log appended to DIR/parallel.joblog. The
// job log is read as it grows for the progress.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "study/backends/backends.h"

namespace d3 {

namespace {

// Job-log lines after `offset`: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command,
// tab-separated; the command ends with the job's index.
void read_joblog(const std::string& path, std::streamoff& offset, backend_run& r,
                 std::size_t& failed) {
    std::ifstream f(path);
    if (!f) return;
    f.seekg(offset);
    std::string line;
    while (std::getline(f, line)) {
        if (f.eof()) break;  // a line still being written
        offset = f.tellg();
        std::vector<std::string> cols;
        std::istringstream is(line);
        for (std::string c; std::getline(is, c, '\t');) cols.push_back(c);
        if (cols.size() < 9 || cols[0] == "Seq") continue;
        const std::size_t space = cols[8].rfind(' ');
        try {
            const std::size_t i = std::stoul(cols[8].substr(space + 1));
            if (i >= r.list.jobs.size()) continue;
            const bool ok = cols[6] == "0" && has_result(r, i);
            r.progress.ended(ok);
            if (!ok) ++failed;
        } catch (const std::exception&) {
        }
    }
}

}  // namespace

std::optional<std::string> run_parallel(backend_run& r) {
    const std::string dir = study_dir(r.list), joblog = dir + "/parallel.joblog",
                      todo = dir + "/parallel.todo";
    {
        std::ofstream f(todo);
        for (std::size_t i : r.todo) f << i << "\n";
        if (!f) return "cannot write " + todo;
    }
    // --quote: each argument stays one word whatever it holds (a study directory with a space),
    // on this machine and over ssh.
    std::vector<std::string> argv{"parallel",
                                  "--will-cite",
                                  "--quote",
                                  "--joblog",
                                  "+" + joblog,
                                  "--jobs",
                                  std::to_string(r.opt.jobs)};
    for (const std::string& s : r.opt.sshlogin) argv.insert(argv.end(), {"--sshlogin", s});
    if (!r.opt.sshloginfile.empty())
        argv.insert(argv.end(), {"--sshloginfile", r.opt.sshloginfile});
    argv.insert(argv.end(), {r.exe, "job", r.list.manifest, "{}", "::::", todo});
    if (r.opt.dry_run) {
        std::printf("%s\n", shell_command(argv).c_str());
        return std::nullopt;
    }
    std::string version;
    if (capture({"parallel", "--version"}, version) != 0 ||
        version.find("GNU parallel") == std::string::npos)
        return "--backend parallel needs GNU parallel (Debian package parallel)";
    struct stat st {};
    std::streamoff offset = stat(joblog.c_str(), &st) == 0 ? st.st_size : 0;
    const pid_t pid = spawn_logged(argv, dir + "/parallel.log");
    if (pid < 0) return "cannot start GNU parallel";
    int status = 0;
    std::size_t failed = 0;
    for (;;) {
        const pid_t w = waitpid(pid, &status, WNOHANG);
        read_joblog(joblog, offset, r, failed);
        r.progress.tick();
        if (w == pid) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    // GNU parallel's exit code counts failed jobs (up to 100); 255 and signals are its own failure.
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 255;
    if (code > 101)
        return "GNU parallel failed (exit code " + std::to_string(code) + "), see " + dir +
               "/parallel.log";
    // A job that never reached d3sim (an ssh login that failed: exit 255) has no log of its own.
    if (failed > 0)
        std::fprintf(stderr,
                     "d3sim %s: GNU parallel ended %zu jobs without a result; its own messages "
                     "are in %s/parallel.log and the exit codes in %s\n",
                     r.list.tool.c_str(), failed, dir.c_str(), joblog.c_str());
    return std::nullopt;
}

}  // namespace d3
