#include "trace/packet_log.h"

#include <sstream>

#include "core/run/packet_event.h"

namespace d3 {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool parse_u64(const std::string& s, std::uint64_t& v) {
    if (s.empty() || s.size() > 19) return false;
    v = 0;
    for (const char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
}

constexpr const char* kCsvHeader =
    "step,event,packet,message,source,destination,router,input,vc,output,b\n";

}  // namespace

bool packet_log_options::jsonl() const {
    if (!format.empty()) return format == "jsonl";
    return ends_with(path, ".jsonl") || ends_with(path, ".json");
}

std::optional<std::string> packet_log_options::check(const topology& t) const {
    if (!format.empty() && format != "csv" && format != "jsonl")
        return "--trace-format must be csv or jsonl (got '" + format + "')";
    if (from > to) return "--trace-steps: the window ends before it starts";
    std::string error;
    if (!wave_scope::parse(routers, t, error)) return "--trace-routers: " + error;
    return std::nullopt;
}

bool parse_step_window(const std::string& s, std::uint64_t& from, std::uint64_t& to) {
    const auto colon = s.find(':');
    if (colon == std::string::npos) return false;
    const std::string a = s.substr(0, colon), b = s.substr(colon + 1);
    from = 0;
    to = ~0ull;
    if (!a.empty() && !parse_u64(a, from)) return false;
    if (!b.empty() && !parse_u64(b, to)) return false;
    return !(a.empty() && b.empty());
}

bool parse_packet_ids(const std::string& s, std::set<std::uint64_t>& out) {
    std::istringstream is(s);
    std::string item;
    out.clear();
    while (std::getline(is, item, ',')) {
        std::uint64_t v = 0;
        if (!parse_u64(item, v)) return false;
        out.insert(v);
    }
    return !out.empty();
}

packet_log_size estimate_packet_log(std::uint64_t expected_hops, std::uint64_t expected_packets,
                                    bool jsonl) {
    // Per packet: inject and deliver, its hops, about one hold per three hops (a source-vector
    // path holds where a port is 0); conflict waits are not known before the run.
    packet_log_size s;
    s.events = expected_hops + expected_hops / 3 + 2 * expected_packets;
    s.bytes = s.events * (jsonl ? 150 : 60);
    return s;
}

packet_log::packet_log(const packet_log_options& o, const topology& t, link_observer* next)
    : observer_chain(next), opt_(o), t_(t), jsonl_(o.jsonl()), out_(o.path) {
    std::string error;
    if (auto s = wave_scope::parse(o.routers, t, error)) scope_ = *s;  // check() said why not
    if (!jsonl_) out_ << kCsvHeader;
}

std::string packet_log::where(router_id r) const {
    const coord x = t_.at(r);
    if (t_.is_file()) return std::to_string(x.c);  // a file network's router index
    if (!t_.is_d3()) return std::to_string(x.c) + "." + std::to_string(x.p);
    return std::to_string(x.c) + "." + std::to_string(x.d) + "." + std::to_string(x.p);
}

std::string packet_log::port(int p) const {
    if (p == packet_event::kNode) return "node";
    if (p == packet_event::kHold) return "hold";
    const port_ref r = port_of(p, t_.k());
    return std::string(r.global ? "global " : "local ") + std::to_string(r.port);
}

void packet_log::on_packet(const packet_event& e) {
    observer_chain::on_packet(e);
    if (e.step < opt_.from || e.step > opt_.to) return;
    if (!opt_.packets.empty() && opt_.packets.count(e.serial) == 0) return;
    if (!scope_.selects(t_.at(e.router))) return;
    const auto dst = event_destination(t_, e);
    const std::string dest = dst ? where(*dst) : "broadcast";
    const bool no_output = e.kind == packet_event_kind::inject || e.kind == packet_event_kind::lost;
    const std::string out = no_output ? "" : port(e.output);
    const char* kind = to_string(e.kind);
    if (jsonl_) {
        out_ << "{\"step\":" << e.step << ",\"event\":\"" << kind << "\",\"packet\":" << e.serial
             << ",\"message\":" << e.msg << ",\"source\":\"" << where(e.src)
             << "\",\"destination\":\"" << dest << "\",\"router\":\"" << where(e.router)
             << "\",\"input\":\"" << port(e.input) << "\",\"vc\":" << e.vc << ",\"output\":\""
             << out << "\",\"b\":" << static_cast<int>(e.hdr.b) << "}\n";
    } else {
        out_ << e.step << ',' << kind << ',' << e.serial << ',' << e.msg << ',' << where(e.src)
             << ',' << dest << ',' << where(e.router) << ',' << port(e.input) << ',' << e.vc << ','
             << out << ',' << static_cast<int>(e.hdr.b) << '\n';
    }
    ++written_;
}

std::optional<std::string> packet_log::finish() {
    if (finished_) return std::nullopt;
    finished_ = true;
    out_.flush();
    const bool ok = static_cast<bool>(out_);
    out_.close();
    if (!ok || out_.fail()) return "cannot write the packet log " + opt_.path;
    return std::nullopt;
}

}  // namespace d3
