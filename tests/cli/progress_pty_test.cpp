// --progress on a real terminal: d3sim runs with its stdin, stdout and stderr on a pseudo-terminal
// (forkpty), as in an interactive shell, where progress is on by default. The run must end (it
// hung after the last packet before the fix, issue 12) with exit code 0 and its summary.
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

namespace {

struct pty_run {
    int code = -1;  ///< exit code; -1: killed (timeout) or a signal
    bool timed_out = false;
    std::string screen;  ///< everything written to the terminal
};

pty_run run_on_pty(const std::vector<std::string>& args, std::chrono::seconds limit) {
    pty_run r;
    int master = -1;
    const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    if (pid < 0) return r;
    if (pid == 0) {
        setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(D3SIM));
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(D3SIM, argv.data());
        _exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    char buf[4096];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            r.timed_out = true;
            kill(pid, SIGKILL);
            break;
        }
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        const ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) break;  // EIO: the child closed the terminal (it exited)
        if (r.screen.size() < (1u << 20)) r.screen.append(buf, static_cast<std::size_t>(n));
    }
    int status = 0;
    waitpid(pid, &status, 0);
    close(master);
    if (!r.timed_out && WIFEXITED(status)) r.code = WEXITSTATUS(status);
    return r;
}

TEST(ProgressOnATerminal, ExplicitProgressEnds) {
    const pty_run r =
        run_on_pty({"--k", "2", "--m", "4", "--primitive", "all-to-all", "--progress"},
                   std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << r.screen.substr(0, 600);
    EXPECT_EQ(r.code, 0) << r.screen.substr(0, 600);
    EXPECT_NE(r.screen.find("step "), std::string::npos) << r.screen;  // progress was shown
    EXPECT_NE(r.screen.find("correct: every expected message"), std::string::npos) << r.screen;
    EXPECT_EQ(r.screen.find("no activity"), std::string::npos) << r.screen.substr(0, 600);
}

TEST(ProgressOnATerminal, DefaultProgressEnds) {
    // No --progress: on by default because stderr is a terminal.
    const pty_run r =
        run_on_pty({"--k", "4", "--m", "4", "--primitive", "broadcast", "--count", "4"},
                   std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << r.screen.substr(0, 600);
    EXPECT_EQ(r.code, 0) << r.screen.substr(0, 600);
    EXPECT_NE(r.screen.find("step "), std::string::npos) << r.screen;
    EXPECT_EQ(r.screen.find("no activity"), std::string::npos) << r.screen.substr(0, 600);
}

}  // namespace

// Issue 46, item 5: a traffic run shows its progress too (it was silently ignored): the window's
// steps, then the drain, and the same result as without it.
TEST(ProgressOnATerminal, TrafficRunsShowTheirWindowAndDrain) {
    const pty_run r = run_on_pty({"--k", "2", "--m", "4", "--traffic", "uniform", "--rate", "0.3",
                                  "--warmup", "200", "--measure", "200"},
                                 std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << r.screen.substr(0, 600);
    EXPECT_EQ(r.code, 0) << r.screen.substr(0, 600);
    EXPECT_NE(r.screen.find("step 64 of 400 (warm-up 200, measure 200)"), std::string::npos)
        << r.screen.substr(0, 600);
    EXPECT_NE(r.screen.find("draining"), std::string::npos) << r.screen.substr(0, 600);
}
