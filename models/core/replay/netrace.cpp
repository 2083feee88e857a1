#include "core/replay/netrace.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

namespace d3 {
namespace {

// Little-endian fields of a record.
template <typename T>
T field(const unsigned char* at) {
    T v{};
    std::memcpy(&v, at, sizeof v);
    return v;
}

// Reads exactly n bytes; false at the stream's end before the first byte, throws when it ends
// inside them.
bool read_exactly(const byte_reader& read, unsigned char* to, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const std::size_t r = read(reinterpret_cast<char*>(to) + got, n - got);
        if (r == 0) {
            if (got == 0) return false;
            throw std::runtime_error("the file ends inside a record (truncated?)");
        }
        got += r;
    }
    return true;
}

void skip(const byte_reader& read, std::size_t n) {
    std::vector<unsigned char> buf(std::min<std::size_t>(n, 4096));
    while (n > 0) {
        const std::size_t part = std::min(n, buf.size());
        if (!read_exactly(read, buf.data(), part))
            throw std::runtime_error("the file ends inside its header");
        n -= part;
    }
}

// The header's fields the trace keeps; throws on a bad header.
message_trace read_header(const byte_reader& read) {
    unsigned char h[kNetraceHeaderBytes];
    if (!read_exactly(read, h, sizeof h)) throw std::runtime_error("an empty stream");
    if (field<std::uint32_t>(h) != kNetraceMagic)
        throw std::runtime_error("not a netrace file (bad magic)");
    if (field<float>(h + 4) != kNetraceVersion)
        throw std::runtime_error("not a netrace version 1.0 file");
    message_trace t;
    t.format = "netrace";
    const char* name = reinterpret_cast<const char*>(h + 8);
    t.benchmark.assign(name, strnlen(name, kNetraceNameBytes));
    t.nodes = h[8 + kNetraceNameBytes];
    const auto notes = field<std::uint32_t>(h + 56);
    const auto regions = field<std::uint32_t>(h + 60);
    if (t.nodes == 0) throw std::runtime_error("the header names no node");
    if (notes >= 8192) throw std::runtime_error("notes of 8192 bytes or more");
    if (regions > 100) throw std::runtime_error("more than 100 regions");
    skip(read, notes + std::size_t{regions} * kNetraceRegionBytes);
    return t;
}

}  // namespace

std::uint32_t netrace_packet_bytes(unsigned type) {
    switch (type) {
        case 2:   // ReadResp
        case 3:   // ReadRespWithInvalidate
        case 4:   // WriteReq
        case 6:   // Writeback
        case 16:  // ReadExResp
        case 30:  // DowngradeResp
            return 72;
        default:  // the requests and answers without data, and the types without a size
            return 8;
    }
}

std::uint32_t netrace_flits(unsigned type) {
    return (netrace_packet_bytes(type) + kNetraceFlitBytes - 1) / kNetraceFlitBytes;
}

std::variant<message_trace, std::string> decode_netrace(const byte_reader& read,
                                                        const std::string& name) {
    try {
        message_trace t = read_header(read);
        std::unordered_map<std::uint32_t, std::uint32_t> index;         // id -> message
        std::vector<std::pair<std::uint32_t, std::uint32_t>> releases;  // (message, waiting id)
        unsigned char p[kNetracePacketBytes];
        std::vector<unsigned char> deps;
        while (read_exactly(read, p, sizeof p)) {
            trace_message m;
            m.cycle = field<std::uint64_t>(p);
            m.id = field<std::uint32_t>(p + 8);
            m.flits = netrace_flits(p[16]);
            m.source = p[17];
            m.destination = p[18];
            if (m.source >= t.nodes || m.destination >= t.nodes)
                throw std::runtime_error("packet " + std::to_string(m.id) +
                                         ": a node beyond the header's " + std::to_string(t.nodes));
            if (t.messages.size() >= (1u << 31)) throw std::runtime_error("too many packets");
            const auto at = static_cast<std::uint32_t>(t.messages.size());
            deps.resize(std::size_t{p[20]} * 4);
            if (!deps.empty() && !read_exactly(read, deps.data(), deps.size()))
                throw std::runtime_error("the file ends inside a record (truncated?)");
            for (std::size_t i = 0; i < deps.size(); i += 4)
                releases.emplace_back(at, field<std::uint32_t>(deps.data() + i));
            index[static_cast<std::uint32_t>(m.id)] = at;
            t.messages.push_back(std::move(m));
        }
        if (t.messages.empty()) throw std::runtime_error("no packet in the trace");
        for (const auto& [from, waiting] : releases) {
            const auto w = index.find(waiting);
            if (w == index.end() || w->second <= from) {
                ++t.dropped_dependencies;
                continue;
            }
            t.messages[w->second].waits_for.push_back(from);
        }
        const std::uint64_t first = t.messages.front().cycle;
        for (trace_message& m : t.messages) {
            if (m.cycle < first) throw std::runtime_error("packets out of cycle order");
            m.cycle -= first;
            std::sort(m.waits_for.begin(), m.waits_for.end());
            m.waits_for.erase(std::unique(m.waits_for.begin(), m.waits_for.end()),
                              m.waits_for.end());
        }
        return t;
    } catch (const std::exception& e) {
        return name + ": " + e.what();
    }
}

}  // namespace d3
