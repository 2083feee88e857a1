#include "core/network/partition.h"

#include <algorithm>
#include <stdexcept>

namespace d3 {

namespace {

[[noreturn]] void bad(const std::string& spec, const std::string& why) {
    throw std::invalid_argument("--subnetwork '" + spec + "': " + why);
}

int parse_number(const std::string& spec, const std::string& s, int limit, const char* what) {
    if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos)
        bad(spec, std::string("expected a ") + what + " number, got '" + s + "'");
    const int v = std::stoi(s);
    if (v >= limit)
        bad(spec, std::string(what) + " " + s + " is outside 0.." + std::to_string(limit - 1));
    return v;
}

std::vector<int> parse_list(const std::string& spec, const std::string& s, int limit,
                            const char* what) {
    std::vector<int> out;
    std::size_t from = 0;
    while (true) {
        const std::size_t comma = s.find(',', from);
        out.push_back(parse_number(spec, s.substr(from, comma - from), limit, what));
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    std::vector<int> sorted = out;
    std::sort(sorted.begin(), sorted.end());
    const auto dup = std::adjacent_find(sorted.begin(), sorted.end());
    if (dup != sorted.end()) bad(spec, std::string(what) + " " + std::to_string(*dup) + " twice");
    return out;
}

std::vector<int> all_but(int n, int x) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i)
        if (i != x) out.push_back(i);
    return out;
}

std::vector<int> all(int n) {
    return all_but(n, -1);
}

}  // namespace

int subnetwork::global_port(int i, int gamma, int n) const {
    const int j = mod(i + gamma, k());
    return mod(cabinets[static_cast<std::size_t>(j)] - cabinets[static_cast<std::size_t>(i)], n);
}

int subnetwork::local_port(int q, int x, int whole_m) const {
    const int r = mod(q + x, m());
    return mod(positions[static_cast<std::size_t>(r)] - positions[static_cast<std::size_t>(q)],
               whole_m);
}

subnetwork parse_subnetwork(const std::string& spec, int k, int m) {
    const std::size_t eq = spec.find('=');
    if (eq == std::string::npos)
        bad(spec, "expected cabinets=LIST, positions=LIST, drawer-out=X or cabinet-out=X");
    const std::string key = spec.substr(0, eq), value = spec.substr(eq + 1);
    subnetwork s;
    s.spec = spec;
    if (key == "cabinets") {
        s.cabinets = parse_list(spec, value, k, "cabinet");
        s.positions = all(m);
    } else if (key == "positions") {
        s.cabinets = all(k);
        s.positions = parse_list(spec, value, m, "position");
        if (s.m() < 2) bad(spec, "a subnetwork needs at least 2 positions (D3(K,N) with N >= 2)");
    } else if (key == "drawer-out") {
        s.cabinets = all(k);
        s.positions = all_but(m, parse_number(spec, value, m, "drawer"));
        if (s.m() < 2) bad(spec, "D3(" + std::to_string(k) + ",1) is no network (M >= 3 needed)");
    } else if (key == "cabinet-out") {
        if (k < 2) bad(spec, "D3(1,M) has no cabinet to spare");
        s.cabinets = all_but(k, parse_number(spec, value, k, "cabinet"));
        s.positions = all(m);
    } else {
        bad(spec, "unknown kind '" + key + "' (cabinets, positions, drawer-out, cabinet-out)");
    }
    return s;
}

std::vector<int> partition_map(const topology& t, const std::vector<subnetwork>& parts) {
    std::vector<int> owner(t.routers(), -1);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const subnetwork& s = parts[i];
        for (int c = 0; c < s.k(); ++c)
            for (int d = 0; d < s.m(); ++d)
                for (int p = 0; p < s.m(); ++p) {
                    const coord x = s.real({c, d, p});
                    int& o = owner[t.id(x)];
                    if (o >= 0)
                        throw std::invalid_argument("--subnetwork '" + s.spec + "' overlaps '" +
                                                    parts[static_cast<std::size_t>(o)].spec +
                                                    "' at router " + to_string(x));
                    o = static_cast<int>(i);
                }
    }
    return owner;
}

header to_network(const subnetwork& s, const topology& whole, const coord& at, const header& h) {
    if (h.broadcast)
        throw std::invalid_argument(
            "a broadcast header uses every port of the whole network, so it leaves a subnetwork");
    header out = h;
    coord x = at;
    const int n = whole.k(), m = whole.m();
    if (h.kind == header_kind::source_vector) {
        // b = 3: local delta here; b = 2: global gamma; b = 1: local pi (after the swap).
        if (h.b >= 3) {
            out.f2 = static_cast<std::uint8_t>(s.local_port(x.p, h.delta(), m));
            x.p = mod(x.p + h.delta(), s.m());
        }
        if (h.b >= 2) {
            out.f0 = static_cast<std::uint8_t>(s.global_port(x.c, h.gamma(), n));
            x = {mod(x.c + h.gamma(), s.k()), x.p, x.d};
        }
        if (h.b >= 1) out.f1 = static_cast<std::uint8_t>(s.local_port(x.p, h.pi(), m));
        return out;
    }
    if (h.kind == header_kind::sync) {
        // b even: global port gamma, which the router then sets to 0 (later global hops take
        // port 0, the same on both networks); b odd: the first local port (f2), which the router
        // then replaces by the second (f1). Each port is converted where the hop is taken.
        bool gamma_used = false, first_used = false;
        for (int b = h.b; b >= 1; --b) {
            if (b % 2 == 0) {
                const int g = gamma_used ? 0 : h.f0;
                if (!gamma_used) out.f0 = static_cast<std::uint8_t>(s.global_port(x.c, g, n));
                gamma_used = true;
                x = {mod(x.c + g, s.k()), x.p, x.d};
            } else {
                const int l = first_used ? h.f1 : h.f2;
                (first_used ? out.f1 : out.f2) = static_cast<std::uint8_t>(s.local_port(x.p, l, m));
                first_used = true;
                x.p = mod(x.p + l, s.m());
            }
        }
        return out;
    }
    // Destination header: the routers' tables read absolute coordinates; C and D are ports.
    const coord dest = s.real({h.f0, h.f1, h.f2});
    out.f0 = static_cast<std::uint8_t>(dest.c);
    out.f1 = static_cast<std::uint8_t>(dest.d);
    out.f2 = static_cast<std::uint8_t>(dest.p);
    if (h.b >= 5) {
        out.defl_d = static_cast<std::uint8_t>(s.local_port(x.p, h.defl_d, m));
        x.p = mod(x.p + h.defl_d, s.m());
    }
    if (h.b >= 4) out.defl_c = static_cast<std::uint8_t>(s.global_port(x.c, h.defl_c, n));
    return out;
}

}  // namespace d3
