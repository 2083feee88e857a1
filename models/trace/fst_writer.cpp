#include "trace/fst_writer.h"

#include <fstapi.h>

#include <algorithm>
#include <stdexcept>

namespace d3 {

fst_writer::fst_writer(const std::string& path)
    : path_(path), ctx_(fstWriterCreate(path.c_str(), /*use_compressed_hier=*/1)) {
    if (!ctx_) throw std::runtime_error("cannot write waveform file " + path);
    fstWriterSetTimescale(ctx_, -9);  // 1 ns: one step
    fstWriterSetVersion(ctx_, "d3sim");
    fstWriterSetPackType(ctx_, FST_WR_PT_LZ4);
}

fst_writer::~fst_writer() {
    if (ctx_) fstWriterClose(ctx_);
}

void fst_writer::push_scope(const std::string& name) {
    fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, name.c_str(), nullptr);
}

void fst_writer::pop_scope() {
    fstWriterSetUpscope(ctx_);
}

signal_id fst_writer::add_var(const std::string& name, unsigned width) {
    // gtkwave shows "name[7:0]" for both formats when the FST name carries the range.
    const std::string full = width == 1 ? name : name + " [" + std::to_string(width - 1) + ":0]";
    const fstHandle h =
        fstWriterCreateVar(ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, full.c_str(), 0);
    handles_.push_back(h);
    widths_.push_back(static_cast<unsigned char>(width));
    return static_cast<signal_id>(handles_.size() - 1);
}

void fst_writer::end_definitions() {
    fstWriterEmitTimeChange(ctx_, 0);
    for (std::size_t i = 0; i < handles_.size(); ++i)
        fstWriterEmitValueChange64(ctx_, handles_[i], widths_[i], 0);
}

void fst_writer::set_time(std::uint64_t t) {
    if (t < time_) throw std::logic_error("waveform time went backwards");
    if (t != time_) fstWriterEmitTimeChange(ctx_, t);
    time_ = t;
}

void fst_writer::change(signal_id id, std::uint64_t value) {
    fstWriterEmitValueChange64(ctx_, handles_[id], widths_[id], value);
}

void fst_writer::close(std::uint64_t end_time) {
    if (!ctx_) return;
    fstWriterEmitTimeChange(ctx_, std::max(end_time, time_));
    const bool failed = fstWriterGetFseekFailed(ctx_) != 0;
    fstWriterClose(ctx_);
    ctx_ = nullptr;
    if (failed) throw std::runtime_error("cannot write waveform file " + path_);
}

}  // namespace d3
