// The adapter of the switch allocator's unit interface (sc/router/arbiter_bank.h) to the Verilated
// round-robin arbiter, rtl/d3_rr_arbiter.sv (issue 49, docs/rtl-units.md): one model per output and
// service class of a router, each with n_i = the router's request sources. A template over the
// model so that d3sim's build (N = 128) and the seeded-fault build share one driver; include the
// model's generated header (V*.h) before this file.
//
// Per arbitration (only where several packets compete, as arbiter::pick): one request line per
// source; where one source offers several packets (the hold stage), its oldest (launch step, then
// packet number) asks, the packet the C++ arbiter would take among them. The combinational grant is
// read, then one clock edge with take_i high moves the pointer.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/router/arbiter.h"
#include "core/router/unit_wave.h"
#include "sc/router/arbiter_bank.h"

namespace d3 {

/// Registers this build's bank maker (set_arbiter_bank_maker): d3_rtl_model's, or the seeded-fault
/// build's in d3sim_fault. Call before a network is built.
void register_rtl_units();

/// The message of a lockstep mismatch: "<router> (c,d,p) step S: switch_allocator output O class C:
/// requesters (source s, launch a)...: C++ reference grants source X; RTL grants source Y".
std::string describe_arbiter_mismatch(const arbiter_bank_setup& s, std::size_t which,
                                      std::uint64_t step, const candidate* c, std::size_t n,
                                      std::size_t reference, std::size_t rtl);

/// Reports d3/unit-impl (an error) when a router has more sources than the model's N.
void check_arbiter_sources(const arbiter_bank_setup& s, std::uint32_t most, const char* model);

/// Reports d3/unit-impl (an error): the RTL granted no source that asked (an rtl run; lockstep
/// reports the difference instead).
void report_unusable_grant(const arbiter_bank_setup& s, std::size_t which, std::uint64_t step,
                           const candidate* c, std::size_t n);

template <class Model>
class verilated_arbiters final : public arbiter_bank_if {
  public:
    verilated_arbiters(const arbiter_bank_setup& s, std::uint32_t most, const char* model)
        : setup_(s), router_(s.router), sources_(s.sources), oldest_(s.sources, kNone) {
        setup_.router = router_.c_str();
        check_arbiter_sources(s, most, model);
        models_.reserve(s.arbiters);
        for (std::size_t i = 0; i < s.arbiters; ++i) {
            auto& v = *models_.emplace_back(std::make_unique<Model>());
            v.clk_i = 0;
            v.rst_ni = 1;  // a falling edge: the asynchronous reset of a module whose reset state
            v.eval();      // is not all zeros (a matrix arbiter's) takes effect
            v.rst_ni = 0;
            v.take_i = 1;
            v.n_i = static_cast<std::remove_reference_t<decltype(v.n_i)>>(s.sources);
            clear(v.req_i);
            v.eval();
            v.rst_ni = 1;
            v.eval();
        }
        declare_wave(unit_wave_for(s.at));
    }
    ~verilated_arbiters() override {
        for (auto& v : models_) v->final();
    }
    verilated_arbiters(const verilated_arbiters&) = delete;
    verilated_arbiters& operator=(const verilated_arbiters&) = delete;

    std::size_t pick(std::size_t which, const candidate* c, std::size_t n,
                     std::uint64_t step) override {
        Model& v = *models_[which];
        std::array<std::uint32_t, kWords> req{};
        for (std::size_t i = 0; i < n; ++i) {
            std::uint32_t& o = oldest_[c[i].source];
            if (o == kNone || older(c[i], c[o])) o = static_cast<std::uint32_t>(i);
            req[c[i].source / 32] |= 1u << (c[i].source % 32);
        }
        drive(v.req_i, req);
        v.eval();
        const std::uint32_t granted = v.valid_o ? static_cast<std::uint32_t>(v.idx_o) : 0;
        const std::uint32_t win = granted < sources_ ? oldest_[granted] : kNone;
        if (wave_) trace(which, step, req, v.valid_o, granted);
        for (std::size_t i = 0; i < n; ++i) oldest_[c[i].source] = kNone;
        v.clk_i = 1;  // the grant is taken: the pointer moves at the edge
        v.eval();
        v.clk_i = 0;
        // No grant, or one to a source that did not ask: n, which the lockstep bank reports as a
        // difference; an rtl run stops here.
        if (win == kNone && setup_.impl == unit_impl::rtl)
            report_unusable_grant(setup_, which, step, c, n);
        return win == kNone ? n : win;
    }

  private:
    static constexpr std::uint32_t kNone = ~0u;
    static constexpr std::size_t kWords = 8;  // up to 256 request lines
    /// --wave-rtl: per arbiter, switch_allocator.o<O>_c<C>_{req_i,valid_o,idx_o} under the
    /// router's scope (req_i: the first 64 request lines).
    void declare_wave(unit_wave_if* w) {
        wave_ = w;
        if (!w) return;
        const unsigned lines = sources_ < 64 ? sources_ : 64;
        for (std::size_t i = 0; i < models_.size(); ++i) {
            const std::size_t outputs = static_cast<std::size_t>(setup_.outputs);
            const std::string name =
                "o" + std::to_string(i % outputs) + "_c" + std::to_string(i / outputs) + "_";
            wave_ids_.push_back(w->add("switch_allocator", name + "req_i", lines));
            wave_ids_.push_back(w->add("switch_allocator", name + "valid_o", 1));
            wave_ids_.push_back(w->add("switch_allocator", name + "idx_o", 8));
        }
    }
    void trace(std::size_t which, std::uint64_t step, const std::array<std::uint32_t, kWords>& req,
               bool valid, std::uint32_t idx) {
        const std::uint32_t* id = &wave_ids_[3 * which];
        wave_->set(step, id[0], req[0] | static_cast<std::uint64_t>(req[1]) << 32);
        wave_->set(step, id[1], valid);
        wave_->set(step, id[2], idx);
    }
    static bool older(const candidate& a, const candidate& b) {
        return a.age != b.age ? a.age < b.age : a.seq < b.seq;
    }
    template <class Port>
    static void clear(Port& port) {
        drive(port, std::array<std::uint32_t, kWords>{});
    }
    // A request port is a CData/SData/IData/QData (N <= 64) or a VlWide of 32-bit words.
    template <class Port>
    static void drive(Port& port, const std::array<std::uint32_t, kWords>& w) {
        using P = std::remove_reference_t<Port>;
        if constexpr (std::is_integral_v<P>) {
            port = static_cast<P>(w[0] | static_cast<std::uint64_t>(w[1]) << 32);
        } else {
            for (std::size_t i = 0; i < sizeof(P) / sizeof(std::uint32_t); ++i) port[i] = w[i];
        }
    }

    arbiter_bank_setup setup_;
    std::string router_;  ///< setup_.router, kept
    std::uint32_t sources_;
    std::vector<std::uint32_t> oldest_;  ///< per source: its oldest candidate in this pick
    std::vector<std::unique_ptr<Model>> models_;
    unit_wave_if* wave_ = nullptr;  ///< --wave-rtl of this router
    std::vector<std::uint32_t> wave_ids_;
};

/// Both: the C++ reference of the module's policy (reference_arbiters.h), which the run follows,
/// and `rtl`; the first pick where they differ stops the run with
/// SC_REPORT_ERROR("d3/lockstep") (describe_arbiter_mismatch).
class lockstep_arbiters final : public arbiter_bank_if {
  public:
    lockstep_arbiters(const arbiter_bank_setup& s, std::unique_ptr<arbiter_bank_if> reference,
                      std::unique_ptr<arbiter_bank_if> rtl);
    std::size_t pick(std::size_t which, const candidate* c, std::size_t n,
                     std::uint64_t step) override;
    /// Picks compared so far.
    std::uint64_t picks() const { return picks_; }

  private:
    arbiter_bank_setup setup_;
    std::string router_;  ///< setup_.router, kept
    std::unique_ptr<arbiter_bank_if> reference_;
    std::unique_ptr<arbiter_bank_if> rtl_;
    std::uint64_t picks_ = 0;
};

/// `rtl` as it is (s.impl rtl), or in lockstep with the C++ reference of s.module's policy
/// (s.impl lockstep; d3/unit-impl when it has none).
std::unique_ptr<arbiter_bank_if> select_arbiters(const arbiter_bank_setup& s,
                                                 std::unique_ptr<arbiter_bank_if> rtl);

/// An RTL arbiter module of the arbiter's port list that a build verilated (`--unit-impl
/// switch_allocator=rtl:MODULE`): its name and the maker of its banks (rtl only; select_arbiters
/// adds lockstep).
struct arbiter_module {
    const char* name;
    std::unique_ptr<arbiter_bank_if> (*make)(const arbiter_bank_setup&);
};
/// Registers the modules this executable links (register_rtl_units(): d3sim's, generated by
/// rtl/CMakeLists.txt, d3_rr_arbiter first, then d3_matrix_arbiter and every module of
/// D3_USER_RTL_DIR; d3sim_fault's, the seeded fault's). arbiter_modules.cpp.
void set_arbiter_modules(const std::vector<arbiter_module>& modules);
const std::vector<arbiter_module>& arbiter_modules();
/// The bank of s.module (empty: the first module, d3_rr_arbiter) in s.impl; d3/unit-impl when
/// the module is not linked.
std::unique_ptr<arbiter_bank_if> make_module_arbiters(const arbiter_bank_setup& s);
/// A one-line error when `module` is not linked, or lockstep has no C++ reference for it.
std::optional<std::string> check_arbiter_module(const std::string& module, unit_impl impl);

}  // namespace d3
