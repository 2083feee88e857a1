// Driving a Verilated model's clock and asynchronous reset (the units' clk_i and rst_ni, issue 49):
// shared by the adapters and the equivalence tests. Include the model's generated header first.
#pragma once

namespace d3 {

/// The asynchronous active-low reset: a falling rst_ni (Verilator's models start with every
/// register 0, and a module whose reset state is not all zeros needs the edge), then released.
template <class Model>
void reset_model(Model& v) {
    v.rst_ni = 1;
    v.eval();
    v.rst_ni = 0;
    v.eval();
    v.rst_ni = 1;
    v.eval();
}

/// One rising edge of clk_i, the inputs as they are, and clk_i back low.
template <class Model>
void clock_edge(Model& v) {
    v.clk_i = 1;
    v.eval();
    v.clk_i = 0;
    v.eval();
}

}  // namespace d3
