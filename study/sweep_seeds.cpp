#include "study/sweep_seeds.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "core/run/confidence.h"

namespace d3 {

namespace {

// The member at `path`, or nullptr when a member on the way is missing or not an object.
template <typename Json>
Json* at_path(Json& j, const std::vector<const char*>& path) {
    Json* at = &j;
    for (const char* key : path) {
        if (!at->is_object()) return nullptr;
        const auto it = at->find(key);
        if (it == at->end()) return nullptr;
        at = &*it;
    }
    return at;
}

// The figures averaged over seeds: those of a row (study/sweep.cpp, csv_row).
const std::vector<std::vector<const char*>>& averaged() {
    static const std::vector<std::vector<const char*>> paths = {
        {"traffic", "offered"},
        {"traffic", "accepted"},
        {"traffic", "latency", "mean"},
        {"traffic", "latency", "p50"},
        {"traffic", "latency", "p99"},
        {"traffic", "latency", "max"},
        {"traffic", "latency", "queueing", "mean"},
        {"traffic", "latency", "network", "mean"},
        {"traffic", "hops", "mean"},
        {"traffic", "deflected_fraction"},
        {"conflicts"},
        {"credit_stalls"}};
    return paths;
}

// The values of `path` over the seeds, or nothing when a seed lacks a number there.
std::optional<std::vector<double>> values_at(const std::vector<nlohmann::json>& seeds,
                                             const std::vector<const char*>& path) {
    std::vector<double> v;
    for (const nlohmann::json& s : seeds) {
        const nlohmann::json* x = at_path(s, path);
        if (!x || !x->is_number()) return std::nullopt;
        v.push_back(x->get<double>());
    }
    return v;
}

// The latency's parts (traffic.latency.queueing, .network), with intervals in sweep.json.
const std::vector<seeded_figure>& split_figures() {
    static const std::vector<seeded_figure> figures = {
        {"queueing_mean", {"traffic", "latency", "queueing", "mean"}},
        {"network_mean", {"traffic", "latency", "network", "mean"}}};
    return figures;
}

}  // namespace

const std::vector<seeded_figure>& seeded_figures() {
    static const std::vector<seeded_figure> figures = {
        {"latency_mean", {"traffic", "latency", "mean"}},
        {"latency_p99", {"traffic", "latency", "p99"}},
        {"accepted", {"traffic", "accepted"}}};
    return figures;
}

std::string seed_columns() {
    std::string s = "seeds";
    for (const seeded_figure& f : seeded_figures()) s += std::string(",") + f.name + "_ci95";
    return s;
}

nlohmann::json combine_seeds(const std::vector<nlohmann::json>& seeds) {
    const auto has_figures = [](const nlohmann::json& s) {
        return s.is_object() && s.contains("traffic") && s.contains("job");
    };
    if (seeds.empty() || !std::all_of(seeds.begin(), seeds.end(), has_figures)) return nullptr;
    // What the runs share (the network, the pattern), then the averaged figures.
    const nlohmann::json& first = seeds.front();
    nlohmann::json row;
    for (const char* key : {"topology", "k", "m"})
        if (first.contains(key)) row[key] = first[key];
    for (const char* key : {"pattern", "routing", "concentration"})
        if (first["traffic"].contains(key)) row["traffic"][key] = first["traffic"][key];
    for (const auto& path : averaged()) {
        nlohmann::json* out = &row;
        for (const char* key : path) out = &(*out)[key];
        const auto v = values_at(seeds, path);
        *out = v ? nlohmann::json(confidence_of(*v).mean) : nlohmann::json();
    }
    int code = 0;
    bool correct = true, drained = true, saturated = false;
    for (const nlohmann::json& s : seeds) {
        const int c = s["job"].value("exit_code", -1);
        if (code == 0) code = c;
        correct = correct && s.value("correct", false);
        drained = drained && s["traffic"].value("drained", false);
        saturated = saturated || s["traffic"].value("saturated", false);
    }
    row["job"]["exit_code"] = code;
    row["correct"] = correct;
    row["traffic"]["drained"] = drained;
    row["traffic"]["saturated"] = saturated;
    row["seeds"] = seeds.size();
    nlohmann::json& ci = row["ci95"] = nlohmann::json::object();
    for (const seeded_figure& f : seeded_figures()) {
        const auto v = values_at(seeds, f.path);
        const auto half = v ? confidence_of(*v).ci95 : std::nullopt;
        ci[f.name] = half ? nlohmann::json(*half) : nlohmann::json();
    }
    // The latency's split (JSON only: the csv keeps its columns).
    for (const seeded_figure& f : split_figures()) {
        const auto v = values_at(seeds, f.path);
        const auto half = v ? confidence_of(*v).ci95 : std::nullopt;
        ci[f.name] = half ? nlohmann::json(*half) : nlohmann::json();
    }
    return row;
}

std::string seed_fields(const nlohmann::json& combined) {
    std::ostringstream os;
    if (!combined.is_object()) return std::string(seeded_figures().size(), ',');
    os << combined.value("seeds", 0);
    for (const seeded_figure& f : seeded_figures()) {
        const nlohmann::json& v = combined["ci95"][f.name];
        os << ',' << (v.is_null() ? std::string() : v.dump());
    }
    return os.str();
}

}  // namespace d3
