// rtl_engine over any Verilated (--cc) build of rtl/d3_header_decoder.sv. A template so that the
// production model, the narrow-width model and the seeded-fault model of the tests share one
// driver. Include the model's generated header (V*.h) before this file.
#pragma once

#include <memory>
#include <type_traits>

#include "rtl/rtl_decoder.h"

namespace d3 {

template <class Model>
class verilated_engine final : public rtl_engine {
  public:
    /// K and M go to the model's k_i and m_i ports once: they are constant during a run.
    verilated_engine(int k, int m, const char* model_name)
        : model_(std::make_unique<Model>()), name_(model_name) {
        drive(model_->k_i, k);
        drive(model_->m_i, m);
    }
    ~verilated_engine() override { model_->final(); }
    verilated_engine(const verilated_engine&) = delete;
    verilated_engine& operator=(const verilated_engine&) = delete;

    decision eval(const header& h, const coord& at) override {
        Model& v = *model_;
        drive(v.c_i, at.c);
        drive(v.d_i, at.d);
        drive(v.p_i, at.p);
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
    const char* name_;
};

}  // namespace d3
