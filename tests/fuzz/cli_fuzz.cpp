// d3_cli_fuzz: malformed and extreme d3sim command lines and input files (issue 12). A seeded
// generator (the seed is the day, printed; D3_FUZZ_SEED=S repeats a run, D3_FUZZ_CASE=I one case)
// builds each case from a small legal run of one mode (primitive, traffic, MDF, validate, sweep)
// and mutates it: extreme or malformed numbers, empty values and control bytes, unwritable and
// special output paths, garbage input files, dropped values, unknown and repeated options.
// Every case runs under a time limit and an address-space limit and must end with exit code 0, 1
// or 2, with exactly one line on stderr for 2, by no signal and within the limit. A failing case is
// printed as a one-line reproducer. Exit status: 0 when every case passed.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "fuzz/run_limited.h"

namespace {

using args_t = std::vector<std::string>;

struct settings {
    std::string d3sim;
    std::string dir;  // scratch directory for input and output files
    std::uint64_t seed = 0;
    int cases = 320;
    int only = -1;  // D3_FUZZ_CASE
    int seconds = 20;
    std::uint64_t address_space = 4ull << 30;  // 0: no limit (sanitizers reserve more)
};

class generator {
  public:
    generator(std::uint64_t seed, int index, const std::string& dir)
        : rng_(seed * 1000003u + static_cast<std::uint64_t>(index)),
          dir_(dir + "/c" + std::to_string(index)) {}

    args_t make() {
        args_t a = base();
        const int n = 1 + pick(3);
        for (int i = 0; i < n; ++i) mutate(a);
        return a;
    }

  private:
    int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
    template <typename T>
    const T& one(const std::vector<T>& v) {
        return v[static_cast<std::size_t>(pick(static_cast<int>(v.size())))];
    }

    // A small legal run of one mode (each well under a second).
    args_t base() {
        const std::string k = std::to_string(1 + pick(3)), m = std::to_string(2 + pick(3));
        switch (pick(6)) {
            case 0:
                return {"--k",
                        k,
                        "--m",
                        m,
                        "--primitive",
                        one<std::string>({"broadcast", "one-to-all", "all-to-one", "all-to-all",
                                          "glgl-one-to-all"}),
                        "-q"};
            case 1:
                return {"--k",
                        k,
                        "--m",
                        m,
                        "--primitive",
                        "permutation",
                        "--perm",
                        one<std::string>({"random", "transpose", "drawer-swap", perm_file()})};
            case 2:
                return {"--k",
                        k,
                        "--m",
                        m,
                        "--traffic",
                        one<std::string>(
                            {"uniform", "permutation", "hotspot", "transpose", "drawer-to-drawer"}),
                        "--rate",
                        "0.2",
                        "--warmup",
                        "20",
                        "--measure",
                        "20",
                        "--routing",
                        one<std::string>({"minimal", "valiant", "ugal"})};
            case 3:
                return {
                    "--k",           "2",
                    "--m",           "2",
                    "--topology",    "mdf",
                    "--traffic",     "uniform",
                    "--warmup",      "10",
                    "--measure",     "10",
                    "--arrangement", one<std::string>({"palmtree", "consecutive", wiring_file()})};
            case 4:
                return {"validate", "--k", "1", "--m", "4", "--out", "-", "--jobs", "2"};
            default:
                return {"sweep",     "--rates", "0.1,0.2",   "--out",    dir_ + "/sweep",
                        "--jobs",    "2",       "--traffic", "uniform",  "--k",
                        "1",         "--m",     "2",         "--warmup", "10",
                        "--measure", "10"};
        }
    }

    std::string bad_number() {
        return one<std::string>({"",
                                 "-1",
                                 "0",
                                 "-0",
                                 "+3",
                                 "3.5",
                                 "1e3",
                                 "0x10",
                                 "nan",
                                 "inf",
                                 " 5",
                                 "5 ",
                                 "2147483647",
                                 "2147483648",
                                 "-2147483649",
                                 "4294967296",
                                 "18446744073709551615",
                                 "18446744073709551616",
                                 "99999999999999999999999",
                                 "1,2",
                                 "\x01",
                                 "\xff\xfe",
                                 "seven",
                                 std::to_string(pick(2000) - 10),
                                 std::string(5000, '9')});
    }

    std::string bad_text() {
        return one<std::string>({"", "-", "--", "/", "/dev/zero", "/dev/full", "/dev/null",
                                 "/proc/x/y", "/proc/nonexistent/x/y", dir_, dir_ + "/out.json",
                                 "\x1b[2J", "a\nb", "\t", std::string(10000, 'x'),
                                 "\xc3\xa9\xe2\x80\xae", perm_file(), wiring_file()});
    }

    std::string path() {
        return one<std::string>({"", "-", "/", "/dev/full", "/dev/null", "/proc/x/y",
                                 "/proc/nonexistent/f.json", dir_, dir_ + "/r.json",
                                 dir_ + "/w.vcd", dir_ + "/w.fst", dir_ + "/l.csv", "\x01"});
    }

    // Numeric options with values that are legal and cheap (a run stays small) or refused.
    std::string cheap_or_bad(const std::string& opt) {
        if (pick(2) == 0) return bad_number();
        if (opt == "--k") return std::to_string(pick(4));
        if (opt == "--m") return std::to_string(pick(6));
        if (opt == "--seed") return std::to_string(rng_());
        if (opt == "--count") return std::to_string(pick(5));
        return std::to_string(pick(6));
    }

    void mutate(args_t& a) {
        static const std::vector<std::string> numeric{"--k",
                                                      "--m",
                                                      "--buffer-depth",
                                                      "--injection-width",
                                                      "--injection-depth",
                                                      "--ejection-width",
                                                      "--hold-capacity",
                                                      "--pipeline-stages",
                                                      "--local-latency",
                                                      "--global-latency",
                                                      "--watchdog",
                                                      "--vcs",
                                                      "--seed",
                                                      "--count",
                                                      "--wave-groups",
                                                      "--concentration",
                                                      "--warmup",
                                                      "--measure",
                                                      "--drain-limit",
                                                      "--ugal-threshold",
                                                      "--jobs",
                                                      "--rate",
                                                      "--hotspot-fraction",
                                                      "--protocol"};
        static const std::vector<std::string> text{
            "--primitive",   "--schedule", "--source",   "--perm",
            "--traffic",     "--routing",  "--topology", "--arrangement",
            "--arbitration", "--decoder",  "--pipeline", "--wave-scope",
            "--wave-limit",  "--rates",    "--grid",     "--out"};
        static const std::vector<std::string> files{"--json", "--wave", "--link-stats", "--out"};
        switch (pick(8)) {
            case 0:
            case 1: {  // a numeric option: set or replace
                const std::string& o = one(numeric);
                set(a, o, cheap_or_bad(o));
                break;
            }
            case 2: {
                const std::string& o = one(text);
                set(a, o, bad_text());
                break;
            }
            case 3: {
                const std::string& o = one(files);
                set(a, o, path());
                break;
            }
            case 4:  // an option without its value, at the end
                a.push_back(pick(2) ? one(numeric) : one(text));
                break;
            case 5:
                a.push_back(one<std::string>({"--bogus", "-x", "--", "-", "--k=", "--m=4=4",
                                              "--progress", "--no-progress", "--quiet", "--help",
                                              "--check", "--wave-decoder", "validate"}));
                break;
            case 6:  // a value repeated
                if (a.size() > 1)
                    a.push_back(a[static_cast<std::size_t>(pick(static_cast<int>(a.size())))]);
                break;
            default:  // a garbage input file where one is read
                set(a, pick(2) ? "--perm" : "--arrangement", pick(2) ? perm_file() : wiring_file());
                break;
        }
    }

    static void set(args_t& a, const std::string& opt, const std::string& value) {
        for (std::size_t i = 0; i + 1 < a.size(); ++i)
            if (a[i] == opt) {
                a[i + 1] = value;
                return;
            }
        a.push_back(opt);
        a.push_back(value);
    }

    std::string garbage_line() {
        switch (pick(7)) {
            case 0:
                return std::to_string(pick(4)) + "," + std::to_string(pick(5)) + "," +
                       std::to_string(pick(5)) + " " + std::to_string(pick(4)) + "," +
                       std::to_string(pick(5)) + "," + std::to_string(pick(5));
            case 1:
                return std::to_string(pick(6)) + " " + std::to_string(pick(3)) + " " +
                       std::to_string(pick(3)) + " " + std::to_string(pick(6)) + " " +
                       std::to_string(pick(3)) + " " + std::to_string(pick(3));
            case 2:
                return "# comment " + bad_number();
            case 3:
                return bad_number() + " " + bad_number();
            case 4:
                return std::string(static_cast<std::size_t>(pick(9000)), 'a');
            case 5: {
                std::string s;
                for (int i = pick(64); i > 0; --i) s += static_cast<char>(rng_());
                return s;
            }
            default:
                return "";
        }
    }

    std::string write_file(const std::string& name) {
        mkdir_once();
        const std::string p = dir_ + "/" + name;
        std::ofstream f(p, std::ios::binary);
        for (int i = pick(40); i > 0; --i) f << garbage_line() << (pick(10) ? "\n" : "");
        return p;
    }
    std::string perm_file() { return write_file("perm.txt"); }
    std::string wiring_file() { return write_file("wiring.txt"); }
    void mkdir_once() {
        if (!made_ && std::system(("mkdir -p '" + dir_ + "'").c_str()) != 0)
            std::fprintf(stderr, "d3_cli_fuzz: cannot create %s\n", dir_.c_str());
        made_ = true;
    }

    std::mt19937_64 rng_;
    std::string dir_;
    bool made_ = false;
};

// A shell command that repeats a case: the arguments quoted with $'...'.
std::string reproducer(const settings& s, const args_t& a) {
    std::string line = s.d3sim;
    for (const std::string& arg : a) {
        line += " $'";
        for (const char c : arg) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '\'' || c == '\\') {
                line += '\\';
                line += c;
            } else if (u < 0x20 || u >= 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", u);
                line += buf;
            } else {
                line += c;
            }
        }
        line += "'";
    }
    return line;
}

struct verdict {
    bool ok = true;
    std::string why;
};

verdict run_case(const settings& s, const args_t& a, int index) {
    const d3::fuzz::ended e =
        d3::fuzz::run_limited({s.d3sim, s.dir, static_cast<double>(s.seconds), s.address_space}, a,
                              s.dir + "/stderr" + std::to_string(index));
    const int status = e.status;
    const bool timed_out = e.timed_out;
    const std::string& text = e.err;
    verdict v;
    const auto first = text.substr(0, text.find('\n'));
    if (timed_out) {
        v = {false, "no end within " + std::to_string(s.seconds) + " s"};
    } else if (WIFSIGNALED(status)) {
        v = {false, "signal " + std::to_string(WTERMSIG(status)) + ": " + first.substr(0, 200)};
    } else if (const int code = WEXITSTATUS(status); code > 2) {
        v = {false, "exit code " + std::to_string(code) + ": " + first.substr(0, 200)};
    } else if (code == 2 && std::count(text.begin(), text.end(), '\n') != 1) {
        v = {false, "exit 2 with " + std::to_string(std::count(text.begin(), text.end(), '\n')) +
                        " lines on stderr: " + text.substr(0, 300)};
    } else if (code == 2) {
        for (const char c : first)
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
                v = {false, "control byte in the error line: " + first.substr(0, 200)};
    }
    return v;
}

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: d3_cli_fuzz D3SIM SCRATCH_DIR [CASES [SHARD/SHARDS]]\n");
        return 2;
    }
    settings s;
    s.d3sim = argv[1];
    s.dir = argv[2];
    if (argc > 3) s.cases = std::atoi(argv[3]);
    // SHARD/SHARDS: only the cases i with i % SHARDS == SHARD (CTest runs the shards at once;
    // a case is the same whatever the sharding: it is made from the seed and its index).
    int shard = 0, shards = 1;
    if (argc > 4 && (std::sscanf(argv[4], "%d/%d", &shard, &shards) != 2 || shards < 1 ||
                     shard < 0 || shard >= shards)) {
        std::fprintf(stderr, "d3_cli_fuzz: bad shard %s (want SHARD/SHARDS, e.g. 0/2)\n", argv[4]);
        return 2;
    }
    s.seed = env_or("D3_FUZZ_SEED", static_cast<std::uint64_t>(std::time(nullptr) / 86400));
    s.only = static_cast<int>(env_or("D3_FUZZ_CASE", static_cast<std::uint64_t>(-1)));
    s.address_space = env_or("D3_FUZZ_ADDRESS_SPACE", s.address_space);
    s.seconds = static_cast<int>(env_or("D3_FUZZ_SECONDS", static_cast<std::uint64_t>(s.seconds)));
    if (std::system(("rm -rf '" + s.dir + "' && mkdir -p '" + s.dir + "'").c_str()) != 0) {
        std::fprintf(stderr, "d3_cli_fuzz: cannot create %s\n", s.dir.c_str());
        return 2;
    }
    std::printf("d3_cli_fuzz: seed %llu, %d cases (repeat: D3_FUZZ_SEED=%llu %s %s %s %d)\n",
                static_cast<unsigned long long>(s.seed), s.cases,
                static_cast<unsigned long long>(s.seed), argv[0], argv[1], argv[2], s.cases);
    std::fflush(stdout);
    const auto start = std::chrono::steady_clock::now();
    int failed = 0, ran = 0;
    std::vector<int> codes(3, 0);
    for (int i = 0; i < s.cases; ++i) {
        generator g(s.seed, i, s.dir);
        const args_t a = g.make();
        if (s.only >= 0 && i != s.only) continue;
        if (s.only < 0 && i % shards != shard) continue;
        ++ran;
        const verdict v = run_case(s, a, i);
        if (!v.ok) {
            ++failed;
            std::string why;  // one line
            for (const char c : v.why) why += c == '\n' ? std::string("\\n") : std::string(1, c);
            std::printf("FAIL case %d (%s): D3_FUZZ_SEED=%llu D3_FUZZ_CASE=%d; %s\n", i,
                        why.c_str(), static_cast<unsigned long long>(s.seed), i,
                        reproducer(s, a).c_str());
            std::fflush(stdout);
        }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("d3_cli_fuzz: %d cases, %d failed, %.1f s\n", ran, failed, secs);
    return failed == 0 ? 0 : 1;
}
