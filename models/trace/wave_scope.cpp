#include "trace/wave_scope.h"

#include <cctype>
#include <sstream>

namespace d3 {

namespace {
std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

bool parse_int(const std::string& s, int& v) {
    if (s.empty() || s.size() > 6) return false;
    for (char ch : s)
        if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
    v = std::stoi(s);
    return true;
}
}  // namespace

bool wave_scope::parse_range(const std::string& s, int limit, range& out) {
    if (s == "*") {
        out = range{};
        return true;
    }
    const auto dash = s.find('-');
    int lo = 0, hi = 0;
    if (dash == std::string::npos) {
        if (!parse_int(s, lo)) return false;
        hi = lo;
    } else if (!parse_int(s.substr(0, dash), lo) || !parse_int(s.substr(dash + 1), hi)) {
        return false;
    }
    if (lo > hi || hi >= limit) return false;
    out = range{lo, hi};
    return true;
}

std::optional<wave_scope> wave_scope::parse(const std::string& spec, const topology& t,
                                            std::string& error) {
    wave_scope s;
    s.text_ = trim(spec);
    std::istringstream is(spec);
    std::string item;
    bool any = false;
    while (std::getline(is, item, ';')) {
        item = trim(item);
        if (item.empty()) continue;
        any = true;
        if (item == "all") continue;
        if (item == "conflicts") {
            s.conflicts_ = true;
            continue;
        }
        std::vector<std::string> parts;
        std::istringstream fs(item);
        std::string f;
        while (std::getline(fs, f, ',')) parts.push_back(trim(f));
        pattern p;
        const int limits[3] = {t.k(), t.m(), t.m()};
        range* fields[3] = {&p.c, &p.d, &p.p};
        bool ok = parts.size() == 3;
        for (int i = 0; ok && i < 3; ++i) ok = parse_range(parts[i], limits[i], *fields[i]);
        if (!ok) {
            error = "--wave-scope: '" + item +
                    "' is not all, conflicts or c,d,p with each field a " +
                    "number, a range a-b or * (cabinets 0.." + std::to_string(t.k() - 1) +
                    ", drawers and routers 0.." + std::to_string(t.m() - 1) + ")";
            return std::nullopt;
        }
        s.patterns_.push_back(p);
    }
    if (!any) {
        error = "--wave-scope is empty (use all, conflicts or c,d,p patterns such as 0,1,*)";
        return std::nullopt;
    }
    return s;
}

bool wave_scope::selects(const coord& x) const {
    if (patterns_.empty()) return true;
    for (const pattern& p : patterns_)
        if (p.c.matches(x.c) && p.d.matches(x.d) && p.p.matches(x.p)) return true;
    return false;
}

}  // namespace d3
