#include "sweep.h"

#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/traffic/rates.h"
#include "option_limits.h"
#include "output_file.h"

namespace d3 {

namespace {

int bad_input(const std::string& msg) {
    std::fprintf(stderr, "d3sim sweep: error: %s\n", printable(msg).c_str());
    return 2;
}

std::string rate_text(double r) {
    std::ostringstream os;
    os << std::setprecision(6) << r;
    return os.str();
}

struct point {
    double rate = 0;
    std::string json;  ///< the point's result file
    std::string err;   ///< its stderr
    pid_t pid = -1;
    int code = -1;
};

// Starts `self` with args, stdout to /dev/null, stderr to p.err.
pid_t spawn(const std::string& self, const std::vector<std::string>& args, const point& p) {
    const pid_t pid = fork();
    if (pid != 0) return pid;
    if (FILE* f = std::freopen(p.err.c_str(), "w", stderr)) (void)f;
    if (FILE* f = std::freopen("/dev/null", "w", stdout)) (void)f;
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(self.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(self.c_str(), argv.data());
    _exit(127);
}

std::string first_line(const std::string& path) {
    std::ifstream f(path);
    std::string line;
    std::getline(f, line);
    return line;
}

const char* const kColumns =
    "rate,offered,accepted,latency_mean,latency_p50,latency_p99,latency_max,hops_mean,"
    "deflected_fraction,conflicts,credit_stalls,drained,correct,exit_code";

std::string csv_row(const point& p) {
    std::ostringstream os;
    os << rate_text(p.rate);
    std::ifstream f(p.json);
    nlohmann::json j;
    try {
        if (f) j = nlohmann::json::parse(f);
    } catch (const std::exception&) {
    }
    if (!j.contains("traffic")) {
        os << ",,,,,,,,,,,,false," << p.code;
        return os.str();
    }
    const auto& t = j["traffic"];
    os << ',' << t["offered"] << ',' << t["accepted"] << ',' << t["latency"]["mean"] << ','
       << t["latency"]["p50"] << ',' << t["latency"]["p99"] << ',' << t["latency"]["max"] << ','
       << t["hops"]["mean"] << ',' << t["deflected_fraction"] << ',' << j["conflicts"] << ','
       << j["credit_stalls"] << ',' << (t["drained"].get<bool>() ? "true" : "false") << ','
       << (j["correct"].get<bool>() ? "true" : "false") << ',' << p.code;
    return os.str();
}

void write_plot_script(const std::string& dir, const std::string& title) {
    std::ofstream g(dir + "/sweep.gp");
    g << "# gnuplot " << dir << "/sweep.gp  (written by d3sim sweep)\n"
      << "set datafile separator ','\n"
      << "do for [out in 'png svg'] {\n"
      << "  if (out eq 'png') { set terminal pngcairo size 1100,450 } else { set terminal svg "
         "size 1100,450 }\n"
      << "  set output '" << dir << "/sweep.'.out\n"
      << "  set multiplot layout 1,2 title '" << title << "'\n"
      << "  set xlabel 'offered load (packets/node/step)'\n"
      << "  set ylabel 'latency from creation (steps)'\n"
      << "  set xrange [0:1.05]\n  set logscale y\n  set grid\n  set key top left\n"
      << "  plot '" << dir
      << "/sweep.csv' using 2:4 with linespoints title 'mean', '' using 2:6 "
         "with linespoints title 'p99'\n"
      << "  unset logscale y\n"
      << "  set ylabel 'accepted load (packets/node/step)'\n"
      << "  set yrange [0:1.05]\n"
      << "  plot '" << dir
      << "/sweep.csv' using 2:3 with linespoints title 'accepted', x with "
         "lines dashtype 2 title 'offered'\n"
      << "  unset multiplot\n  unset xrange\n  unset yrange\n"
      << "}\n";
}

}  // namespace

int run_sweep(int argc, char** argv) {
    CLI::App app{"d3sim sweep: one d3sim --traffic run per offered load, CSV and plot"};
    std::string rates_text = "0.05:1.0:0.05", out;
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    app.add_option("--rates", rates_text, "offered loads FROM:TO:STEP or a list a,b,c")
        ->capture_default_str();
    app.add_option("--out", out, "directory for sweep.csv, sweep.png, sweep.svg and the points")
        ->required();
    app.add_option("--jobs", jobs, "points run at once (default: the number of cores)")
        ->capture_default_str();
    apply_limits(app, {{"--jobs", kJobsRange}});
    app.allow_extras();
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return bad_input(e.what());
    }
    const auto rates = parse_rates(rates_text);
    if (!rates)
        return bad_input("--rates must be FROM:TO:STEP or a list of rates in (0, 1] (got '" +
                         rates_text + "')");
    std::vector<std::string> extras = app.remaining();
    bool traffic = false;
    for (const auto& a : extras) {
        traffic = traffic || a == "--traffic" || a.rfind("--traffic=", 0) == 0;
        for (const char* own : {"--rate", "--json", "--link-stats"})
            if (a == own || a.rfind(std::string(own) + "=", 0) == 0)
                return bad_input(std::string(own) + " is set by the sweep for each point");
    }
    if (!traffic) return bad_input("a sweep needs --traffic PATTERN (and d3sim's traffic options)");
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) return bad_input("cannot create " + out + ": " + ec.message());
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec) return bad_input("cannot find the d3sim executable: " + ec.message());

    std::vector<point> points;
    for (double r : *rates) {
        point p;
        p.rate = r;
        p.json = out + "/point_" + rate_text(r) + ".json";
        p.err = out + "/point_" + rate_text(r) + ".log";
        points.push_back(p);
    }
    std::size_t next = 0, running = 0, done = 0;
    std::map<pid_t, std::size_t> by_pid;
    while (done < points.size()) {
        while (next < points.size() && running < jobs) {
            point& p = points[next];
            std::vector<std::string> args = extras;
            args.insert(args.end(), {"--rate", rate_text(p.rate), "--json", p.json, "-q"});
            p.pid = spawn(self, args, p);
            if (p.pid < 0) return bad_input("cannot start a point process");
            by_pid[p.pid] = next++;
            ++running;
        }
        int status = 0;
        const pid_t pid = wait(&status);
        if (pid < 0) break;
        const auto it = by_pid.find(pid);
        if (it == by_pid.end()) continue;
        point& p = points[it->second];
        p.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        --running;
        ++done;
        if (isatty(STDERR_FILENO))
            std::fprintf(stderr, "  rate %-6s exit %d  (%zu of %zu)\n", rate_text(p.rate).c_str(),
                         p.code, done, points.size());
    }
    for (const point& p : points)
        if (p.code == 2) return bad_input(first_line(p.err));

    std::string csv = std::string(kColumns) + "\n";
    bool all_ok = true;
    for (const point& p : points) {
        csv += csv_row(p) + "\n";
        all_ok = all_ok && p.code == 0;
    }
    if (auto err = write_file(out + "/sweep.csv", csv)) return bad_input(*err);
    std::string title = "d3sim";
    for (const auto& a : extras) title += " " + a;
    write_plot_script(out, title);
    const std::string cmd = "gnuplot '" + out + "/sweep.gp' 2>'" + out + "/gnuplot.log'";
    if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "d3sim sweep: gnuplot failed (is gnuplot-nox installed?), see %s\n",
                     (out + "/gnuplot.log").c_str());
        return 1;
    }
    std::printf("wrote %s/sweep.csv, %s/sweep.png, %s/sweep.svg\n", out.c_str(), out.c_str(),
                out.c_str());
    return all_ok ? 0 : 1;
}

}  // namespace d3
