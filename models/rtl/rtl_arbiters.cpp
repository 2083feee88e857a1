#include "rtl/rtl_arbiters.h"

#include <systemc>

#include "rtl/reference_arbiters.h"

namespace d3 {

namespace {
std::string where(const arbiter_bank_setup& s, std::size_t which, std::uint64_t step) {
    const std::size_t outputs = static_cast<std::size_t>(s.outputs);
    return std::string(*s.router ? s.router : "router") + " " + to_string(s.at) + " step " +
           std::to_string(step) + ": switch_allocator output " + std::to_string(which % outputs) +
           " class " + std::to_string(which / outputs);
}

std::string requesters(const candidate* c, std::size_t n) {
    std::string r = "requesters";
    for (std::size_t i = 0; i < n; ++i)
        r += std::string(i ? ", " : " ") + "source " + std::to_string(c[i].source) + " (launch " +
             std::to_string(c[i].age) + ", packet " + std::to_string(c[i].seq) + ")";
    return r;
}

std::string granted(const candidate* c, std::size_t n, std::size_t i) {
    return i < n
               ? "source " + std::to_string(c[i].source) + " (requester " + std::to_string(i) + ")"
               : std::string("none of the requesters");
}
}  // namespace

std::string describe_arbiter_mismatch(const arbiter_bank_setup& s, std::size_t which,
                                      std::uint64_t step, const candidate* c, std::size_t n,
                                      std::size_t reference, std::size_t rtl) {
    return where(s, which, step) + ": " + requesters(c, n) + ": C++ reference grants " +
           granted(c, n, reference) + "; RTL grants " + granted(c, n, rtl);
}

void check_arbiter_sources(const arbiter_bank_setup& s, std::uint32_t most, const char* model) {
    if (s.sources <= most) return;
    const std::string msg = std::string(s.router) +
                            ": --unit-impl switch_allocator: the router has " +
                            std::to_string(s.sources) + " request sources, the RTL arbiter " +
                            model + " at most " + std::to_string(most);
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
}

void report_unusable_grant(const arbiter_bank_setup& s, std::size_t which, std::uint64_t step,
                           const candidate* c, std::size_t n) {
    const std::string msg =
        where(s, which, step) + ": " + requesters(c, n) + ": the RTL granted none of them";
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
}

lockstep_arbiters::lockstep_arbiters(const arbiter_bank_setup& s,
                                     std::unique_ptr<arbiter_bank_if> reference,
                                     std::unique_ptr<arbiter_bank_if> rtl)
    : setup_(s), router_(s.router), reference_(std::move(reference)), rtl_(std::move(rtl)) {
    setup_.router = router_.c_str();
}

std::size_t lockstep_arbiters::pick(std::size_t which, const candidate* c, std::size_t n,
                                    std::uint64_t step) {
    ++picks_;
    const std::size_t ref = reference_->pick(which, c, n, step);
    const std::size_t rtl = rtl_->pick(which, c, n, step);
    if (ref != rtl) {
        const std::string msg = describe_arbiter_mismatch(setup_, which, step, c, n, ref, rtl);
        SC_REPORT_ERROR("d3/lockstep", msg.c_str());
    }
    return ref;
}

std::unique_ptr<arbiter_bank_if> select_arbiters(const arbiter_bank_setup& s,
                                                 std::unique_ptr<arbiter_bank_if> rtl) {
    if (s.impl != unit_impl::lockstep) return rtl;
    std::unique_ptr<arbiter_bank_if> reference = make_reference_arbiters(s);
    if (!reference) {
        const std::string msg = std::string("--unit-impl switch_allocator=lockstep:") + s.module +
                                ": no C++ reference of its policy";
        SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
        return rtl;
    }
    return std::make_unique<lockstep_arbiters>(s, std::move(reference), std::move(rtl));
}

}  // namespace d3
