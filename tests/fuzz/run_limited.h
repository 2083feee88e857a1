// d3sim run as the fuzz tests run it (tests/fuzz): in its own process group, stdin and stdout on
// /dev/null, stderr to a file, under an address-space limit and a time limit, from a scratch
// directory (relative paths land there). Shared by d3_cli_fuzz and d3_cli_regressions.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace d3::fuzz {

struct limits {
    std::string d3sim;                ///< the binary
    std::string dir;                  ///< the working directory of the run
    double seconds = 20;              ///< killed after this
    std::uint64_t address_space = 0;  ///< RLIMIT_AS; 0: none (sanitizers reserve more)
};

struct ended {
    bool timed_out = false;
    int status = 0;      ///< as waitpid gives it
    std::string err;     ///< everything on stderr
    double seconds = 0;  ///< wall time to the end
};

inline ended run_limited(const limits& s, const std::vector<std::string>& a,
                         const std::string& err_file) {
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);  // its own process group: a sweep's or validate's children die with it
        const int fd = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        dup2(fd, 2);
        if (s.address_space) {
            const rlimit as{s.address_space, s.address_space};
            setrlimit(RLIMIT_AS, &as);
        }
        if (chdir(s.dir.c_str()) != 0) _exit(126);  // relative output paths land here
        setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
        std::vector<char*> argv{const_cast<char*>(s.d3sim.c_str())};
        for (const std::string& x : a) argv.push_back(const_cast<char*>(x.c_str()));
        argv.push_back(nullptr);
        execv(s.d3sim.c_str(), argv.data());
        _exit(127);
    }
    setpgid(pid, pid);  // as the child does, whichever runs first
    const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(s.seconds));
    ended e;
    while (waitpid(pid, &e.status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            e.timed_out = true;
            kill(-pid, SIGKILL);
            waitpid(pid, &e.status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    kill(-pid, SIGKILL);  // whatever the case left running
    std::ifstream f(err_file, std::ios::binary);
    e.err.assign(std::istreambuf_iterator<char>(f), {});
    std::remove(err_file.c_str());
    return e;
}

}  // namespace d3::fuzz
