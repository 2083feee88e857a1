#include "trace/vcd_trace.h"

#include <stdexcept>

namespace d3 {

namespace {
constexpr unsigned kWidths[] = {1, 1, 8, 32, 32, 45, 1, 3, 8, 8, 8};
const char* const kNames[] = {"busy", "conflict", "requesters", "packet", "source", "header",
                              "B", "b", "gamma", "pi", "delta"};

std::string bits(std::uint64_t v, unsigned width) {
    std::string s;
    for (unsigned i = width; i-- > 0;) s += ((v >> i) & 1u) ? '1' : '0';
    const auto first = s.find('1');
    return first == std::string::npos ? "0" : s.substr(first);
}
}  // namespace

std::string vcd_trace::code(std::uint32_t id) {
    std::string s;
    do {
        s += static_cast<char>('!' + id % 94);
        id /= 94;
    } while (id != 0);
    return s;
}

vcd_trace::vcd_trace(const std::string& path, const topology& t) : t_(t), out_(path) {
    if (!out_) throw std::runtime_error("cannot write waveform file " + path);
    const int ports = t.link_ports();
    std::uint32_t next = 0;
    step_id_ = next++;
    conflicts_id_ = next++;
    out_ << "$date simulated $end\n$version d3sim $end\n$timescale 1ns $end\n";
    out_ << "$scope module d3 $end\n";
    out_ << "$var wire 32 " << code(step_id_) << " step $end\n";
    out_ << "$var wire 32 " << code(conflicts_id_) << " conflicts $end\n";
    links_.resize(static_cast<std::size_t>(t.routers()) * static_cast<std::size_t>(ports));
    buffers_first_ = next + static_cast<std::uint32_t>(links_.size()) * kFields;
    for (int c = 0; c < t.k(); ++c) {
        out_ << "$scope module c" << c << " $end\n";
        for (int d = 0; d < t.m(); ++d) {
            out_ << "$scope module d" << d << " $end\n";
            for (int p = 0; p < t.m(); ++p) {
                const router_id r = t.id({c, d, p});
                out_ << "$scope module p" << p << " $end\n";
                for (int o = 0; o < ports; ++o) {
                    const port_ref pr = port_of(o, t.k());
                    link_signals& l = links_[static_cast<std::size_t>(r) * ports + o];
                    l.first = next + (static_cast<std::uint32_t>(r) * ports + o) * kFields;
                    out_ << "$scope module " << (pr.global ? "g" : "l") << pr.port << " $end\n";
                    for (int f = 0; f < kFields; ++f)
                        out_ << "$var wire " << kWidths[f] << " " << code(l.first + f) << " "
                             << kNames[f] << " $end\n";
                    out_ << "$upscope $end\n";
                }
                const std::uint32_t b = buffers_first_ + r * static_cast<std::uint32_t>(ports + 2);
                for (int i = 0; i <= ports; ++i) {
                    std::string nm = "inject_occupancy";
                    if (i < ports) {
                        const port_ref pr = port_of(i, t.k());
                        nm = std::string(pr.global ? "in_g" : "in_l") + std::to_string(pr.port) +
                             "_occupancy";
                    }
                    out_ << "$var wire 8 " << code(b + i) << " " << nm << " $end\n";
                }
                out_ << "$var wire 8 " << code(b + ports + 1) << " hold_occupancy $end\n";
                out_ << "$upscope $end\n";
            }
            out_ << "$upscope $end\n";
        }
        out_ << "$upscope $end\n";
    }
    out_ << "$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n";
    out_ << "b0 " << code(step_id_) << "\nb0 " << code(conflicts_id_) << "\n";
    for (const link_signals& l : links_)
        for (int f = 0; f < kFields; ++f)
            out_ << (kWidths[f] == 1 ? "0" : "b0 ") << code(l.first + f) << "\n";
    const std::uint32_t nbuf = t.routers() * static_cast<std::uint32_t>(ports + 2);
    for (std::uint32_t i = 0; i < nbuf; ++i) out_ << "b0 " << code(buffers_first_ + i) << "\n";
    out_ << "$end\n";
}

vcd_trace::~vcd_trace() {
    if (out_.is_open()) finish(now_ + 1);
}

void vcd_trace::set(std::uint32_t id, unsigned width, std::uint64_t value) {
    if (width == 1) pending_ += (value ? "1" : "0") + code(id) + "\n";
    else pending_ += "b" + bits(value, width) + " " + code(id) + "\n";
}

void vcd_trace::advance(std::uint64_t step) {
    if (started_ && step <= now_) return;
    // Links busy in the last step and idle now go back to zero.
    for (std::uint32_t li : previous_) {
        if (links_[li].active_step == now_) continue;
        for (int f = 0; f < kFields; ++f) set(links_[li].first + f, kWidths[f], 0);
    }
    previous_.swap(touched_);
    touched_.clear();
    if (!pending_.empty() || !started_) {
        out_ << "#" << now_ << "\n" << pending_;
        pending_.clear();
    }
    // Idle gap: one reset step is enough; the next event gets its own timestamp.
    if (step > now_ + 1 && !previous_.empty()) {
        for (std::uint32_t li : previous_)
            for (int f = 0; f < kFields; ++f) set(links_[li].first + f, kWidths[f], 0);
        previous_.clear();
        out_ << "#" << now_ + 1 << "\n" << pending_;
        pending_.clear();
    }
    now_ = step;
    started_ = true;
    set(step_id_, 32, step);
}

void vcd_trace::on_link(const link_event& e) {
    advance(e.step);
    const std::uint32_t li = e.router * static_cast<std::uint32_t>(t_.link_ports()) + e.port;
    link_signals& l = links_[li];
    if (l.active_step != e.step) {
        l.active_step = e.step;
        touched_.push_back(li);
    }
    if (e.requesters > 1) {
        ++conflicts_;
        set(conflicts_id_, 32, conflicts_);
    }
    set(l.first + kBusy, 1, e.sent);
    set(l.first + kConflict, 1, e.requesters > 1);
    set(l.first + kReq, 8, e.requesters);
    set(l.first + kPkt, 32, e.sent ? e.serial : 0);
    set(l.first + kSrc, 32, e.sent ? e.src : 0);
    set(l.first + kHdr, 45, e.sent ? pack(e.hdr) : 0);
    set(l.first + kBcast, 1, e.sent && e.hdr.broadcast);
    set(l.first + kB, 3, e.sent ? e.hdr.b : 0);
    set(l.first + kGamma, 8, e.sent ? e.hdr.f0 : 0);
    set(l.first + kPi, 8, e.sent ? e.hdr.f1 : 0);
    set(l.first + kDelta, 8, e.sent ? e.hdr.f2 : 0);
}

void vcd_trace::on_buffer(std::uint64_t step, router_id router, int input, std::size_t occupancy) {
    advance(step);
    const int ports = t_.link_ports();
    const std::uint32_t slot = input < 0 ? static_cast<std::uint32_t>(ports + 1)
                                         : static_cast<std::uint32_t>(input);
    set(buffers_first_ + router * static_cast<std::uint32_t>(ports + 2) + slot, 8,
        occupancy > 255 ? 255 : occupancy);
}

void vcd_trace::finish(std::uint64_t end_step) {
    if (!out_.is_open()) return;
    advance(std::max(end_step, now_ + 1));
    advance(now_ + 1);
    out_ << "#" << now_ << "\n";
    out_.close();
}

}  // namespace d3
