// Trace files written by the tests (docs/traces.md): the text format, and netrace v1 files
// encoded here field by field (the layout core/replay/netrace.h documents) and compressed with
// libbz2, so that the reader is tested on files it did not write itself.
#pragma once

#include <bzlib.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace d3::test {

struct netrace_packet {
    std::uint64_t cycle = 0;
    std::uint32_t id = 0;
    std::uint8_t type = 1;  ///< 1 ReadReq (8 bytes), 2 ReadResp (72 bytes), ...
    std::uint8_t src = 0;
    std::uint8_t dst = 0;
    std::vector<std::uint32_t> released;  ///< ids of the packets that wait for this one
};

template <typename T>
void put(std::string& out, T v) {
    char b[sizeof v];
    std::memcpy(b, &v, sizeof v);
    out.append(b, sizeof v);
}

/// The uncompressed bytes of a netrace v1 file: header (72 bytes), `notes`, one region, packets.
inline std::string netrace_bytes(std::uint8_t nodes, const std::vector<netrace_packet>& packets,
                                 const std::string& notes = "written by a test") {
    std::string out;
    put<std::uint32_t>(out, 0x484A5455);  // magic
    put<float>(out, 1.0f);                // version
    char name[30] = "test-benchmark";
    out.append(name, sizeof name);
    put<std::uint8_t>(out, nodes);
    put<std::uint8_t>(out, 0);  // pad
    put<std::uint64_t>(out, packets.empty() ? 0 : packets.back().cycle + 1);
    put<std::uint64_t>(out, packets.size());
    put<std::uint32_t>(out, static_cast<std::uint32_t>(notes.size() + 1));
    put<std::uint32_t>(out, 1);  // regions
    out.append(8, '\0');         // padding
    out.append(notes.c_str(), notes.size() + 1);
    put<std::uint64_t>(out, 0);  // the region: seek offset, cycles, packets
    put<std::uint64_t>(out, packets.empty() ? 0 : packets.back().cycle + 1);
    put<std::uint64_t>(out, packets.size());
    for (const netrace_packet& p : packets) {
        put<std::uint64_t>(out, p.cycle);
        put<std::uint32_t>(out, p.id);
        put<std::uint32_t>(out, 0x1000u + p.id);  // address
        put<std::uint8_t>(out, p.type);
        put<std::uint8_t>(out, p.src);
        put<std::uint8_t>(out, p.dst);
        put<std::uint8_t>(out, 0);  // node types
        put<std::uint8_t>(out, static_cast<std::uint8_t>(p.released.size()));
        for (const std::uint32_t r : p.released) put<std::uint32_t>(out, r);
    }
    return out;
}

/// Writes `bytes` to `path` as one bzip2 stream.
inline void write_bzip2(const std::string& path, const std::string& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) throw std::runtime_error("cannot write " + path);
    int err = BZ_OK;
    BZFILE* bz = BZ2_bzWriteOpen(&err, f, 9, 0, 0);
    if (err == BZ_OK)
        BZ2_bzWrite(&err, bz, const_cast<char*>(bytes.data()), static_cast<int>(bytes.size()));
    unsigned in = 0, out = 0;
    BZ2_bzWriteClose(&err, bz, 0, &in, &out);
    std::fclose(f);
    if (err != BZ_OK) throw std::runtime_error("bzip2 failed for " + path);
}

inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

}  // namespace d3::test
