#include "core/network/packet_sizes.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/network/limits.h"

namespace d3 {

namespace {

// "SIZE" or "SIZE:WEIGHT"; an error names the item.
std::variant<packet_sizes::size_share, std::string> parse_item(const std::string& item) {
    const std::string bad = "--packet-sizes: '" + item + "' is not SIZE:SHARE";
    const std::size_t colon = item.find(':');
    const std::string size = item.substr(0, colon);
    const std::string weight = colon == std::string::npos ? "1" : item.substr(colon + 1);
    packet_sizes::size_share s;
    std::size_t used = 0;
    try {
        s.flits = std::stoi(size, &used);
        if (used != size.size()) return bad;
        s.share = std::stod(weight, &used);
        if (used != weight.size()) return bad;
    } catch (const std::exception&) {
        return bad;
    }
    if (s.flits < kPacketLengthRange.lo || s.flits > kPacketLengthRange.hi)
        return "--packet-sizes: size " + size + " is outside " +
               std::to_string(kPacketLengthRange.lo) + ".." +
               std::to_string(kPacketLengthRange.hi) + " flits";
    if (!(s.share > 0) || !std::isfinite(s.share))
        return "--packet-sizes: the share of size " + size + " must be a positive number";
    return s;
}

}  // namespace

std::variant<packet_sizes, std::string> packet_sizes::parse(const std::string& text) {
    packet_sizes p;
    std::stringstream in(text);
    std::string item;
    double total = 0;
    while (std::getline(in, item, ',')) {
        auto s = parse_item(item);
        if (auto* e = std::get_if<std::string>(&s)) return *e;
        const size_share one = std::get<size_share>(s);
        for (const size_share& o : p.sizes_)
            if (o.flits == one.flits)
                return "--packet-sizes: size " + std::to_string(one.flits) + " is given twice";
        p.sizes_.push_back(one);
        total += one.share;
    }
    if (p.sizes_.empty() || text.back() == ',')
        return "--packet-sizes: give SIZE:SHARE pairs separated by commas, e.g. 1:0.5,8:0.5";
    double below = 0;
    for (size_share& s : p.sizes_) {
        s.share /= total;
        below += s.share;
        // 2^64 x below, saturated: the last size takes every draw above the others
        p.below_.push_back(below >= 1 ? UINT64_MAX
                                      : static_cast<std::uint64_t>(std::ldexp(below, 64)));
    }
    p.below_.back() = UINT64_MAX;
    return p;
}

int packet_sizes::largest() const {
    int n = 0;
    for (const size_share& s : sizes_) n = std::max(n, s.flits);
    return n;
}

int packet_sizes::smallest() const {
    int n = kPacketLengthRange.hi;
    for (const size_share& s : sizes_) n = std::min(n, s.flits);
    return n;
}

double packet_sizes::mean() const {
    double m = 0;
    for (const size_share& s : sizes_) m += s.share * s.flits;
    return m;
}

int packet_sizes::size_of_draw(std::uint64_t x) const {
    std::size_t i = 0;
    while (x >= below_[i] && i + 1 < below_.size()) ++i;
    return sizes_[i].flits;
}

std::string packet_sizes::text() const {
    std::ostringstream os;
    os.precision(12);
    for (std::size_t i = 0; i < sizes_.size(); ++i)
        os << (i ? "," : "") << sizes_[i].flits << ':' << sizes_[i].share;
    return os.str();
}

}  // namespace d3
