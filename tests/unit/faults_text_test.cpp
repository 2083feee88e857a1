// The faults line of a run's summary (core/run/faults_text.h) from JSON written by hand.
#include "core/run/faults_text.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

TEST(FaultsText, ABeforeTheRunFailureSaysWhatWentAroundIt) {
    const nlohmann::json f = {{"failed_links", nlohmann::json::array({"(1,2,3) g 1"})},
                              {"failed_routers", 0},
                              {"rerouted", 1},
                              {"unreachable", 7},
                              {"lost", 0}};
    EXPECT_EQ(faults_text(f, "message"),
              "  faults: 0 routers and 1 cable failed; 1 message rerouted, 7 unreachable\n");
}

TEST(FaultsText, AFailureAtAStepSaysWhatItTookAndWhatWasNotAnswered) {
    const nlohmann::json f = {{"failed_at", 150},
                              {"failed_links", nlohmann::json::array()},
                              {"failed_routers", nlohmann::json::array({"(3,1,4)", "(0,0,1)"})},
                              {"rerouted", 12},
                              {"unreachable", 0},
                              {"not_answered", 8},
                              {"lost", 3}};
    EXPECT_EQ(faults_text(f, "packet"),
              "  faults: 2 routers and 0 cables failed at step 150; 12 packets rerouted, 0 "
              "unreachable, 8 not answered, 3 lost to the failure (each named in "
              "faults.lost_packets and as a 'lost' event in the packet log)\n");
}

TEST(FaultsText, NoFaultsObjectNoLine) {
    EXPECT_EQ(faults_text(nlohmann::json(), "packet"), "");
}

}  // namespace
}  // namespace d3
