#include "core/network/dragonfly.h"

#include <sstream>
#include <stdexcept>

#include "core/run/input_file.h"

namespace d3 {

std::optional<std::string> dragonfly::check(int k, int m) {
    if (k < 1) return "K must be at least 1 (got " + std::to_string(k) + ")";
    if (m < 2) return "M must be at least 2 (got " + std::to_string(m) + ")";
    if (k > 256 || m > 256) return "K and M must be at most 256";
    return std::nullopt;
}

namespace {
int wrap(int a, int n) {
    return ((a % n) + n) % n;
}
}  // namespace

dragonfly::dragonfly(int k, int m, arrangement a) : k_(k), m_(m), groups_(k * m + 1), kind_(a) {
    if (auto err = check(k, m)) throw std::invalid_argument(*err);
    if (a == arrangement::file)
        throw std::invalid_argument("use dragonfly::from_file for a wiring file");
    const int b = groups();
    far_.resize(static_cast<std::size_t>(b * m * k));
    for (int j = 0; j < b; ++j)
        for (int i = 0; i < m; ++i)
            for (int p = 0; p < k; ++p) {
                port_end& e = far_[index(j, i, p)];
                if (a == arrangement::palmtree) {
                    // Router i of group j reaches router M-1-i of group j - i*K - p - 1; the far
                    // end's port is K-1-p (it points back by the same rule).
                    e = {wrap(j - i * k - p - 1, b), m - 1 - i, k - 1 - p};
                } else {
                    // Consecutive: port p of router i serves the g-th other group, g = i*K + p,
                    // counting groups in order and skipping j itself.
                    const int g = i * k + p;
                    const int to = g < j ? g : g + 1;
                    const int back =
                        j < to ? j : j - 1;  // j's rank among the groups other than `to`
                    e = {to, back / k, back % k};
                }
            }
    index_exits();
}

dragonfly::dragonfly(int k, int m, arrangement a, std::vector<port_end> far)
    : k_(k), m_(m), groups_(k * m + 1), kind_(a), far_(std::move(far)) {
    index_exits();
}

dragonfly dragonfly::from_file(int k, int m, const std::string& path) {
    if (auto err = check(k, m)) throw std::invalid_argument(*err);
    const std::vector<std::string> lines = read_input_lines(path, "wiring file");
    const int b = k * m + 1;
    std::vector<port_end> far(static_cast<std::size_t>(b * m * k), port_end{-1, -1, -1});
    const auto at = [&](const port_end& e) {
        return static_cast<std::size_t>((e.group * m + e.router) * k + e.port);
    };
    for (std::size_t n = 1; n <= lines.size(); ++n) {
        const std::string line = lines[n - 1].substr(0, lines[n - 1].find('#'));
        std::istringstream is(line);
        if ((is >> std::ws).eof()) continue;  // blank or comment
        const auto bad = [&](const std::string& why) {
            return std::invalid_argument(path + ":" + std::to_string(n) + ": " + why);
        };
        port_end x, y;
        if (!(is >> x.group >> x.router >> x.port >> y.group >> y.router >> y.port) ||
            !(is >> std::ws).eof())
            throw bad("expected 'group router port group router port'");
        for (const port_end& e : {x, y})
            if (e.group < 0 || e.group >= b || e.router < 0 || e.router >= m || e.port < 0 ||
                e.port >= k)
                throw bad("port end out of range for MDF(" + std::to_string(k) + "," +
                          std::to_string(m) + ")");
        if (far[at(x)].group >= 0 || far[at(y)].group >= 0) throw bad("port used twice");
        far[at(x)] = y;
        far[at(y)] = x;
    }
    for (const port_end& e : far)
        if (e.group < 0) throw std::invalid_argument(path + ": not every global port is wired");
    dragonfly d(k, m, arrangement::file, std::move(far));
    if (auto err = d.validate()) throw std::invalid_argument(path + ": " + *err);
    return d;
}

void dragonfly::index_exits() {
    const int b = groups();
    exits_.assign(static_cast<std::size_t>(b * b), port_end{-1, -1, -1});
    for (int j = 0; j < b; ++j)
        for (int i = 0; i < m_; ++i)
            for (int p = 0; p < k_; ++p) {
                const port_end& e = far_[index(j, i, p)];
                if (e.group >= 0 && e.group < b)
                    exits_[static_cast<std::size_t>(j * b + e.group)] = {j, i, p};
            }
}

std::optional<std::string> dragonfly::validate() const {
    const int b = groups();
    std::vector<int> joined(static_cast<std::size_t>(b * b), 0);
    for (int j = 0; j < b; ++j)
        for (int i = 0; i < m_; ++i)
            for (int p = 0; p < k_; ++p) {
                const port_end& e = far_[index(j, i, p)];
                const std::string here = "(" + std::to_string(j) + "," + std::to_string(i) + "," +
                                         std::to_string(p) + ")";
                if (e.group < 0 || e.group >= b || e.router < 0 || e.router >= m_ || e.port < 0 ||
                    e.port >= k_)
                    return "global port " + here + " leads outside the network";
                if (!(far_[index(e.group, e.router, e.port)] == port_end{j, i, p}))
                    return "global link from " + here + " is not symmetric";
                if (e.group == j) return "global port " + here + " stays in its group";
                ++joined[static_cast<std::size_t>(j * b + e.group)];
            }
    for (int j = 0; j < b; ++j)
        for (int g = 0; g < b; ++g)
            if (g != j && joined[static_cast<std::size_t>(j * b + g)] != 1)
                return "groups " + std::to_string(j) + " and " + std::to_string(g) +
                       " are joined by " +
                       std::to_string(joined[static_cast<std::size_t>(j * b + g)]) +
                       " global links";
    return std::nullopt;
}

}  // namespace d3
