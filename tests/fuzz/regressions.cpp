// d3_cli_regressions: every hostile command line of issue 45 kept as a regression (label fuzz).
// Each case runs as the fuzzer runs one (tests/fuzz/run_limited.h: a 4 GiB address space, its own
// scratch directory with a FIFO without a writer, a directory, an input file and job manifests)
// and must end within 5 s with its exit code and, for a refusal (exit 2), exactly one line on
// stderr. D3_REGRESSION_SECONDS sets the time limit (the sanitized build's d3sim is several times
// slower). Exit status: 0 when every case passed.
#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz/run_limited.h"

namespace {

struct regression {
    const char* what;               ///< the issue's case, for the report
    std::vector<std::string> args;  ///< d3sim's arguments, relative paths in the scratch directory
    int code;                       ///< the exit code it must end with
    int lines;                      ///< lines on stderr it must print (-1: any)
    /// The case is about the process's own memory limit: it runs only under the 4 GiB address
    /// space (not in the sanitized build, which has none; there the run would simply run).
    bool needs_address_space = false;
};

// The issue's bound: every case ends within it.
constexpr double kSeconds = 5;

// The scratch directory's files: a FIFO with no writer, a directory, a permutation file, and job
// manifests whose log is a directory or whose run reads the FIFO.
void prepare(const std::string& dir) {
    if (std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "/d'").c_str()) != 0)
        std::fprintf(stderr, "d3_cli_regressions: cannot create %s\n", dir.c_str());
    mkfifo((dir + "/fifo").c_str(), 0644);
    std::ofstream(dir + "/perm.txt") << "0,0,0 0,0,1\n0,0,1 0,0,0\n0,1,0 0,1,1\n0,1,1 0,1,0\n";
    std::ofstream(dir + "/F") << "x\n";
    std::ofstream(dir + "/old.yaml") << "version: v0-old\nnetwork:\n  k: 1\n  m: 2\n";
    std::ofstream(dir + "/bom.txt") << "\xef\xbb\xbf"
                                       "0,0,0 0,0,1\n0,0,1 0,0,0\n0,1,0 0,1,1\n0,1,1 0,1,0\n";
    const auto manifest = [&](const std::string& name, const std::string& args,
                              const std::string& log) {
        std::ofstream(dir + "/" + name)
            << R"({"tool":"sweep","jobs":[{"name":"a","args":[)" << args << R"(],"result":")" << dir
            << "/" << name << R"(.result.json","log":")" << log << R"("}]})"
            << "\n";
    };
    manifest("log-is-a-directory.json", R"("--k","1","--m","2","-q")", dir + "/d");
    manifest("args-name-a-fifo.json", R"("--config",")" + dir + R"(/fifo")", dir + "/a.log");
}

std::vector<regression> cases() {
    using A = std::vector<std::string>;
    const A small{"--k", "1", "--m", "2"};
    const auto with = [&small](A more) {
        more.insert(more.begin(), small.begin(), small.end());
        return more;
    };
    return {
        // Item 2: input files that are not regular files, refused without blocking.
        {"--arrangement FIFO",
         {"--topology", "mdf", "--k", "2", "--m", "2", "--traffic", "uniform", "--arrangement",
          "fifo"},
         2,
         1},
        {"--perm FIFO", with({"--primitive", "permutation", "--perm", "fifo"}), 2, 1},
        {"--config FIFO", {"--config", "fifo"}, 2, 1},
        {"job FIFO 0", {"job", "fifo", "0"}, 2, 1},
        {"a manifest whose args name a FIFO (the run's refusal is its result)",
         {"job", "args-name-a-fifo.json", "0"},
         0,
         0},
        // Item 3: exit codes and lines.
        {"out of memory after the estimate (one-to-all)",
         {"--k", "64", "--m", "64", "--primitive", "one-to-all", "--max-memory", "100G"},
         2,
         1,
         true},
        // D3(40,40) ran out of the 4 GiB after its estimate passed while each link was two
        // sc_port bindings; with links connected its run fits (3.25 GB resident): D3(44,44) is
        // refused by the estimate or ends out of memory, one line and exit 2 either way (D3(52,52)
        // since
        // the link pairs: D3(44,44) fits the estimate).
        {"a traffic network beyond the address space (refused, or out of memory after the "
         "estimate)",
         {"--k", "52", "--m", "52", "--traffic", "uniform", "--warmup", "5", "--measure", "5",
          "--max-memory", "none"},
         2,
         1,
         true},
        {"matrix-product --count 65536 as --help advertises",
         {"--primitive", "matrix-product", "--count", "65536", "--check", "-q"},
         0,
         0},
        {"matrix-product --count 65537",
         {"--primitive", "matrix-product", "--count", "65537"},
         2,
         1},
        {"--trace-packets /dev/full", {"--trace-packets", "/dev/full"}, 2, 1},
        {"a --config of another version and a refusal (the warning waits for the checks)",
         {"--config", "old.yaml", "--max-memory", "1K"},
         2,
         1},
        {"a --config of another version: its warning, then the run",
         {"--config", "old.yaml", "-q"},
         0,
         1},
        {"validate --out /dev/full",
         {"validate", "--k", "1", "--m", "4", "--out", "/dev/full"},
         2,
         1},
        {"validate --junit /dev/full",
         {"validate", "--k", "1", "--m", "4", "--junit", "/dev/full"},
         2,
         1},
        {"--junit - (stdout carries the summary)", {"--junit", "-"}, 2, 1},
        {"--junit /dev/full", {"--junit", "/dev/full"}, 2, 1},
        {"job DIR 0", {"job", "d", "0"}, 2, 1},
        {"a manifest whose log is a directory", {"job", "log-is-a-directory.json", "0"}, 2, 1},
        // Item 4: outputs that collide.
        {"--json F --trace-packets F", {"--json", "F", "--trace-packets", "F"}, 2, 1},
        {"--link-stats F --json F",
         with({"--traffic", "uniform", "--link-stats", "F", "--json", "F"}), 2, 1},
        {"--perm F --json F",
         with({"--primitive", "permutation", "--perm", "perm.txt", "--json", "perm.txt"}), 2, 1},
        {"--baseline F --json F", {"--baseline", "F", "--json", "F"}, 2, 1},
        // Item 5: numbers parsed strictly and echoed as given.
        {"--rate 1.0000000001", with({"--traffic", "uniform", "--rate", "1.0000000001"}), 2, 1},
        {"--rate 1e308", with({"--traffic", "uniform", "--rate", "1e308"}), 2, 1},
        {"--rate 0x1p-2 (hexadecimal)", with({"--traffic", "uniform", "--rate", "0x1p-2"}), 2, 1},
        {"--max-memory 0", {"--max-memory", "0"}, 2, 1},
        {"--max-memory 99999999999999999999G", {"--max-memory", "99999999999999999999G"}, 2, 1},
        {"--perm with a byte-order mark, as --config takes one",
         with({"--primitive", "permutation", "--perm", "bom.txt", "-q"}), 0, 0},
        {"--k 1e3", {"--k", "1e3"}, 2, 1},
        {"--k 0x10", {"--k", "0x10"}, 2, 1},
        {"--k ' 8'", {"--k", " 8"}, 2, 1},
        {"--k 8abc", {"--k", "8abc"}, 2, 1},
        {"--k -4", {"--k", "-4"}, 2, 1},
        {"--k 99999999999999999999", {"--k", "99999999999999999999"}, 2, 1},
        {"--seed 99999999999999999999", {"--seed", "99999999999999999999"}, 2, 1},
        {"--output-queue 0x10", with({"--traffic", "uniform", "--output-queue", "0x10"}), 2, 1},
        {"--credit-delay 1e2", with({"--traffic", "uniform", "--credit-delay", "1e2"}), 2, 1},
        {"--internal-speedup 16.0000001",
         with({"--traffic", "uniform", "--internal-speedup", "16.0000001"}), 2, 1},
        {"--source ' 0,0,1'", {"--primitive", "broadcast", "--source", " 0,0,1"}, 2, 1},
        {"--wave-limit 256m (units exact)", {"--wave", "w.vcd", "--wave-limit", "256m"}, 2, 1},
        {"--tolerance 5 (no %)", {"--baseline", "F", "--tolerance", "5"}, 2, 1},
        {"sweep --rates ' 0.1'",
         {"sweep", "--out", "sw", "--rates", " 0.1", "--traffic", "uniform"},
         2,
         1},
        {"validate --k +2", {"validate", "--k", "+2", "--out", "-"}, 2, 1},
        {"D3(64,64) all-to-all --check (above the 4 GiB address space)",
         {"--k", "64", "--m", "64", "--check"},
         2,
         1},
        // Items 1 and 2. The D3(64,64) and D3(32,64) broadcasts fit a budget of the machine's
        // memory: refused here by --max-memory 4G, as by the 4 GiB address space (the message
        // differs, the exit code and the line count do not).
        {"a deadlock found where it forms",
         {"--k", "4", "--m", "4", "--traffic", "drawer-to-drawer", "--rate", "1.0",
          "--buffer-depth", "1", "--routing", "minimal", "--vcs", "1", "--warmup", "200",
          "--measure", "1000", "-q"},
         1,
         -1},
        {"D3(256,256) broadcast", {"--k", "256", "--m", "256", "--primitive", "broadcast"}, 2, 1},
        {"D3(128,128) broadcast --check",
         {"--k", "128", "--m", "128", "--primitive", "broadcast", "--check"},
         2,
         1},
        {"D3(256,256) all-to-all", {"--k", "256", "--m", "256"}, 2, 1},
        // Issue 46's bit patterns on a network that is not a power of two routers (48).
        {"--traffic bitrev on D3(3,4)", {"--k", "3", "--m", "4", "--traffic", "bitrev"}, 2, 1},
        {"--background shuffle on D3(3,4)",
         {"--k", "3", "--m", "4", "--primitive", "all-to-all", "--background", "shuffle"},
         2,
         1},
        {"D3(64,64) broadcast --check (above the 4 GiB address space)",
         {"--k", "64", "--m", "64", "--primitive", "broadcast", "--check", "--max-memory", "4G"},
         2,
         1},
        {"D3(48,64) broadcast --check (above the 4 GiB address space)",
         {"--k", "48", "--m", "64", "--primitive", "broadcast", "--check", "--max-memory", "4G"},
         2,
         1},
    };
}

// Why the case failed, or "".
std::string judge(const regression& r, const d3::fuzz::ended& e) {
    const auto lines = std::count(e.err.begin(), e.err.end(), '\n');
    const std::string first = e.err.substr(0, std::min<std::size_t>(e.err.find('\n'), 300));
    if (e.timed_out) return "no end within the time limit";
    if (WIFSIGNALED(e.status)) return "signal " + std::to_string(WTERMSIG(e.status));
    if (WEXITSTATUS(e.status) != r.code)
        return "exit code " + std::to_string(WEXITSTATUS(e.status)) + ", want " +
               std::to_string(r.code) + ": " + first;
    if (r.lines >= 0 && lines != r.lines)
        return std::to_string(lines) + " lines on stderr, want " + std::to_string(r.lines) + ": " +
               e.err.substr(0, 600);
    if (first.size() >= 300) return "an error line of 300 bytes or more: " + first;
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: d3_cli_regressions D3SIM SCRATCH_DIR\n");
        return 2;
    }
    char exe[PATH_MAX];  // the runs start in the scratch directory
    const std::string d3sim = realpath(argv[1], exe) ? exe : argv[1];
    if (std::system(("mkdir -p '" + std::string(argv[2]) + "'").c_str()) != 0) return 2;
    char scratch[PATH_MAX];
    const std::string dir = realpath(argv[2], scratch) ? scratch : argv[2];
    const char* seconds_env = std::getenv("D3_REGRESSION_SECONDS");
    const double seconds =
        seconds_env && *seconds_env ? std::strtod(seconds_env, nullptr) : kSeconds;
    const char* as_env = std::getenv("D3_FUZZ_ADDRESS_SPACE");  // 0 under the sanitizers
    const std::uint64_t address_space =
        as_env && *as_env ? std::strtoull(as_env, nullptr, 10) : 4ull << 30;
    prepare(dir);
    int failed = 0, ran = 0;
    for (const regression& r : cases()) {
        if (r.needs_address_space && address_space == 0) {
            std::printf("skip (no address-space limit here): %s\n", r.what);
            continue;
        }
        ++ran;
        const d3::fuzz::ended e =
            d3::fuzz::run_limited({d3sim, dir, seconds, address_space}, r.args, dir + "/stderr");
        const std::string why = judge(r, e);
        std::printf("%s %.2f s: %s%s%s\n", why.empty() ? "ok  " : "FAIL", e.seconds, r.what,
                    why.empty() ? "" : ": ", why.c_str());
        failed += why.empty() ? 0 : 1;
    }
    std::printf("d3_cli_regressions: %d cases, %d failed\n", ran, failed);
    return failed == 0 ? 0 : 1;
}
