// Issue 45, item 1: a deadlock is found at the watchdog's first look after its cycle forms, while
// the rest of the network still moves. The issue's command: drawer-to-drawer traffic at rate 1.0
// with one-packet buffers, minimal routing and one VC deadlocks in its first steps, but packets
// elsewhere keep moving (the earlier watchdog, which waited for the whole network to stop, found
// it at step 22,440 after 97 s). The cycle reported is checked against an independent run that is
// not stopped: every buffer of the cycle still holds the same head packet hundreds of steps later.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/run_command.h"

namespace {

const std::string kDeadlock =
    "--k 4 --m 4 --traffic drawer-to-drawer --rate 1.0 --buffer-depth 1 --routing minimal --vcs 1 "
    "--warmup 200 ";

d3::test::outcome run(const std::string& args) {
    return d3::test::run_command("timeout -k 5 60 " + std::string(D3SIM) + " " + args);
}

struct member {
    std::string router, input, head;  // "(1,1,0)", "global 3", "(1;(1,1,2),C=0,D=0)"
};

// The members of the reported cycle: "router (1,1,0) input global 3 (head (1;(1,1,2),C=0,D=0))"
// joined by " -> ". Parsed by hand (std::regex trips GCC 12's maybe-uninitialized under ASan).
std::vector<member> cycle_members(const std::string& err) {
    const auto at = err.find("blocked cycle: ");
    std::vector<member> out;
    if (at == std::string::npos) return out;
    const std::string line = err.substr(at, err.find('\n', at) - at);
    const std::string router = "router ", input = " input ", head = " (head ";
    for (std::size_t p = line.find(router); p != std::string::npos; p = line.find(router, p + 1)) {
        const auto r = p + router.size(), i = line.find(input, r), h = line.find(head, r);
        const auto next = line.find(" -> ", r);
        if (i == std::string::npos || h == std::string::npos ||
            (next != std::string::npos && i > next))
            continue;  // a hold stage, or "back to router ..."
        const auto end =
            line.find(')', line.find(')', h + head.size()) + 1);  // "(b;(c,d,p)" + ",...)"
        out.push_back({line.substr(r, i - r), line.substr(i + input.size(), h - i - input.size()),
                       line.substr(h + 7, end - (h + 7) + 1)});
    }
    return out;
}

TEST(DeadlockWatch, TheIssuesCycleIsFoundAtTheFirstLookWhileOthersMove) {
    for (const int watchdog : {20, 200}) {
        const auto start = std::chrono::steady_clock::now();
        const auto o = run(kDeadlock + "-q --measure 1000 --watchdog " + std::to_string(watchdog));
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(o.code, 1) << o.err.substr(0, 500);
        EXPECT_LT(seconds, 5.0);
        EXPECT_NE(o.err.find(
                      "deadlock: a cycle of full buffers, none of which can free a slot, at step " +
                      std::to_string(watchdog) + " "),
                  std::string::npos)
            << o.err.substr(0, 500);
        EXPECT_NE(o.err.find("while other packets still move"), std::string::npos);
        EXPECT_GE(cycle_members(o.err).size(), 2u) << o.err.substr(0, 800);
    }
}

// The link into a member's buffer, by the paper's wiring (2.1) of D3(4,4): global port a of
// (c,d,p) reaches global port -a of (c+a,p,d); local port x of (c,d,p) local port -x of (c,d,p+x).
// Returns the sending router "c.d.p" (the packet log's form) and its output ("global 1").
std::pair<std::string, std::string> link_into(const member& m) {
    const int k = 4, mm = 4;
    int c = 0, d = 0, p = 0, port = 0;
    std::sscanf(m.router.c_str(), "(%d,%d,%d)", &c, &d, &p);
    std::sscanf(m.input.c_str() + m.input.find(' ') + 1, "%d", &port);
    if (m.input.rfind("global", 0) == 0) {
        const int a = (k - port) % k;  // the sender's port
        return {std::to_string((c - a + k) % k) + "." + std::to_string(p) + "." + std::to_string(d),
                "global " + std::to_string(a)};
    }
    const int x = (mm - port) % mm;
    return {std::to_string(c) + "." + std::to_string(d) + "." + std::to_string((p - x + mm) % mm),
            "local " + std::to_string(x)};
}

TEST(DeadlockWatch, TheReportedCycleNeverMovesInARunThatIsNotStopped) {
    const int watchdog = 20;
    const auto found = run(kDeadlock + "-q --measure 1000 --watchdog " + std::to_string(watchdog));
    const std::vector<member> cycle = cycle_members(found.err);
    ASSERT_GE(cycle.size(), 2u) << found.err.substr(0, 800);
    // No look before the end: 300 steps of measurement, a drain limit, every packet event logged.
    const std::string log = testing::TempDir() + "d3_deadlock_watch.csv";
    run(kDeadlock + "-q --measure 300 --drain-limit 10 --watchdog 100000000 --trace-packets " +
        log);
    std::ifstream in(log);
    std::string line;
    std::map<std::pair<std::string, std::string>, long> last_hop;  // (router, output) -> step
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
        if (f.size() >= 10 && f[1] == "hop") last_hop[{f[6], f[9]}] = std::stol(f[0]);
    }
    std::remove(log.c_str());
    for (const member& m : cycle) {
        const auto link = link_into(m);
        const auto it = last_hop.find(link);
        ASSERT_NE(it, last_hop.end()) << link.first << " " << link.second;
        EXPECT_LE(it->second, watchdog)
            << "a packet crossed " << link.first << " " << link.second << " into " << m.router
            << " " << m.input << " after the cycle was reported";
    }
}

}  // namespace
