// The formulas are BookSim2's power module's (src/power/power_module.cpp), term by term, with the
// same search for a wire's repeaters; docs/energy.md lists where its units are odd (kept, so that
// the figures are the reference's).
#include "energy/power_model.h"

#include <stdexcept>

namespace d3 {

double power_figures::total() const {
    return channel_wire + channel_clock + channel_retiming + channel_leakage + input_read +
           input_write + input_leakage + switch_datapath + switch_control + switch_leakage +
           output_dff + output_clock + output_control + hold_stage;
}

power_figures& power_figures::operator+=(const power_figures& o) {
    channel_wire += o.channel_wire;
    channel_clock += o.channel_clock;
    channel_retiming += o.channel_retiming;
    channel_leakage += o.channel_leakage;
    input_read += o.input_read;
    input_write += o.input_write;
    input_leakage += o.input_leakage;
    switch_datapath += o.switch_datapath;
    switch_control += o.switch_control;
    switch_leakage += o.switch_leakage;
    output_dff += o.output_dff;
    output_clock += o.output_clock;
    output_control += o.output_control;
    hold_stage += o.hold_stage;
    channel_area += o.channel_area;
    switch_area += o.switch_area;
    input_area += o.input_area;
    output_area += o.output_area;
    return *this;
}

power_model::power_model(const tech_params& t, const power_setup& s)
    : t_(t),
      s_(s),
      f_(s.clock_hz > 0 ? s.clock_hz : t.default_clock_hz()),
      t_clk_(1.0 / f_),
      w_(static_cast<double>(s.flit_bits)),
      cw_(2.0 * t.wire_c_coupling + 2.0 * t.wire_c_ground),
      ci_(3.0 * t.cg_pwr),
      co_(3.0 * t.cd_pwr),
      ci_delay_(3.0 * (t.cg + t.cgdl)),
      co_delay_(3.0 * t.cd),
      pitch_(2.0 * t.metal_pitch) {}

// ---- links: repeated wires with pipeline flip-flops ----

double power_model::repeated_wire_power(double mm, const wire_design& w) const {
    const double segments = w.m * w.n;
    const double ca = w.k * (ci_ + co_) + cw_ * (mm / segments);
    return 0.5 * ca * t_.vdd * t_.vdd * f_ * segments;
}

double power_model::repeated_wire_leakage(const wire_design& w) const {
    return w.k * 0.5 * (t_.ioff_n + 2.0 * t_.ioff_p) * t_.vdd * w.m * w.n;
}

double power_model::wire_clock_power(double stages, double width) const {
    const double columns = t_.dff_h * t_.metal_pitch / pitch_;
    const double length = width * pitch_;
    const double c = (1 + 5.0 / 16.0 * (1 + co_delay_ / ci_delay_)) *
                     (length * cw_ * columns + width * ci_delay_);
    return stages * c * t_.vdd * t_.vdd * f_;
}

double power_model::wire_dff_power(double stages, double width, double activity) const {
    const double c_din = 2 * 0.8 * (ci_ + co_) + 2 * (2.0 / 3.0 * 0.8 * co_);
    const double c_clk = 2 * 0.8 * (ci_ + co_) + 2 * (2.0 / 3.0 * 0.8 * t_.cg_pwr);
    const double c_int = activity * 0.5 * c_din + activity * c_clk;
    return c_int * stages * width * t_.vdd * t_.vdd * f_;
}

// The fewest flip-flop stages (weighted M^4) whose segments meet 0.8 of the clock period, at a
// 64-bit width and an activity of 0.2, as BookSim2's wireOptimize (its loops, step for step).
wire_design power_model::optimise_wire(double mm) const {
    for (int pieces = 1; pieces <= 1024; ++pieces) {
        wire_design w = optimise_piece(mm / pieces);
        if (w.k < 0) continue;
        w.pieces = pieces;
        return w;
    }
    throw std::invalid_argument("no repeated wire of " + std::to_string(mm) +
                                " mm meets the clock, even in 1,024 pieces");
}

wire_design power_model::optimise_piece(double mm) const {
    const double width = 64, alpha = 0.2;
    double best = 1e8;
    wire_design chosen{-1, -1, -1};
    for (double k = 1.0; k < 10; k += 0.1)
        for (double n = 1.0; n < 40; n += 1.0)
            for (double m = 1.0; m < 40.0; m += 1.0) {
                const double l = mm / (n * m);
                const double k0 = t_.inverter_r * (co_delay_ + ci_delay_);
                const double k1 = t_.inverter_r / k * cw_ + k * t_.wire_r * ci_delay_;
                const double k2 = 0.5 * t_.wire_r * cw_;
                const double tw = k0 + k1 * l + k2 * l * l;
                const double power = alpha * width * repeated_wire_power(mm, {k, m, n}) +
                                     wire_dff_power(m, width, alpha);
                const double metric = m * m * m * m * power;
                if (n * tw < 0.8 * t_clk_ && metric < best) {
                    best = metric;
                    chosen = {k, m, n};
                }
            }
    return chosen;  // k < 0: none
}

void power_model::channel(power_figures& f, double mm, const wire_design& w, double flits,
                          double cycles) const {
    const double a = flits / cycles, n = w.pieces, piece = mm / n;
    f.channel_area += n * w_ *
                      (w.m * t_.dff_w * t_.dff_h + w.m * w.n * (t_.inv_w + 3 * w.k) * t_.inv_h) *
                      t_.metal_pitch * t_.metal_pitch;
    f.channel_clock += n * wire_clock_power(w.m, w_);
    f.channel_wire += n * repeated_wire_power(piece, w) * a * w_;
    f.channel_retiming += n * wire_dff_power(w.m, w_, a);
    f.channel_leakage += n * repeated_wire_leakage(w) * w_;
}

// ---- input buffers (SRAM) ----

double power_model::wordline_power() const {
    const double depth = s_.buffer_flits;
    const double c_cell = 2 * (4.0 * t_.lambda) * t_.cg_pwr + 6 * t_.metal_pitch * cw_;
    const double c_wl = w_ * c_cell;
    const double w_array = 8 * t_.metal_pitch + depth;  // BookSim2's: mm plus words
    const double x = 1.0 + (5.0 / 16.0) * (1 + co_ / ci_);
    const double c_predecode = x * (cw_ * w_array * ci_);  // BookSim2's: a product of two Cs
    const double c_decode = x * c_wl;
    const double h_array = 6 * w_ * t_.metal_pitch;
    const double y = (1 + 0.25) * (1 + co_ / ci_);
    const double c_precharge = y * (cw_ * h_array + 3 * w_ * ci_);
    const double c_wren = y * (cw_ * h_array + 2 * w_ * ci_);
    return (c_precharge + c_wren + 2 * c_predecode + c_decode) * t_.vdd * t_.vdd * f_;
}

double power_model::bit_read_power() const {
    const double c_cell = 4.0 * t_.lambda * t_.cd_pwr + 8 * t_.metal_pitch * cw_;
    return s_.buffer_flits * c_cell * t_.vdd * t_.vdd * f_;
}

double power_model::bit_write_power() const {
    const double c_cell = 4.0 * t_.lambda * t_.cd_pwr + 8 * t_.metal_pitch * cw_;
    const double c_cc = 2 * (co_ + ci_);
    // BookSim2's: the cell's term has no clock (an energy added to a power; docs/energy.md).
    return 0.5 * c_cc * t_.vdd * t_.vdd + s_.buffer_flits * c_cell * t_.vdd * t_.vdd * f_;
}

void power_model::buffers(power_figures& f, int inputs, double reads, double writes,
                          double cycles) const {
    const double depth = s_.buffer_flits;
    f.input_area +=
        inputs * (w_ * t_.sram_h) * (depth * t_.sram_w) * t_.metal_pitch * t_.metal_pitch;
    f.input_leakage += inputs * depth * t_.ioff_sram * t_.vdd * w_;
    const double wl = wordline_power();
    f.input_read += reads / cycles * (wl + bit_read_power() * w_);
    f.input_write += writes / cycles * (wl + bit_write_power() * w_);
}

// ---- crossbar and output registers ----

// Half the crossbar's wire is driven for an output in its first half, and for an input in its
// first half (BookSim2's layout: its ports in order).
double power_model::crossbar_bit_power(double inputs, double outputs, double from,
                                       double to) const {
    const double w_xbar = w_ * outputs * pitch_, h_xbar = w_ * inputs * pitch_;
    const double cw_in = w_xbar * cw_, cw_out = h_xbar * cw_;
    const double cxi = cw_out / 16.0, cxo = 4.0 * cxi * (co_delay_ / ci_delay_);
    const double cti = cw_in / 16.0, cto = 4.0 * cti * (co_delay_ / ci_delay_);
    const double c_driver = 5.0 / 16.0 * (1 + co_delay_ / ci_delay_) * (0.5 * cw_ * w_xbar + cti);
    double c_in = c_driver + cw_in + cti + outputs * cxi;
    if (to < outputs / 2) c_in -= 0.5 * cw_in + outputs / 2 * cxi;
    double c_out = cw_out + cto + inputs * cxo;
    if (from < inputs / 2) c_out -= 0.5 * cw_out + inputs / 2 * cxo;
    return 0.5 * (c_in + c_out) * t_.vdd * t_.vdd * f_;
}

double power_model::crossbar_control_power(double inputs, double outputs) const {
    const double w_xbar = w_ * outputs * pitch_, h_xbar = w_ * inputs * pitch_;
    const double cti = 5.0 / 16.0 * w_xbar * cw_;
    const double c_ctrl = w_ * cti + (w_xbar + h_xbar) * cw_;
    const double c_drive = 5.0 / 16.0 * (1 + co_delay_ / ci_delay_) * c_ctrl;
    return (c_drive + c_ctrl) * t_.vdd * t_.vdd * f_;
}

double power_model::crossbar_leakage(double inputs, double outputs) const {
    const double w_xbar = w_ * outputs * pitch_, h_xbar = w_ * inputs * pitch_;
    const double cxi = h_xbar * cw_ / 16.0, cti = w_xbar * cw_ / 16.0;
    return 0.5 * (t_.ioff_n + 2 * t_.ioff_p) * w_ *
           (inputs * outputs * cxi + inputs * cti + outputs * cti) / ci_;
}

double power_model::output_control_power() const {
    const double c_enable = (1 + 5.0 / 16.0) * (1.0 + co_ / ci_) * (w_ * pitch_ * cw_ + w_ * ci_);
    return c_enable * t_.vdd * t_.vdd * f_;
}

void power_model::hold_stage(power_figures& f, double flits, double cycles) const {
    f.hold_stage += flits / cycles * wire_dff_power(1, w_, 1.0);
}

// Crossbar power is linear in each (input, output) pair's traversals and its capacitance is a sum
// of the input's half and the output's: the per-port totals give the per-pair sum exactly.
void power_model::crossbar(power_figures& f, const std::vector<std::uint64_t>& in,
                           const std::vector<std::uint64_t>& out, double cycles) const {
    const double ins = static_cast<double>(in.size()), outs = static_cast<double>(out.size());
    f.switch_area += (ins * w_ * pitch_) * (outs * w_ * pitch_);
    f.output_area += outs * w_ * t_.dff_w * t_.dff_h * t_.metal_pitch * t_.metal_pitch;
    f.switch_leakage += crossbar_leakage(ins, outs);
    // A traversal from input j to output i costs half of (Cin(i) + Cout(j)): the Cin half is
    // crossbar_bit_power(from in the second half, to i) less its Cout part, worked out below.
    const double both_far = crossbar_bit_power(ins, outs, ins, outs);  // neither in a first half
    const double out_near = crossbar_bit_power(ins, outs, ins, 0) - both_far;  // Cin saving
    const double in_near = crossbar_bit_power(ins, outs, 0, outs) - both_far;  // Cout saving
    double traversals = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const double a = static_cast<double>(out[i]) / cycles;
        traversals += a;
        f.switch_datapath +=
            a * w_ * (both_far + (static_cast<double>(i) < outs / 2 ? out_near : 0));
        f.output_clock += wire_clock_power(1, w_);
        f.output_dff += a * wire_dff_power(1, w_, 1.0);
        f.output_control += a * output_control_power();
    }
    for (std::size_t j = 0; j < in.size(); ++j)
        if (static_cast<double>(j) < ins / 2)
            f.switch_datapath += static_cast<double>(in[j]) / cycles * w_ * in_near;
    f.switch_control += traversals * crossbar_control_power(ins, outs);
}

std::vector<power_figures> power_model::per_router(const network_activity& n) const {
    const double cycles = static_cast<double>(n.steps == 0 ? 1 : n.steps);
    const crossbar_layout& l = n.layout;
    const wire_design local = optimise_wire(s_.local_mm), global = optimise_wire(s_.global_mm),
                      terminal = optimise_wire(s_.terminal_mm);
    std::vector<power_figures> out(n.routers.size());
    for (std::size_t r = 0; r < n.routers.size(); ++r) {
        const router_activity& a = n.routers[r];
        power_figures& f = out[r];
        buffers(f, l.ports(), static_cast<double>(a.buffer_reads),
                static_cast<double>(a.buffer_writes), cycles);
        crossbar(f, a.xbar_in, a.xbar_out, cycles);
        hold_stage(f, static_cast<double>(a.hold_flits), cycles);
        // Its links: one channel per link output, one injection and one ejection per terminal;
        // a kind's flits spread over its channels (the power is linear in them).
        const auto links = [&](int count, double mm, const wire_design& w, std::uint64_t flits) {
            for (int c = 0; c < count; ++c)
                channel(f, mm, w, static_cast<double>(flits) / count, cycles);
        };
        links(l.local, s_.local_mm, local, a.local_flits);
        links(l.global, s_.global_mm, global, a.global_flits);
        links(l.terminals, s_.terminal_mm, terminal, a.injection_flits);
        links(l.terminals, s_.terminal_mm, terminal, a.ejection_flits);
    }
    return out;
}

}  // namespace d3
