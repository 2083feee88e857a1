// gtkwave save files (.gtkw): which signals a view shows, grouped and coloured, the visible window
// and named markers. Written by d3sim next to every trace and by d3wave for chosen signals.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace d3 {

struct gtkw_trace {
    enum class format { binary, decimal, hex };
    std::string name;   ///< gtkwave's full name, e.g. "d3.c0.d0.p1.l1.requesters[7:0]"
    std::string alias;  ///< shown instead of the name when not empty
    format fmt = format::decimal;
    int color = 0;  ///< 0 default, 1 red, 2 orange, 3 yellow, 4 green, 5 blue, 6 indigo, 7 violet
    /// A gtkwave translate filter file ("value text" per line) that names the values; empty: none.
    std::string filter;
};

struct gtkw_group {
    std::string title;
    std::vector<gtkw_trace> traces;
    bool closed = false;
};

struct gtkw_marker {
    std::uint64_t time = 0;
    std::string name;
};

struct gtkw_view {
    std::string dumpfile;  ///< as written in the file: relative to the save file's folder
    std::string savefile;
    std::vector<std::string> comments;
    std::uint64_t start = 0;  ///< visible window, in steps
    std::uint64_t end = 0;
    std::optional<std::uint64_t> primary;  ///< the primary marker
    std::vector<gtkw_marker> markers;      ///< named markers A, B, ... (at most 26)
    std::vector<gtkw_trace> top;           ///< traces before the groups
    std::vector<gtkw_group> groups;
};

inline constexpr std::size_t kGtkwMarkers = 26;

void write_gtkw(const gtkw_view& v, std::ostream& os);

/// The signal names a save file shows (aliases removed), in order; comments and groups skipped.
std::vector<std::string> gtkw_trace_names(std::istream& is);

/// The path of `target` relative to the folder of `from` (both as given, '/'-separated).
std::string relative_to_folder_of(const std::string& from, const std::string& target);

}  // namespace d3
