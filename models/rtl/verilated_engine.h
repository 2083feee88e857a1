// rtl_engine over any Verilated (--cc) build of rtl/d3_header_decoder.sv. A template so that the
// production model, the narrow-width model and the seeded-fault model of the tests share one
// driver. Include the model's generated header (V*.h) before this file.
#pragma once

#include <memory>
#include <type_traits>

#include "core/network/dragonfly.h"
#include "rtl/rtl_decoder.h"

namespace d3 {

template <class Model>
class verilated_engine final : public rtl_engine {
  public:
    /// K and M go to the model's k_i and m_i ports once: they are constant during a run. So do
    /// mdf_i and groups_i; on MDF every eval also drives the routing table entry (exit_router_i,
    /// exit_port_i) for the header's group c', read from the wiring (dragonfly::exit_to).
    verilated_engine(const topology& t, const char* model_name)
        : model_(std::make_unique<Model>()), t_(t), name_(model_name) {
        drive(model_->k_i, t.k());
        drive(model_->m_i, t.m());
        drive(model_->mdf_i, t.is_d3() ? 0 : 1);
        drive(model_->groups_i, t.is_d3() ? 0 : t.groups());
        drive(model_->exit_router_i, 0);
        drive(model_->exit_port_i, 0);
    }
    verilated_engine(int k, int m, const char* model_name)
        : verilated_engine(topology(k, m), model_name) {}
    ~verilated_engine() override { model_->final(); }
    verilated_engine(const verilated_engine&) = delete;
    verilated_engine& operator=(const verilated_engine&) = delete;

    decision eval(const header& h, const coord& at) override {
        Model& v = *model_;
        drive(v.c_i, at.c);
        drive(v.d_i, at.d);
        drive(v.p_i, at.p);
        if (const dragonfly* net = t_.mdf()) {
            // The table has an entry for every other group; the decoder reads none for its own
            // group or an out-of-range c' (driven 0 there).
            const bool entry = h.f0 < t_.groups() && h.f0 != at.c;
            const port_end e = entry ? net->exit_to(at.c, h.f0) : port_end{};
            drive(v.exit_router_i, e.router);
            drive(v.exit_port_i, e.port);
        }
        v.hdr_i = pack(h);
        v.eval();
        ++evals_;
        last_ = {v.act_o, v.port_o, v.hold_o != 0, v.next_o};
        decision d;
        d.act = static_cast<action>(last_.act);
        d.port = static_cast<std::uint8_t>(last_.port);
        d.hold = last_.hold;
        // next_o is 46 bits wide, so it unpacks; the tests also compare the raw word.
        d.next = unpack(last_.next).value_or(header{});
        return d;
    }
    const char* model() const override { return name_; }

  private:
    // Input ports are CData/SData/IData members (references in the model class) of the port's
    // width.
    template <class Port>
    static void drive(Port& port, int value) {
        port = static_cast<std::remove_reference_t<Port>>(value);
    }

    std::unique_ptr<Model> model_;
    topology t_;
    const char* name_;
};

}  // namespace d3
