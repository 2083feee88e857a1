#include "core/network/graphs/network_file.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace d3 {

namespace {

// Bounds of what a file may ask for: beyond them the file is refused, not the memory exhausted.
constexpr std::uint32_t kMaxRouters = 16384;  // minimal_routes holds 3 bytes per router pair
constexpr std::uint32_t kMaxPorts = 256;
constexpr std::uint32_t kMaxTerminals = 64;
constexpr std::uint32_t kMaxLatency = 1u << 20;
constexpr std::uint32_t kUnjoined = std::numeric_limits<std::uint32_t>::max();

// A whole number of decimal digits only (no sign, no exponent), at most `limit`.
std::optional<std::uint32_t> whole_number(const std::string& s, std::uint32_t limit) {
    if (s.empty() || s.size() > 10 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const unsigned long long v = std::stoull(s);
    if (v > limit) return std::nullopt;
    return static_cast<std::uint32_t>(v);
}

class reader {
  public:
    explicit reader(std::string name) : name_(std::move(name)) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument(name_ + ":" + std::to_string(line_) + ": " + what);
    }
    void next_line() { ++line_; }
    std::uint32_t number(const std::string& word, std::uint32_t lo, std::uint32_t hi,
                         const char* what) const {
        const auto v = whole_number(word, hi);
        if (!v || *v < lo)
            fail(std::string(what) + " must be a whole number in " + std::to_string(lo) + " .. " +
                 std::to_string(hi) + " (got '" + word + "')");
        return *v;
    }
    std::uint32_t router(const std::string& word, std::uint32_t routers) const {
        if (routers == 0) fail("a link before 'routers N'");
        return number(word, 0, routers - 1, "a router");
    }

  private:
    std::string name_;
    int line_ = 0;
};

// Joins r's port p to (far, far_port): refused when the port is taken already.
void join(std::vector<std::vector<port_link>>& ports, const reader& at, std::uint32_t r,
          std::uint32_t p, const port_link& far) {
    std::vector<port_link>& mine = ports[r];
    if (mine.size() <= p) mine.resize(p + 1, port_link{kUnjoined, kUnjoined, 0});
    if (mine[p].router != kUnjoined)
        at.fail("router " + std::to_string(r) + "'s port " + std::to_string(p) +
                " is joined twice");
    mine[p] = far;
}

// The counts of a `terminals` line `w`: one for every router, or one per router.
std::vector<std::uint32_t> terminal_counts(const reader& at, const std::vector<std::string>& w,
                                           std::uint32_t routers) {
    if (w.size() == 2) return {at.number(w[1], 0, kMaxTerminals, "the terminals per router")};
    if (routers == 0) at.fail("a list of terminals before 'routers N'");
    if (w.size() != static_cast<std::size_t>(routers) + 1)
        at.fail("'terminals' takes one count for every router or one per router (" +
                std::to_string(routers) + " values; got " + std::to_string(w.size() - 1) + ")");
    std::vector<std::uint32_t> counts;
    for (std::size_t i = 1; i < w.size(); ++i)
        counts.push_back(at.number(w[i], 0, kMaxTerminals, "a router's terminals"));
    return counts;
}

}  // namespace

std::uint64_t network_file::total_terminals() const {
    if (per_router_.empty()) return std::uint64_t{terminals_} * routers();
    std::uint64_t sum = 0;
    for (std::uint32_t c : per_router_) sum += c;
    return sum;
}

network_file network_file::read(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument(path + ": cannot read");
    return parse(in, path);
}

network_file network_file::parse(std::istream& in, const std::string& name) {
    network_file net;
    reader at(name);
    std::uint32_t routers = 0, latency = 1;
    bool terminals_given = false;
    for (std::string text; std::getline(in, text);) {
        at.next_line();
        std::istringstream words(text.substr(0, text.find('#')));
        std::vector<std::string> w;
        for (std::string x; words >> x;) w.push_back(x);
        if (w.empty()) continue;
        const std::string& key = w[0];
        const auto arity = [&](std::size_t lo, std::size_t hi) {
            if (w.size() < lo || w.size() > hi)
                at.fail("'" + key + "' takes " + std::to_string(lo - 1) +
                        (hi > lo ? " or " + std::to_string(hi - 1) : std::string()) + " values");
        };
        if (key == "routers") {
            arity(2, 2);
            if (routers != 0) at.fail("'routers' given twice");
            routers = at.number(w[1], 1, kMaxRouters, "the router count");
            net.ports_.assign(routers, {});
        } else if (key == "terminals") {
            if (terminals_given) at.fail("'terminals' given twice");
            terminals_given = true;
            std::vector<std::uint32_t> counts = terminal_counts(at, w, routers);
            net.terminals_ = *std::max_element(counts.begin(), counts.end());
            // Equal counts are the one-count form: the same network, the same runs.
            if (std::any_of(counts.begin(), counts.end(), [&](auto c) { return c != counts[0]; }))
                net.per_router_ = std::move(counts);
        } else if (key == "latency") {
            arity(2, 2);
            latency = at.number(w[1], 1, kMaxLatency, "a latency");
        } else if (key == "link") {
            arity(5, 6);
            const std::uint32_t a = at.router(w[1], routers), b = at.router(w[3], routers);
            const std::uint32_t pa = at.number(w[2], 0, kMaxPorts - 1, "a port");
            const std::uint32_t pb = at.number(w[4], 0, kMaxPorts - 1, "a port");
            const std::uint32_t l =
                w.size() == 6 ? at.number(w[5], 1, kMaxLatency, "a latency") : latency;
            if (a == b) at.fail("a link joins router " + std::to_string(a) + " to itself");
            join(net.ports_, at, a, pa, {b, pb, l});
            join(net.ports_, at, b, pb, {a, pa, l});
        } else if (key == "name") {
            arity(3, 3);
            const std::uint32_t r = at.router(w[1], routers);
            if (w[2].size() > 64 ||
                w[2].find_first_not_of(
                    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
                    std::string::npos)
                at.fail("a name is up to 64 letters, digits, '_' and '-' (got '" + w[2] + "')");
            if (net.names_.empty()) net.names_.resize(routers);
            if (!net.names_[r].empty()) at.fail("router " + std::to_string(r) + " is named twice");
            net.names_[r] = w[2];
        } else {
            at.fail("unknown statement '" + key + "' (routers, terminals, latency, link, name)");
        }
    }
    if (routers == 0) throw std::invalid_argument(name + ": no 'routers N' line");
    for (std::uint32_t r = 0; r < routers; ++r) {
        const std::vector<port_link>& p = net.ports_[r];
        if (p.empty())
            throw std::invalid_argument(name + ": router " + std::to_string(r) + " has no link");
        for (std::size_t i = 0; i < p.size(); ++i)
            if (p[i].router == kUnjoined)
                throw std::invalid_argument(name + ": router " + std::to_string(r) + "'s port " +
                                            std::to_string(i) + " is not joined (a router's " +
                                            "ports are 0 .. its port count - 1)");
    }
    return net;
}

std::string network_file::name(std::uint32_t r) const {
    if (r < names_.size() && !names_[r].empty()) return names_[r];
    return std::to_string(r);
}

std::uint32_t network_file::max_ports() const {
    std::size_t most = 0;
    for (const auto& p : ports_) most = std::max(most, p.size());
    return static_cast<std::uint32_t>(most);
}

graph network_file::to_graph() const {
    graph g(routers());
    for (std::uint32_t r = 0; r < routers(); ++r)
        for (const port_link& l : ports_[r])
            if (r < l.router) g.add_edge(r, l.router);
    return g;
}

}  // namespace d3
