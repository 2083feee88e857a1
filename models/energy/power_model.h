// The power and area model (--power, docs/energy.md): BookSim2's power module (src/power/
// power_module.cpp, after Balfour and Dally, ICS 2006) applied to d3sim's activity counts. Per
// router: its input buffers (SRAM: wordline, bitline read and write, leakage), its crossbar
// (datapath, control, leakage), its output registers (clock, flip-flops, enables), and the links it
// drives (repeated wires optimised for the clock, their pipeline flip-flops, clock and leakage).
// Plain C++.
#pragma once

#include <vector>

#include "core/energy/activity.h"
#include "energy/tech_file.h"

namespace d3 {

/// What the model needs beyond the activity: the router's configuration and the clock.
struct power_setup {
    double clock_hz = 0;     ///< 0: the technology's default (20 FO4)
    int flit_bits = 128;     ///< the channel width (BookSim2's channel_width)
    int buffer_flits = 0;    ///< per input port: VCs x depth (BookSim2's num_vcs x vc_buf_size)
    double local_mm = 0;     ///< a local link's length
    double global_mm = 0;    ///< a global link's length
    double terminal_mm = 0;  ///< an injection or ejection link's length
};

/// Watts (or mm2) per component, BookSim2's report's rows.
struct power_figures {
    double channel_wire = 0, channel_clock = 0, channel_retiming = 0, channel_leakage = 0;
    double input_read = 0, input_write = 0, input_leakage = 0;
    double switch_datapath = 0, switch_control = 0, switch_leakage = 0;
    double output_dff = 0, output_clock = 0, output_control = 0;
    /// The paper's hold stage (no BookSim2 counterpart): a register write per flit held.
    double hold_stage = 0;
    double channel_area = 0, switch_area = 0, input_area = 0, output_area = 0;  ///< mm2

    double leakage() const { return channel_leakage + input_leakage + switch_leakage; }
    double total() const;
    double dynamic() const { return total() - leakage(); }
    double area() const { return channel_area + switch_area + input_area + output_area; }
    power_figures& operator+=(const power_figures& o);
};

/// A repeated wire's design for one length: repeater size K, flip-flop stages M, segments per
/// stage N (the search of BookSim2's wireOptimize).
struct wire_design {
    double k = 0, m = 0, n = 0;
    /// Pieces in series: a wire too long for any design within a clock (BookSim2's search gives
    /// none, and its figures are meaningless) is cut into the fewest equal pieces that have one.
    int pieces = 1;
};

class power_model {
  public:
    power_model(const tech_params& t, const power_setup& s);

    double clock_hz() const { return f_; }
    /// Each router's figures, the links it drives included, over `a.steps` cycles.
    std::vector<power_figures> per_router(const network_activity& a) const;

    // The parts, per use (exposed for the tests).
    wire_design optimise_wire(double mm) const;
    /// One channel of `mm` (designed as `w`) carrying `flits` flits in `cycles`.
    void channel(power_figures& f, double mm, const wire_design& w, double flits,
                 double cycles) const;
    /// A router's input buffers: `inputs` ports, `reads` and `writes` flits in `cycles`.
    void buffers(power_figures& f, int inputs, double reads, double writes, double cycles) const;
    /// A router's hold stage: `flits` held in `cycles`.
    void hold_stage(power_figures& f, double flits, double cycles) const;
    /// A router's crossbar and output registers from its per-port flits.
    void crossbar(power_figures& f, const std::vector<std::uint64_t>& in,
                  const std::vector<std::uint64_t>& out, double cycles) const;

  private:
    wire_design optimise_piece(double mm) const;
    double repeated_wire_power(double mm, const wire_design& w) const;
    double repeated_wire_leakage(const wire_design& w) const;
    double wire_clock_power(double stages, double width) const;
    double wire_dff_power(double stages, double width, double activity) const;
    double wordline_power() const;
    double bit_read_power() const;
    double bit_write_power() const;
    double crossbar_bit_power(double inputs, double outputs, double from, double to) const;
    double crossbar_control_power(double inputs, double outputs) const;
    double crossbar_leakage(double inputs, double outputs) const;
    double output_control_power() const;

    tech_params t_;
    power_setup s_;
    double f_, t_clk_, w_;  ///< clock (Hz), its period (s), the flit's bits
    double cw_, ci_, co_, ci_delay_, co_delay_;
    double pitch_;  ///< the channel's and the crossbar's pitch: two metal pitches
};

}  // namespace d3
