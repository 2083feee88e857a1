#include "core/replay/text_trace.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace d3 {
namespace {

// The blank-separated fields of `line` before any '#'.
std::vector<std::string> fields_of(const std::string& line) {
    std::istringstream in(line.substr(0, line.find('#')));
    std::vector<std::string> out;
    for (std::string f; in >> f;) out.push_back(f);
    return out;
}

// A whole decimal number at most `max`, or nothing.
std::optional<std::uint64_t> whole(const std::string& s, std::uint64_t max) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v > max) return std::nullopt;
    return v;
}

class text_reader {
  public:
    explicit text_reader(const std::string& name) : name_(name) {}

    // Reads one line's message into t_; why not, or nothing.
    std::optional<std::string> line(const std::vector<std::string>& f) {
        if (f.size() < 4)
            return "expected CYCLE SOURCE DESTINATION FLITS [ID [WAITS_FOR ...]], got " +
                   std::to_string(f.size()) + " fields";
        trace_message m;
        const auto cycle = whole(f[0], ~0ull >> 2);
        const auto src = whole(f[1], kMaxTraceNodes - 1);
        const auto dst = whole(f[2], kMaxTraceNodes - 1);
        const auto flits = whole(f[3], kMaxTraceFlits);
        if (!cycle) return "CYCLE must be a whole number (got '" + f[0] + "')";
        if (!src || !dst)
            return "SOURCE and DESTINATION must be nodes 0.." + std::to_string(kMaxTraceNodes - 1) +
                   " (got '" + f[1] + "', '" + f[2] + "')";
        if (!flits || *flits == 0)
            return "FLITS must be 1.." + std::to_string(kMaxTraceFlits) + " (got '" + f[3] + "')";
        m.cycle = *cycle;
        m.source = static_cast<std::uint32_t>(*src);
        m.destination = static_cast<std::uint32_t>(*dst);
        m.flits = static_cast<std::uint32_t>(*flits);
        m.id = t_.messages.size();
        if (f.size() > 4)
            if (auto err = named(f, m)) return err;
        t_.nodes = std::max({t_.nodes, m.source + 1, m.destination + 1});
        t_.messages.push_back(std::move(m));
        return std::nullopt;
    }

    message_trace take() { return std::move(t_); }

  private:
    // The ID and the messages it waits for.
    std::optional<std::string> named(const std::vector<std::string>& f, trace_message& m) {
        const auto id = whole(f[4], ~0ull);
        if (!id) return "ID must be a whole number (got '" + f[4] + "')";
        if (index_.count(*id) != 0) return "ID " + f[4] + " is given twice";
        m.id = *id;
        std::uint64_t latest = 0;
        for (std::size_t i = 5; i < f.size(); ++i) {
            const auto w = whole(f[i], ~0ull);
            const auto at = w ? index_.find(*w) : index_.end();
            if (at == index_.end())
                return "waits for '" + f[i] + "', not the ID of an earlier line";
            m.waits_for.push_back(at->second);
            latest = std::max(latest, t_.messages[at->second].cycle);
        }
        if (!m.waits_for.empty() && m.cycle <= latest)
            return "CYCLE " + f[0] + " is not after cycle " + std::to_string(latest) +
                   " of a message it waits for";
        index_.emplace(*id, static_cast<std::uint32_t>(t_.messages.size()));
        return std::nullopt;
    }

    std::string name_;
    message_trace t_;
    std::unordered_map<std::uint64_t, std::uint32_t> index_;  ///< ID -> message index
};

}  // namespace

std::variant<message_trace, std::string> parse_text_trace(const std::string& text,
                                                          const std::string& name) {
    text_reader r(name);
    std::istringstream in(text);
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const std::vector<std::string> f = fields_of(line);
        if (f.empty()) continue;
        if (auto err = r.line(f)) return name + ":" + std::to_string(number) + ": " + *err;
    }
    message_trace t = r.take();
    t.format = "text";
    if (t.messages.empty()) return name + ": no message in the trace";
    return t;
}

}  // namespace d3
