#include "core/network/link_faults.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"
#include "core/run/input_file.h"

namespace d3 {
namespace {

/// Output o of router id: the cable it belongs to, with its far end.
cable cable_at(const topology& t, router_id id, int o) {
    const coord at = t.at(id);
    const topology::link_end far = t.far_end(at, port_of(o, t.k()));
    return {id, o, t.id(far.at), index_of(far.port, t.k())};
}

bool is_cable(const topology& t, router_id id, int o) {
    const port_ref p = port_of(o, t.k());
    return !(p.global && t.global_loops(t.at(id), p.port));
}

/// N distinct items of `all` drawn with the seed (a partial Fisher-Yates shuffle), sorted.
template <typename T, typename Less>
std::vector<T> draw(std::vector<T> all, std::size_t n, std::uint64_t seed, Less less) {
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = i + static_cast<std::size_t>(rng() % (all.size() - i));
        std::swap(all[i], all[j]);
    }
    all.resize(n);
    std::sort(all.begin(), all.end(), less);
    return all;
}

bool cable_before(const cable& a, const cable& b) {
    return a.from != b.from ? a.from < b.from : a.out < b.out;
}

/// `random:N` or `fraction:X` of `total` items: how many (nullopt: SPEC names a file). `option`
/// and `what` name the option and its items in errors.
std::optional<std::size_t> drawn_count(const std::string& spec, std::size_t total,
                                       const std::string& option, const std::string& what,
                                       const topology& t);

std::size_t count_of(const std::string& text, const std::string& spec) {
    std::size_t used = 0;
    unsigned long long n = 0;
    try {
        n = std::stoull(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || text[0] == '-')
        throw std::invalid_argument(spec + ": N must be a whole number");
    return static_cast<std::size_t>(n);
}

double fraction_of(const std::string& text, const std::string& spec) {
    std::size_t used = 0;
    double x = -1;
    try {
        x = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !(x >= 0 && x <= 1))
        throw std::invalid_argument(spec + ": X must be a number in [0, 1]");
    return x;
}

/// One line of a faults file: "c d p g A" or "c d p l X".
cable cable_of_line(const topology& t, const std::string& line, const std::string& where) {
    std::istringstream in(line);
    coord at;
    std::string kind;
    int port = -1;
    std::string rest;
    if (!(in >> at.c >> at.d >> at.p >> kind >> port) || (in >> rest) ||
        (kind != "g" && kind != "l"))
        throw std::invalid_argument(where + ": expected 'c d p g A' or 'c d p l X'");
    if (!t.contains(at))
        throw std::invalid_argument(where + ": no router " + to_string(at) + " in " + t.name());
    const bool global = kind == "g";
    if (port < (global ? 0 : 1) || port >= (global ? t.k() : t.m()))
        throw std::invalid_argument(where + ": no " + (global ? "global" : "local") + " port " +
                                    std::to_string(port) + " on " + t.name());
    const int o = index_of({global, port}, t.k());
    if (!is_cable(t, t.id(at), o))
        throw std::invalid_argument(where + ": global port 0 of " + t.label(at) +
                                    " loops back to the router: not a cable");
    return cable_at(t, t.id(at), o);
}

std::vector<cable> read_cables(const topology& t, const std::string& path) {
    std::vector<cable> out;
    const std::vector<std::string> lines = read_input_lines(path, "--fail-links");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = lines[i].substr(0, lines[i].find('#'));
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        out.push_back(cable_of_line(t, line, path + " line " + std::to_string(i + 1)));
    }
    return out;
}

std::optional<std::size_t> drawn_count(const std::string& spec, std::size_t total,
                                       const std::string& option, const std::string& what,
                                       const topology& t) {
    const std::string random = "random:";
    const std::string fraction = "fraction:";
    const std::string given = option + " " + spec;
    if (spec.rfind(random, 0) == 0) {
        const std::size_t n = count_of(spec.substr(random.size()), given);
        if (n > total)
            throw std::invalid_argument(given + ": " + t.name() + " has " + std::to_string(total) +
                                        " " + what);
        return n;
    }
    if (spec.rfind(fraction, 0) != 0) return std::nullopt;
    const double x = fraction_of(spec.substr(fraction.size()), given);
    return static_cast<std::size_t>(std::llround(x * static_cast<double>(total)));
}

/// A router faults file: a router `c d p` per line, `#` starting a comment.
std::vector<router_id> read_routers(const topology& t, const std::string& path) {
    std::vector<router_id> out;
    const std::vector<std::string> lines = read_input_lines(path, "--fail-routers");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line = lines[i].substr(0, lines[i].find('#'));
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const std::string where = path + " line " + std::to_string(i + 1);
        std::istringstream in(line);
        coord at;
        std::string rest;
        if (!(in >> at.c >> at.d >> at.p) || (in >> rest))
            throw std::invalid_argument(where + ": expected 'c d p'");
        if (!t.contains(at))
            throw std::invalid_argument(where + ": no router " + to_string(at) + " in " + t.name());
        out.push_back(t.id(at));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace

link_faults::link_faults(const topology& t, std::vector<cable> failed,
                         std::vector<router_id> routers)
    : routers_(std::move(routers)), ports_(static_cast<std::size_t>(t.link_ports())) {
    down_.assign(static_cast<std::size_t>(t.routers()) * ports_, false);
    for (const cable& c : failed)
        if (take_down(c)) cables_.push_back(c);  // named twice (either direction): once
    if (routers_.empty()) return;
    router_down_.assign(t.routers(), false);
    for (router_id r : routers_) router_down_[r] = true;
    for (const cable& c : all_cables(t))
        if (router_down_[c.from] || router_down_[c.to]) take_down(c);
}

bool link_faults::take_down(const cable& c) {
    const std::size_t a = static_cast<std::size_t>(c.from) * ports_ + c.out;
    const std::size_t b = static_cast<std::size_t>(c.to) * ports_ + c.in;
    if (down_[a]) return false;
    down_[a] = down_[b] = true;
    return true;
}

std::vector<cable> all_cables(const topology& t) {
    std::vector<cable> out;
    for (router_id id = 0; id < t.routers(); ++id)
        for (int o = 0; o < t.link_ports(); ++o) {
            if (!is_cable(t, id, o)) continue;
            const cable c = cable_at(t, id, o);
            if (c.from < c.to || (c.from == c.to && c.out < c.in)) out.push_back(c);
        }
    return out;
}

link_faults parse_link_faults(const std::string& spec, const topology& t, std::uint64_t seed) {
    std::vector<cable> all = all_cables(t);
    if (const auto n = drawn_count(spec, all.size(), "--fail-links", "cables", t))
        return link_faults(t, draw(std::move(all), *n, seed, cable_before));
    return link_faults(t, read_cables(t, spec));
}

std::vector<router_id> parse_router_faults(const std::string& spec, const topology& t,
                                           std::uint64_t seed) {
    std::vector<router_id> all(t.routers());
    for (router_id r = 0; r < t.routers(); ++r) all[r] = r;
    // Drawn from a stream of their own: the same seed fails other cables than routers.
    if (const auto n = drawn_count(spec, all.size(), "--fail-routers", "routers", t))
        return draw(std::move(all), *n, seed ^ 0x5EED0F0A17ED0000ull, std::less<router_id>());
    return read_routers(t, spec);
}

timed_fault_spec split_fault_step(const std::string& value, const char* option) {
    const std::size_t at = value.rfind('@');
    if (at == std::string::npos) return {value, std::nullopt};
    const std::string step = value.substr(at + 1);
    const bool digits = !step.empty() && step.size() <= 18 &&
                        step.find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
        throw std::invalid_argument(std::string(option) + " " + value +
                                    ": the step after '@' must be a whole number (SPEC@T)");
    if (at == 0)
        throw std::invalid_argument(std::string(option) + " " + value + ": no SPEC before '@'");
    return {value.substr(0, at), std::stoull(step)};
}

std::optional<std::uint64_t> fault_step(const std::string& links, const std::string& routers) {
    std::optional<timed_fault_spec> l, r;
    if (!links.empty()) l = split_fault_step(links, "--fail-links");
    if (!routers.empty()) r = split_fault_step(routers, "--fail-routers");
    if (l && r && l->at != r->at)
        throw std::invalid_argument(
            "--fail-links and --fail-routers fail at the same time: both at the same step "
            "(SPEC@T) or both before the run");
    return l ? l->at : r ? r->at : std::nullopt;
}

link_faults parse_faults(const std::string& links, const std::string& routers, const topology& t,
                         std::uint64_t seed) {
    std::vector<cable> cables;
    if (!links.empty())
        cables = parse_link_faults(split_fault_step(links, "--fail-links").spec, t, seed).cables();
    std::vector<router_id> down;
    if (!routers.empty())
        down = parse_router_faults(split_fault_step(routers, "--fail-routers").spec, t, seed);
    return link_faults(t, std::move(cables), std::move(down));
}

std::string cable_name(const topology& t, const cable& c) {
    const port_ref p = port_of(c.out, t.k());
    return t.label(t.at(c.from)) + (p.global ? " g " : " l ") + std::to_string(p.port);
}

namespace {
// A broadcast's copies, step by step (as walk() follows them): true when one crosses a failure.
bool tree_crosses_failure(const topology& t, const link_faults& f, const coord& src,
                          const header& h) {
    std::vector<std::pair<coord, header>> now{{src, h}}, next;
    std::vector<hop> hops;
    for (int step = 0; !now.empty(); ++step) {
        if (step > 8) return true;
        next.clear();
        for (const auto& [at, hdr] : now) {
            const decision d = step == 0 ? decode(hdr, at, t) : decode_valid(hdr, at, t);
            if (!expand(d, at, t, hops)) return true;
            for (const hop& x : hops) {
                if (x.to == kEjectTarget) continue;
                if (is_link(x.to) && f.failed(t.id(at), x.to)) return true;
                next.emplace_back(x.at, d.next);
            }
        }
        std::swap(now, next);
    }
    return false;
}
}  // namespace

bool route_crosses_failure(const topology& t, const link_faults& f, const coord& src,
                           const header& h) {
    if (h.broadcast) return tree_crosses_failure(t, f, src, h);
    coord at = src;
    header hdr = h;
    for (int step = 0; step <= 8; ++step) {
        const decision d = step == 0 ? decode(hdr, at, t) : decode_valid(hdr, at, t);
        hop next;
        if (!expand_unicast(d, at, t, next)) return true;
        if (next.to == kEjectTarget) return false;
        if (is_link(next.to) && f.failed(t.id(at), next.to)) return true;
        at = next.at;
        hdr = d.next;
    }
    return true;
}

}  // namespace d3
