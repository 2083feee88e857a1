#include "study/sweep_compare.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "cli/option_limits.h"
#include "study/sweep_errors.h"

namespace d3 {

namespace {

// argv without --compare and its values and without --out and its value.
std::vector<std::string> shared_args(int argc, char** argv) {
    std::vector<std::string> args;
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--compare") {
            while (i + 1 < argc && argv[i + 1][0] != '-') ++i;
            continue;
        }
        if (a == "--out") {
            ++i;
            continue;
        }
        if (a.rfind("--compare=", 0) == 0 || a.rfind("--out=", 0) == 0) continue;
        args.push_back(a);
    }
    return args;
}

// One curve per sweep: the mean latency (with its interval when seeded) and the accepted load,
// both against --rate; saturated points are left off the latency and marked on the accepted load
// (as in a single sweep's plot, study/sweep.cpp).
void write_overlay(const std::string& dir, const std::vector<std::string>& names, bool seeded) {
    std::ofstream g(dir + "/compare.gp");
    const std::string lines = seeded ? "yerrorlines" : "linespoints";
    g << "# gnuplot " << dir << "/compare.gp  (written by d3sim sweep --compare)\n"
      << "set datafile separator ','\n"
      << "drained(y) = strcol(12) eq 'true' && strcol(15) ne 'true' ? y : NaN\n"
      << "stopped(y) = strcol(12) eq 'true' && strcol(15) ne 'true' ? NaN : y\n"
      << "in_rate(y) = $2 > 0 ? y * $1 / $2 : NaN\n"
      << "do for [out in 'png svg'] {\n"
      << "  if (out eq 'png') { set terminal pngcairo size 1100,450 } else { set terminal svg "
         "size 1100,450 }\n"
      << "  set output '" << dir << "/compare.'.out\n";
    std::string title = "d3sim sweep --compare:";
    for (const std::string& n : names) title += " " + n;
    g << "  set multiplot layout 1,2 title '" << title << "'\n"
      << "  set xlabel 'offered load, --rate (flits/terminal/step)'\n  set grid\n"
      << "  set key top left\n  set xrange [0:1.05]\n  set logscale y\n"
      << "  set ylabel 'mean latency from creation (steps)'\n  plot ";
    for (std::size_t i = 0; i < names.size(); ++i)
        g << (i ? ", " : "") << "'" << dir << "/" << names[i] << "/sweep.csv' using 1:(drained($4))"
          << (seeded ? ":(drained($17))" : "") << " with " << lines << " linecolor " << i + 1
          << " title '" << names[i] << "'";
    g << "\n  unset logscale y\n  set yrange [0:1.05]\n"
      << "  set ylabel 'accepted load (flits/terminal/step)'\n  plot ";
    for (std::size_t i = 0; i < names.size(); ++i)
        g << (i ? ", " : "") << "'" << dir << "/" << names[i]
          << "/sweep.csv' using 1:(drained(in_rate($3)))"
          << (seeded ? ":(drained(in_rate($19)))" : "") << " with " << lines << " linecolor "
          << i + 1 << " title '" << names[i] << "', '' using 1:(stopped(in_rate($3))) with points "
          << "pointtype 6 pointsize 1.5 linecolor " << i + 1 << " title '" << names[i]
          << " saturated'";
    g << ", x with lines dashtype 2 linecolor 0 title 'offered'\n"
      << "  unset multiplot\n  unset xrange\n  unset yrange\n}\n";
}

}  // namespace

int run_compare(int argc, char** argv, const std::vector<std::string>& configs,
                const std::string& out, bool seeded, sweep_function sweep) {
    std::vector<std::string> names;
    for (const std::string& c : configs) {
        if (!std::filesystem::is_regular_file(c))
            return sweep_bad_input("--compare: " + c + " is not a configuration file");
        names.push_back(std::filesystem::path(c).stem().string());
    }
    if (const auto twice = repeated(names))
        return sweep_bad_input("--compare: two configurations are named " + *twice +
                               " (each sweep goes to DIR/NAME)");
    const std::vector<std::string> shared = shared_args(argc, argv);
    int worst = 0;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        std::vector<std::string> args = shared;
        args.insert(args.end(), {"--out", out + "/" + names[i], "--config",
                                 std::filesystem::absolute(configs[i]).string()});
        std::vector<char*> sub;
        for (std::string& a : args) sub.push_back(a.data());
        sub.push_back(nullptr);
        const int code = sweep(static_cast<int>(args.size()), sub.data());
        if (code == 2) return 2;  // its line said why; the others would say the same
        worst = std::max(worst, code);
    }
    const std::string dir = std::filesystem::absolute(out).lexically_normal().string();
    write_overlay(dir, names, seeded);
    const std::string cmd = "gnuplot '" + dir + "/compare.gp' 2>'" + dir + "/gnuplot.log'";
    if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "d3sim sweep: gnuplot failed on the overlay, see %s/gnuplot.log\n",
                     dir.c_str());
        return 1;
    }
    std::printf("wrote %s/compare.png and %s/compare.svg\n", out.c_str(), out.c_str());
    return worst;
}

}  // namespace d3
