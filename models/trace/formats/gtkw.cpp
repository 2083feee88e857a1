#include "trace/formats/gtkw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <istream>
#include <ostream>

namespace d3 {

namespace {
// gtkwave trace flags (savefile format): right-justified values in a base; groups are blank traces.
constexpr unsigned kHex = 0x22, kDec = 0x24, kBin = 0x28;
constexpr unsigned kTranslated = 0x2000;  // TR_FTRANSLATED: values named by a filter file
constexpr unsigned kBlank = 0x200, kGroupBegin = 0x800000, kGroupEnd = 0x1000000,
                   kClosed = 0x400000;
// Window geometry written to the file; the zoom below is computed for this wave area.
// gtkwave widens the signal pane to fit group titles, so the wave area is about kWaveArea pixels.
constexpr int kWidth = 1600, kHeight = 900, kSignalsWidth = 480, kSstWidth = 220;
constexpr double kWaveArea = kWidth - kSignalsWidth - kSstWidth - 40;
// gtkwave 3.3 draws 200 * 2^zoom pixels per time unit (measured; zoom 0 is its closest zoom).
constexpr double kPixelsAtZoom0 = 200;

unsigned flags_of(gtkw_trace::format f) {
    switch (f) {
        case gtkw_trace::format::binary:
            return kBin;
        case gtkw_trace::format::hex:
            return kHex;
        case gtkw_trace::format::decimal:
            break;
    }
    return kDec;
}

void write_trace(std::ostream& os, const gtkw_trace& t, unsigned& flags) {
    const unsigned f = flags_of(t.fmt) | (t.filter.empty() ? 0 : kTranslated);
    if (f != flags) os << "@" << std::hex << f << std::dec << "\n";
    flags = f;
    if (!t.filter.empty()) os << "^1 " << t.filter << "\n";
    if (t.color != 0) os << "[color] " << t.color << "\n";
    if (!t.alias.empty()) os << "+{" << t.alias << "} ";
    os << t.name << "\n";
}
}  // namespace

void write_gtkw(const gtkw_view& v, std::ostream& os) {
    os << "[*]\n";
    for (const std::string& c : v.comments) os << "[*] " << c << "\n";
    os << "[*]\n";
    os << "[dumpfile] \"" << v.dumpfile << "\"\n";
    os << "[savefile] \"" << v.savefile << "\"\n";
    os << "[timestart] " << v.start << "\n";
    os << "[size] " << kWidth << " " << kHeight << "\n[pos] -1 -1\n";
    // Zoom: fit [start, end] into the wave area.
    const double span = static_cast<double>(v.end > v.start ? v.end - v.start : 1);
    const double zoom = std::min(0.0, std::log2(kWaveArea / span / kPixelsAtZoom0));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", zoom);
    os << "*" << buf << " " << (v.primary ? static_cast<long long>(*v.primary) : -1LL);
    for (std::size_t i = 0; i < kGtkwMarkers; ++i)
        os << " " << (i < v.markers.size() ? static_cast<long long>(v.markers[i].time) : -1LL);
    os << "\n";
    for (std::size_t i = 0; i < v.markers.size() && i < kGtkwMarkers; ++i)
        if (!v.markers[i].name.empty())
            os << "[markername] " << static_cast<char>('A' + i) << v.markers[i].name << "\n";
    os << "[sst_width] " << kSstWidth << "\n[signals_width] " << kSignalsWidth << "\n";
    os << "[sst_expanded] 1\n[sst_vpaned_height] 200\n";
    unsigned flags = 0;
    for (const gtkw_trace& t : v.top) write_trace(os, t, flags);
    for (const gtkw_group& g : v.groups) {
        os << "@" << std::hex << (kBlank | kGroupBegin | (g.closed ? kClosed : 0)) << std::dec
           << "\n";
        os << "-" << g.title << "\n";
        flags = 0;
        for (const gtkw_trace& t : g.traces) write_trace(os, t, flags);
        os << "@" << std::hex << (kBlank | kGroupEnd | (g.closed ? kClosed : 0)) << std::dec
           << "\n";
        os << "-" << g.title << "\n";
        flags = 0;
    }
    os << "[pattern_trace] 1\n[pattern_trace] 0\n";
}

std::vector<std::string> gtkw_trace_names(std::istream& is) {
    std::vector<std::string> names;
    std::string line;
    while (std::getline(is, line)) {
        if (line.empty()) continue;
        const char c = line[0];
        if (c == '[' || c == '*' || c == '@' || c == '-' || c == '#' || c == '^') continue;
        if (c == '+') {
            const auto close = line.find("} ");
            if (close == std::string::npos) continue;
            line = line.substr(close + 2);
        }
        names.push_back(line);
    }
    return names;
}

std::string relative_to_folder_of(const std::string& from, const std::string& target) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::absolute(fs::path(from), ec).parent_path();
    const fs::path rel = fs::absolute(fs::path(target), ec).lexically_relative(folder);
    return ec || rel.empty() ? target : rel.generic_string();
}

}  // namespace d3
