// The router pipeline's description (core/router/pipeline.h): parsing, printing, the cycles it
// implies.
#include "core/router/pipeline.h"

#include <gtest/gtest.h>

namespace d3 {
namespace {

pipeline_spec parse_ok(const std::string& s) {
    std::string error;
    const auto p = parse_pipeline(s, error);
    EXPECT_TRUE(p) << s << ": " << error;
    return p ? *p : pipeline_spec{};
}

std::string parse_error(const std::string& s) {
    std::string error;
    EXPECT_FALSE(parse_pipeline(s, error)) << s;
    return error;
}

TEST(Pipeline, ThePapersRouterHasNoStageOfItsOwn) {
    const pipeline_spec p;
    EXPECT_EQ(p.stages(), 1);
    EXPECT_EQ(p.extra(), 0);
    EXPECT_EQ(to_string(p), "none");
    EXPECT_EQ(parse_ok("none"), p);
    EXPECT_EQ(parse_ok(""), p);
}

TEST(Pipeline, EachListedUnitTakesItsCycles) {
    const pipeline_spec p = parse_ok("route,allocate,traverse");
    EXPECT_EQ(p.route, 1);
    EXPECT_EQ(p.allocate, 1);
    EXPECT_EQ(p.traverse, 1);
    EXPECT_EQ(p.stages(), 4);
    EXPECT_EQ(p.after_grant(), 2);
    const pipeline_spec q = parse_ok("traverse:3,route");  // any order; printed in unit order
    EXPECT_EQ(q.route, 1);
    EXPECT_EQ(q.allocate, 0);
    EXPECT_EQ(q.traverse, 3);
    EXPECT_EQ(to_string(q), "route,traverse:3");
    EXPECT_EQ(parse_ok(to_string(q)), q);
}

TEST(Pipeline, StagesAreATraversalOfStagesMinusOne) {
    for (int n = 1; n <= 64; ++n) {
        const pipeline_spec p = pipeline_of_stages(n);
        EXPECT_EQ(p.stages(), n);
        EXPECT_EQ(p.route + p.allocate, 0);
        EXPECT_EQ(parse_ok(to_string(p)), p);
    }
}

TEST(Pipeline, BadListsAreRefusedWithAReason) {
    EXPECT_EQ(parse_error("route,crossbar"),
              "'crossbar' is not a unit (route, vc-allocate, allocate, traverse, or none)");
    EXPECT_EQ(parse_error("route,route"), "'route' is given twice");
    EXPECT_EQ(parse_error("route:0"), "'route:0': cycles must be a whole number from 1 to 63");
    EXPECT_EQ(parse_error("route:x"), "'route:x': cycles must be a whole number from 1 to 63");
    EXPECT_EQ(parse_error("route:"), "'route:': cycles must be a whole number from 1 to 63");
    EXPECT_EQ(parse_error("route:40,traverse:40"),
              "'route:40,traverse:40' has 81 stages (at most 64)");
    EXPECT_EQ(parse_error("route,"),
              "'' is not a unit (route, vc-allocate, allocate, traverse, or none)");
}

}  // namespace
}  // namespace d3
