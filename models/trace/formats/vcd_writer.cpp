#include "trace/formats/vcd_writer.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace d3 {

namespace {
constexpr std::size_t kFlushAt = 1 << 20;

void append_uint(std::string& s, std::uint64_t v) {
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) s += tmp[--n];
}
}  // namespace

std::string gtkwave_var_name(const std::string& name, unsigned width) {
    return width == 1 ? name : name + "[" + std::to_string(width - 1) + ":0]";
}

std::string vcd_writer::code(signal_id id) {
    std::string s;
    do {
        s += static_cast<char>('!' + id % 94);
        id /= 94;
    } while (id != 0);
    return s;
}

vcd_writer::vcd_writer(const std::string& path) : path_(path), f_(std::fopen(path.c_str(), "wb")) {
    if (!f_)
        throw std::runtime_error("cannot write waveform file " + path + ": " +
                                 std::strerror(errno));
    buf_.reserve(kFlushAt + 4096);
    buf_ += "$date simulated $end\n$version d3sim $end\n$timescale 1ns $end\n";
}

vcd_writer::~vcd_writer() {
    if (f_) std::fclose(f_);
}

void vcd_writer::flush_if_full() {
    if (buf_.size() >= kFlushAt) write_buffer();
}

// A failed write is remembered, not thrown: the writer is called from inside the simulation
// (wave_writer.h). What follows it is dropped; close() reports the first failure.
void vcd_writer::write_buffer() {
    errno = 0;
    if (error_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), f_) != buf_.size())
        error_ = std::strerror(errno != 0 ? errno : EIO);
    buf_.clear();
}

void vcd_writer::push_scope(const std::string& name) {
    buf_ += "$scope module " + name + " $end\n";
}

void vcd_writer::pop_scope() {
    buf_ += "$upscope $end\n";
}

signal_id vcd_writer::add_var(const std::string& name, unsigned width) {
    const auto id = static_cast<signal_id>(widths_.size());
    widths_.push_back(static_cast<unsigned char>(width));
    buf_ += "$var wire " + std::to_string(width) + " " + code(id) + " " + name;
    if (width > 1) buf_ += " [" + std::to_string(width - 1) + ":0]";
    buf_ += " $end\n";
    flush_if_full();
    return id;
}

void vcd_writer::end_definitions() {
    buf_ += "$enddefinitions $end\n#0\n$dumpvars\n";
    for (signal_id id = 0; id < widths_.size(); ++id) {
        buf_ += widths_[id] == 1 ? "0" : "b0 ";
        append_code(id);
        buf_ += '\n';
        flush_if_full();
    }
    buf_ += "$end\n";
    defined_ = true;
    time_written_ = true;  // #0 is written
}

void vcd_writer::append_code(signal_id id) {
    do {
        buf_ += static_cast<char>('!' + id % 94);
        id /= 94;
    } while (id != 0);
}

void vcd_writer::set_time(std::uint64_t t) {
    if (t == time_ && time_written_) return;
    if (t < time_) throw std::logic_error("waveform time went backwards");
    time_ = t;
    time_written_ = false;
}

void vcd_writer::change(signal_id id, std::uint64_t value) {
    if (!time_written_) {
        buf_ += '#';
        append_uint(buf_, time_);
        buf_ += '\n';
        time_written_ = true;
    }
    const unsigned w = widths_[id];
    if (w == 1) {
        buf_ += value ? '1' : '0';
    } else {
        buf_ += 'b';
        if (value == 0) {
            buf_ += '0';
        } else {
            int top = 63 - __builtin_clzll(value);
            for (; top >= 0; --top) buf_ += ((value >> top) & 1u) ? '1' : '0';
        }
        buf_ += ' ';
    }
    append_code(id);
    buf_ += '\n';
    flush_if_full();
}

void vcd_writer::close(std::uint64_t end_time) {
    if (!f_) return;
    if (!defined_) end_definitions();
    if (end_time > time_ || !time_written_) {
        buf_ += '#';
        append_uint(buf_, std::max(end_time, time_));
        buf_ += '\n';
    }
    write_buffer();
    errno = 0;
    const bool closed = std::fclose(f_) == 0;  // flushes what stdio still holds
    f_ = nullptr;
    if (!closed && error_.empty()) error_ = std::strerror(errno != 0 ? errno : EIO);
    if (!error_.empty())
        throw std::runtime_error("cannot write waveform file " + path_ + ": " + error_);
}

}  // namespace d3
