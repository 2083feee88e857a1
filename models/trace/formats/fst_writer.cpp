#include "trace/formats/fst_writer.h"

#include <fstapi.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace d3 {

namespace {

// fstapi checks none of its writes, and it maps the temporary files it wrote into memory (the
// hierarchy beside the trace, the current values and time table in $TMPDIR): when a write failed
// (a full disk), touching the mapping past the file's real end raises SIGBUS. Every call into
// fstapi runs under this guard, which turns that signal into a failed write (fst_writer::guarded).
sigjmp_buf* g_guard = nullptr;  // the jump back of the fstapi call in progress (one thread)
struct sigaction g_previous {};
int g_writers = 0;  // open writers: the handler is installed while there is one

void on_sigbus(int sig, siginfo_t*, void*) {
    if (g_guard) siglongjmp(*g_guard, 1);
    // Not inside fstapi: the fault repeats under the handler there was before.
    sigaction(sig, &g_previous, nullptr);
}

void install_guard() {
    if (g_writers++ != 0) return;
    struct sigaction sa {};
    sa.sa_sigaction = on_sigbus;
    // SA_NODEFER: SIGBUS stays unblocked after the jump out of the handler (sigsetjmp does not
    // save the signal mask, which would cost a system call per value change).
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &g_previous);
}

void remove_guard() {
    if (--g_writers == 0) sigaction(SIGBUS, &g_previous, nullptr);
}

std::uint64_t big_endian(const unsigned char* p) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
    return v;
}

// Whether the closed file is the whole trace: a chain of sections (a type byte, then a big-endian
// length that counts itself) from the header to exactly the end of the file, with a geometry and
// a hierarchy section, and a header that fstWriterClose completed (its end time and number of
// variables). A write that failed leaves the file short, a section past its end or an unfinished
// header. Reads only the sections' first bytes.
std::optional<std::string> check_fst_file(const std::string& path, std::uint64_t end_time,
                                          std::uint64_t vars) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return std::string(std::strerror(errno));
    std::optional<std::string> why;
    bool geometry = false, hierarchy = false;
    std::fseek(f, 0, SEEK_END);
    const long size = std::ftell(f);
    long at = 0;
    while (!why && at < size) {
        unsigned char head[1 + 8 + 8 * 8];  // type, length, and for the header its first fields
        std::fseek(f, at, SEEK_SET);
        const std::size_t got = std::fread(head, 1, sizeof head, f);
        const std::uint64_t len = got >= 9 ? big_endian(head + 1) : 0;
        if (got < 9 || len < 8 || len > static_cast<std::uint64_t>(size - at - 1)) {
            why = "the file ends inside a section (a write failed)";
            break;
        }
        const int type = head[0];
        if (type > FST_BL_VCDATA_DYN_ALIAS2) {  // FST_BL_SKIP: a section left unfinished
            why = "a section was not finished (a write failed)";
            break;
        }
        if (at == 0) {  // FST_BL_HDR: start time, end time, endian test, memory, scopes, variables
            if (type != FST_BL_HDR || got < sizeof head)
                why = "no header (a write failed)";
            else if (big_endian(head + 17) != end_time || big_endian(head + 49) != vars)
                why = "the header was not completed (a write failed)";
        }
        geometry = geometry || type == FST_BL_GEOM;
        hierarchy = hierarchy || type == FST_BL_HIER || type == FST_BL_HIER_LZ4 ||
                    type == FST_BL_HIER_LZ4DUO;
        at += 1 + static_cast<long>(len);
    }
    std::fclose(f);
    if (!why && (!geometry || !hierarchy))
        why = "its geometry or hierarchy is missing (a write failed)";
    return why;
}

}  // namespace

template <class Call>
void fst_writer::guarded(Call&& call) {
    if (!error_.empty()) return;  // failed before: fstapi's state is not to be touched again
    sigjmp_buf back;
    sigjmp_buf* const outer = g_guard;
    if (sigsetjmp(back, 0) != 0) {
        g_guard = outer;
        error_ = "a write of the FST library failed (SIGBUS in fstapi; is the disk full?)";
        return;
    }
    g_guard = &back;
    call();
    g_guard = outer;
}

fst_writer::fst_writer(const std::string& path) : path_(path) {
    install_guard();
    guarded([&] { ctx_ = fstWriterCreate(path.c_str(), /*use_compressed_hier=*/1); });
    if (!ctx_) {
        remove_guard();
        throw std::runtime_error("cannot write waveform file " + path);
    }
    guarded([&] {
        fstWriterSetTimescale(ctx_, -9);  // 1 ns: one step
        fstWriterSetVersion(ctx_, "d3sim");
        fstWriterSetPackType(ctx_, FST_WR_PT_LZ4);
    });
}

fst_writer::~fst_writer() {
    if (ctx_ && error_.empty()) guarded([&] { fstWriterClose(ctx_); });
    remove_guard();
}

void fst_writer::push_scope(const std::string& name) {
    guarded([&] { fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, name.c_str(), nullptr); });
}

void fst_writer::pop_scope() {
    guarded([&] { fstWriterSetUpscope(ctx_); });
}

signal_id fst_writer::add_var(const std::string& name, unsigned width) {
    // gtkwave shows "name[7:0]" for both formats when the FST name carries the range.
    const std::string full = width == 1 ? name : name + " [" + std::to_string(width - 1) + ":0]";
    fstHandle h = 0;
    guarded([&] {
        h = fstWriterCreateVar(ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, full.c_str(), 0);
    });
    handles_.push_back(h);
    widths_.push_back(static_cast<unsigned char>(width));
    return static_cast<signal_id>(handles_.size() - 1);
}

void fst_writer::end_definitions() {
    guarded([&] {
        fstWriterEmitTimeChange(ctx_, 0);
        for (std::size_t i = 0; i < handles_.size(); ++i)
            fstWriterEmitValueChange64(ctx_, handles_[i], widths_[i], 0);
    });
}

void fst_writer::set_time(std::uint64_t t) {
    if (t < time_) throw std::logic_error("waveform time went backwards");
    if (t != time_) guarded([&] { fstWriterEmitTimeChange(ctx_, t); });
    time_ = t;
}

void fst_writer::change(signal_id id, std::uint64_t value) {
    guarded([&] { fstWriterEmitValueChange64(ctx_, handles_[id], widths_[id], value); });
}

void fst_writer::close(std::uint64_t end_time) {
    if (!ctx_) return;
    const std::uint64_t end = std::max(end_time, time_);
    guarded([&] {
        fstWriterEmitTimeChange(ctx_, end);
        if (fstWriterGetFseekFailed(ctx_) != 0) error_ = "a seek failed";
        fstWriterClose(ctx_);
    });
    ctx_ = nullptr;  // closed, or abandoned after a failure (its memory is not freed)
    if (!error_.empty()) std::remove((path_ + ".hier").c_str());  // fstapi's, removed at its close
    if (error_.empty())
        if (auto why = check_fst_file(path_, end, handles_.size())) error_ = *why;
    if (!error_.empty())
        throw std::runtime_error("cannot write waveform file " + path_ + ": " + error_);
}

}  // namespace d3
