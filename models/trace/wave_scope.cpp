#include "trace/wave_scope.h"

#include <cctype>
#include <sstream>

#include "core/network/router_names.h"

namespace d3 {

namespace {
std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

/// "c,d,p" on D3, "g,r" on MDF, "r" on a file network.
std::string pattern_words(const std::vector<router_field>& fields) {
    std::string s;
    for (const router_field& f : fields) s += (s.empty() ? "" : ",") + std::string(f.name);
    return s;
}

/// "cabinets 0..3, drawers 0..7, routers 0..7".
std::string limit_words(const std::vector<router_field>& fields) {
    std::string s;
    for (const router_field& f : fields)
        s += (s.empty() ? "" : ", ") + std::string(f.what) + " 0.." + std::to_string(f.limit - 1);
    return s;
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
        const std::vector<router_field> fields = pattern_fields(t);
        pattern p;
        bool ok = parts.size() == fields.size();
        for (std::size_t i = 0; ok && i < fields.size(); ++i) {
            const auto of = fields[i].of;
            range& r = of == &coord::c ? p.c : of == &coord::d ? p.d : p.p;
            ok = parse_range(parts[i], fields[i].limit, r);
        }
        if (!ok) {
            error = "--wave-scope: '" + item + "' is not all, conflicts or " +
                    pattern_words(fields) + " with each field a number, a range a-b or * (" +
                    limit_words(fields) + ")";
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
