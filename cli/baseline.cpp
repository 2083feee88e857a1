#include "cli/baseline.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "cli/option_limits.h"
#include "core/run/input_file.h"

namespace d3 {

void add_baseline_options(CLI::App& app, run_baseline& b, const std::string& group) {
    app.add_option("--baseline", b.path,
                   "exit 6 when a correct run's steps, conflicts, latency (mean, p99) or "
                   "throughput are worse than in this earlier JSON result of the same "
                   "configuration by more than --tolerance")
        ->group(group);
    app.add_option("--tolerance", b.tolerance,
                   "how much worse than --baseline a figure may be, a percentage such as 5%")
        ->capture_default_str()
        ->group(group);
}

std::optional<double> parse_tolerance(const std::string& text) {
    if (text.empty() || text.back() != '%') return std::nullopt;
    const std::string number = text.substr(0, text.size() - 1);
    if (!decimal_number(number) || number[0] == '-' || number[0] == '+') return std::nullopt;
    const double v = std::strtod(number.c_str(), nullptr);
    if (!(v >= 0 && v <= 1000)) return std::nullopt;
    return v / 100;
}

namespace {

// The config without what does not change a figure: the version, the resolved defaults, the gates.
nlohmann::json comparable(nlohmann::json c) {
    if (!c.is_object()) return c;
    for (const char* key : {"version", "resolved", "gates"}) c.erase(key);
    return c;
}

// "network.k (4 there, 8 here)" for the first difference of two configs, or nothing.
std::optional<std::string> first_difference(const nlohmann::json& there,
                                            const nlohmann::json& here) {
    const nlohmann::json patch = nlohmann::json::diff(comparable(there), comparable(here));
    if (patch.empty()) return std::nullopt;
    const nlohmann::json::json_pointer at(patch[0]["path"].get<std::string>());
    std::string key = at.to_string().substr(1);
    for (char& c : key) c = c == '/' ? '.' : c;
    const nlohmann::json& a = comparable(there).contains(at) ? comparable(there)[at] : nullptr;
    const nlohmann::json& b = comparable(here).contains(at) ? comparable(here)[at] : nullptr;
    return key + " (" + (a.is_null() ? "absent" : a.dump()) + " there, " +
           (b.is_null() ? "absent" : b.dump()) + " here)";
}

}  // namespace

std::optional<std::string> load_baseline(run_baseline& b, const nlohmann::json& config) {
    const auto tol = parse_tolerance(b.tolerance);
    if (!tol)
        return "--tolerance must be a percentage from 0% to 1000% such as 5% (got '" +
               printable(b.tolerance) + "')";
    b.fraction = *tol;
    std::string text;
    try {
        text = read_input_text(b.path, "--baseline");  // a regular file only
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    b.result = nlohmann::json::parse(text, nullptr, false);
    const std::string file = "--baseline " + printable(b.path);
    if (b.result.is_discarded() || !b.result.is_object() || !b.result.contains("steps") ||
        !b.result.contains("conflicts"))
        return file + " is not a d3sim JSON result (from --json FILE)";
    if (!b.result.value("correct", false))
        return file + " is the result of a run that was not correct: no baseline";
    if (!config.is_null() && b.result.contains("config"))
        if (auto diff = first_difference(b.result["config"], config))
            return file + " ran another configuration: " + *diff +
                   "; compare runs of one configuration";
    return std::nullopt;
}

namespace {

// The figure at `path` ("/traffic/latency/mean") of a result, or nothing.
std::optional<double> figure(const nlohmann::json& r, const char* path) {
    const nlohmann::json::json_pointer p(path);
    if (!r.contains(p) || !r[p].is_number()) return std::nullopt;
    return r[p].get<double>();
}

std::string number_text(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

}  // namespace

std::vector<std::string> baseline_regressions(const run_baseline& b, const nlohmann::json& now) {
    struct measured {
        const char* name;
        const char* path;
        bool higher_is_worse;
    };
    static const measured figures[] = {{"steps", "/steps", true},
                                       {"conflicts", "/conflicts", true},
                                       {"latency mean", "/traffic/latency/mean", true},
                                       {"latency p99", "/traffic/latency/p99", true},
                                       {"throughput", "/traffic/accepted", false}};
    std::vector<std::string> out;
    const std::string tol = " (--tolerance " + printable(b.tolerance) + ", --baseline " +
                            printable(b.path) + ", exit 6)";
    for (const measured& f : figures) {
        const auto was = figure(b.result, f.path), is = figure(now, f.path);
        if (!was || !is) continue;
        if (f.higher_is_worse && *is > *was * (1 + b.fraction))
            out.push_back(std::string(f.name) + " " + number_text(*is) + " > baseline " +
                          number_text(*was) + tol);
        if (!f.higher_is_worse && *is < *was * (1 - b.fraction))
            out.push_back(std::string(f.name) + " " + number_text(*is) + " < baseline " +
                          number_text(*was) + tol);
    }
    return out;
}

}  // namespace d3
