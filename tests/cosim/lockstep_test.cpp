// lockstep_decoder on its own: agreement passes through, the first difference is an error
// (d3/lockstep) that names the router, the step, the header and both outputs.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <systemc>

#include "core/decoding/decoder.h"
#include "rtl/lockstep_decoder.h"

namespace d3 {
namespace {

constexpr int K = 3, M = 4;

// The reference with one seeded difference: local hops at b = 1 leave one port further.
class off_by_one_decoder final : public decoder_if {
    decision decode_at(const header& h, const coord& at, const decode_context&) override {
        decision d = d3::decode(h, at, K, M);
        if (d.act == action::local && h.b == 1)
            d.port = static_cast<std::uint8_t>((d.port + 1) % M);
        return d;
    }
};

std::unique_ptr<lockstep_decoder> make_lockstep(std::unique_ptr<decoder_if> rtl) {
    return std::make_unique<lockstep_decoder>(std::make_unique<reference_decoder>(K, M),
                                              std::move(rtl));
}

std::string error_of(lockstep_decoder& l, const header& h, const coord& at) {
    try {
        l.decode(h, at);
    } catch (const sc_core::sc_report& r) {
        EXPECT_STREQ(r.get_msg_type(), "d3/lockstep");
        EXPECT_EQ(r.get_severity(), sc_core::SC_ERROR);
        return r.get_msg();
    }
    return "";
}

TEST(Lockstep, AgreementPassesThrough) {
    auto l = make_lockstep(std::make_unique<reference_decoder>(K, M));
    const header h = make_source_vector_header(false, 3, {1, 2, 3});
    const coord at{0, 1, 2};
    EXPECT_EQ(l->decode(h, at), decode(h, at, K, M));
    EXPECT_EQ(l->decodes(), 1u);
}

TEST(Lockstep, FirstDifferenceNamesRouterStepHeaderAndBothOutputs) {
    auto l = make_lockstep(std::make_unique<off_by_one_decoder>());
    const coord at{2, 1, 3};
    EXPECT_EQ(error_of(*l, make_source_vector_header(false, 3, {1, 2, 3}), at),
              "");  // b = 3 agrees
    const header h = make_source_vector_header(false, 1, {1, 2, 3});
    const std::string msg = error_of(*l, h, at);
    EXPECT_NE(msg.find("(2,1,3)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("step 0"), std::string::npos) << msg;
    EXPECT_NE(msg.find("decode 2 of this router"), std::string::npos) << msg;
    EXPECT_NE(msg.find("header " + to_string(h)), std::string::npos) << msg;
    EXPECT_NE(msg.find("C++ reference: local port 2"), std::string::npos) << msg;
    EXPECT_NE(msg.find("RTL: local port 3"), std::string::npos) << msg;
}

TEST(Lockstep, ReportNamesTheRouterAndStepOfTheDecodeContext) {
    auto l = make_lockstep(std::make_unique<off_by_one_decoder>());
    const decode_context ctx{6, "tb.network.router_1_0_2", 5};
    std::string msg;
    try {
        l->decode(make_source_vector_header(false, 1, {0, 1, 0}), {1, 0, 2}, ctx);
    } catch (const sc_core::sc_report& r) {
        EXPECT_STREQ(r.get_msg_type(), "d3/lockstep");
        msg = r.get_msg();
    }
    EXPECT_EQ(msg.rfind("tb.network.router_1_0_2 (1,0,2) step 5 ", 0), 0u) << msg;
}

}  // namespace
}  // namespace d3
