// d3wave: look into d3sim's VCD traces without a window.
//   d3wave stats TRACE.vcd [--json]            conflict steps, conflicting links, counters
//   d3wave check TRACE.vcd VIEW.gtkw           every signal of the save file exists in the trace
//   d3wave view TRACE.vcd -o VIEW.gtkw -s PATTERN... [--from N] [--to N]
//                                              a gtkwave save file for chosen signals and steps
// Patterns are shell globs over gtkwave's names ("d3.c0.d0.p0.l1.*"; "d3." may be left out).
// Exit codes: 0 fine, 1 a check failed, 2 bad input (one line): a trace that is not a VCD (an FST:
// convert it with fst2vcd), a --from after the trace's end or a --to before --from, -o the trace.
#include <fnmatch.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/option_limits.h"
#include "trace/formats/gtkw.h"
#include "trace/formats/vcd_reader.h"

namespace {

using d3::printable;
using d3::vcd_file;

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string parent(const std::string& path) {
    const auto dot = path.find_last_of('.');
    return dot == std::string::npos ? "" : path.substr(0, dot);
}

// Why `path` cannot be read as a VCD, or nothing. A VCD is text that starts with a $ keyword; an
// FST (its first block type is byte 0), a compressed trace or any other binary file is refused
// here in one line, before the VCD reader quotes a binary token.
std::optional<std::string> not_a_vcd(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return path + " is a directory, not a VCD trace";
    std::ifstream f(path, std::ios::binary);
    if (!f) return std::nullopt;  // vcd_file::load says "cannot read"
    char head[4096];
    f.read(head, sizeof head);
    const std::string text(head, static_cast<std::size_t>(f.gcount()));
    const auto first = text.find_first_not_of(" \t\r\n");
    const bool binary = std::any_of(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && c != '\n' && c != '\r' && c != '\t';
    });
    if (!binary && (first == std::string::npos || text[first] == '$')) return std::nullopt;
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".fst") == 0)
        return path + " is an FST trace: d3wave reads VCD (convert it with fst2vcd " + path +
               " > TRACE.vcd)";
    return path + " is not a VCD trace (it does not start with a $ keyword" +
           std::string(binary ? ", and it holds binary bytes" : "") +
           "; for an FST trace, convert it with fst2vcd first)";
}

// --from and --to: whole steps (CLI11 would read "-3" as 2^64 - 3).
std::optional<std::uint64_t> parse_step(const std::string& s) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoull(s);
}

int stats(const vcd_file& v, bool json) {
    std::uint64_t steps = 0;
    std::map<std::string, std::uint64_t> links;
    for (std::size_t i = 0; i < v.vars().size(); ++i) {
        if (!ends_with(v.vars()[i].path, ".conflict")) continue;
        const std::uint64_t high = v.time_high(i);
        steps += high;
        if (high) links[parent(v.vars()[i].path)] = high;
    }
    const auto final_of = [&](const char* name) -> std::uint64_t {
        const auto id = v.find(name);
        return id ? v.value_at(*id, v.end_time()) : 0;
    };
    if (json) {
        nlohmann::json j = {{"signals", v.vars().size()},
                            {"end", v.end_time()},
                            {"conflict_steps", steps},
                            {"conflicting_links", links.size()},
                            {"conflicts_counter", final_of("d3.conflicts")},
                            {"rounds", final_of("d3.rounds")},
                            {"links", links}};
        std::cout << j.dump(2) << "\n";
        return 0;
    }
    std::cout << v.vars().size() << " signals, steps 0.." << v.end_time() << "\n"
              << "conflict steps (sum over links of steps with conflict = 1): " << steps << "\n"
              << "conflicting links: " << links.size() << "\n"
              << "d3.conflicts at the end: " << final_of("d3.conflicts") << "\n"
              << "d3.rounds at the end: " << final_of("d3.rounds") << "\n";
    std::size_t shown = 0;
    for (const auto& [name, n] : links) {
        if (++shown > 16) {
            std::cout << "  ...\n";
            break;
        }
        std::cout << "  " << name << ": " << n << "\n";
    }
    return 0;
}

int check(const vcd_file& v, const std::string& view) {
    std::ifstream f(view);
    if (!f) {
        std::fprintf(stderr, "d3wave: error: cannot read %s\n", printable(view).c_str());
        return 2;
    }
    const auto names = d3::gtkw_trace_names(f);
    std::size_t missing = 0;
    for (const std::string& n : names)
        if (!v.find(n)) {
            ++missing;
            std::fprintf(stderr, "d3wave: %s: not in the trace: %s\n", view.c_str(), n.c_str());
        }
    std::printf("%zu signals in %s, %zu missing from the trace\n", names.size(), view.c_str(),
                missing);
    return missing == 0 ? 0 : 1;
}

int view(const vcd_file& v, const std::string& trace, const std::string& out,
         std::vector<std::string> patterns, std::uint64_t from, std::optional<std::uint64_t> to,
         const std::string& title) {
    std::error_code ec;
    if (std::filesystem::equivalent(out, trace, ec)) {
        std::fprintf(stderr, "d3wave: error: -o %s is the trace itself\n", printable(out).c_str());
        return 2;
    }
    for (std::string& p : patterns)
        if (p.rfind("d3.", 0) != 0 && p != "*") p = "d3." + p;
    d3::gtkw_view g;
    g.dumpfile = d3::relative_to_folder_of(out, trace);
    g.savefile = d3::relative_to_folder_of(out, out);
    if (!title.empty()) g.comments.push_back(title);
    g.comments.push_back("written by d3wave view");
    g.start = from;
    g.end = to.value_or(v.end_time());
    std::map<std::string, std::size_t> group_of;
    for (const auto& var : v.vars()) {
        bool hit = false;
        for (const std::string& p : patterns)
            hit = hit || fnmatch(p.c_str(), var.name.c_str(), 0) == 0 ||
                  fnmatch(p.c_str(), var.path.c_str(), 0) == 0;
        if (!hit) continue;
        d3::gtkw_trace t;
        t.name = var.name;
        t.fmt = var.width == 1 ? d3::gtkw_trace::format::binary
                               : (ends_with(var.path, ".header") || ends_with(var.path, "_i") ||
                                          ends_with(var.path, "next_o")
                                      ? d3::gtkw_trace::format::hex
                                      : d3::gtkw_trace::format::decimal);
        if (ends_with(var.path, ".conflict") || var.path == "d3.conflicts") t.color = 1;
        if (ends_with(var.path, ".busy")) t.color = 4;
        const std::string scope = parent(var.path);
        if (scope == "d3") {
            g.top.push_back(t);
            continue;
        }
        auto it = group_of.find(scope);
        if (it == group_of.end()) {
            it = group_of.emplace(scope, g.groups.size()).first;
            g.groups.push_back({scope.substr(3), {}, false});
        }
        g.groups[it->second].traces.push_back(t);
        if (ends_with(var.path, ".conflict"))
            for (const auto& c : v.changes(*v.find(var.name)))
                if (c.value && c.time >= g.start && c.time <= g.end)
                    g.markers.push_back({c.time, "conflict on " + scope.substr(3)});
    }
    if (g.top.empty() && g.groups.empty()) {
        std::fprintf(stderr, "d3wave: error: no signal of %s matches the patterns\n",
                     printable(trace).c_str());
        return 2;
    }
    std::sort(g.markers.begin(), g.markers.end(),
              [](const auto& a, const auto& b) { return a.time < b.time; });
    if (g.markers.size() > d3::kGtkwMarkers) g.markers.resize(d3::kGtkwMarkers);
    if (!g.markers.empty()) g.primary = g.markers.front().time;
    std::ofstream f(out);
    d3::write_gtkw(g, f);
    if (!f) {
        std::fprintf(stderr, "d3wave: error: cannot write %s\n", printable(out).c_str());
        return 2;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"d3wave: inspect d3sim's VCD traces (stats, check a .gtkw, write a view)"};
    app.require_subcommand(1);
    std::string trace, gtkw, out, title;
    bool json = false;
    std::vector<std::string> patterns;
    std::string from_text = "0", to_text;
    auto* s = app.add_subcommand("stats", "conflict steps and counters of a trace");
    s->add_option("trace", trace, "VCD written by d3sim --wave")->required();
    s->add_flag("--json", json, "one JSON object on stdout");
    auto* c = app.add_subcommand("check", "every signal a .gtkw shows exists in the trace");
    c->add_option("trace", trace, "VCD")->required();
    c->add_option("view", gtkw, ".gtkw save file")->required();
    auto* w = app.add_subcommand("view", "write a .gtkw for chosen signals and steps");
    w->add_option("trace", trace, "VCD")->required();
    w->add_option("-o,--output", out, ".gtkw to write")->required();
    w->add_option("-s,--signals", patterns, "glob patterns over signal names")
        ->required()
        ->delimiter(',');
    w->add_option("--from", from_text, "first step shown (default 0)");
    w->add_option("--to", to_text, "last step shown (default: the end)");
    w->add_option("--title", title, "comment at the top of the file");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "d3wave: error: %s\n", printable(e.what()).c_str());
        return 2;
    }
    const auto bad = [](const std::string& why) {
        std::fprintf(stderr, "d3wave: error: %s\n", printable(why).c_str());
        return 2;
    };
    const std::optional<std::uint64_t> from = parse_step(from_text);
    std::optional<std::uint64_t> to;
    if (*w) {
        if (!from) return bad("--from must be a whole number of steps (got '" + from_text + "')");
        if (w->count("--to") != 0) {
            to = parse_step(to_text);
            if (!to) return bad("--to must be a whole number of steps (got '" + to_text + "')");
            if (*to < *from)
                return bad("--to " + to_text + " is before --from " + std::to_string(*from));
        }
    }
    if (auto why = not_a_vcd(trace)) return bad(*why);
    try {
        const vcd_file v = vcd_file::load(trace);
        if (*s) return stats(v, json);
        if (*c) return check(v, gtkw);
        if (*from > v.end_time())
            return bad("--from " + std::to_string(*from) + " is after the end of " + trace +
                       " (step " + std::to_string(v.end_time()) + ")");
        return view(v, trace, out, patterns, *from, to, title);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "d3wave: error: %s\n", printable(e.what()).c_str());
        return 2;
    }
}
