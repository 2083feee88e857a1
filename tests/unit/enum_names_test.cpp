// Every enum's table of names (core/enum_names.h): each value named once, each name unique, each
// name parsed back to its value, and the wrappers the code base calls agree with the table.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/decoding/decoder_kind.h"
#include "core/enum_names.h"
#include "core/network/config.h"
#include "core/network/dragonfly.h"
#include "core/network/topology.h"
#include "core/router/service.h"
#include "core/traffic/pattern.h"
#include "core/traffic/routing.h"
#include "core/workload/schedule.h"
#include "paper/programs/common.h"
#include "study/study.h"

namespace {

using namespace d3;

template <typename E, std::size_t N>
void expect_round_trip(const enum_entry<E> (&table)[N]) {
    std::set<std::string> names;
    std::set<E> values;
    for (const enum_entry<E>& e : table) {
        EXPECT_TRUE(names.insert(e.name).second) << e.name << " named twice";
        EXPECT_TRUE(values.insert(e.value).second) << e.name << ": its value is named twice";
        EXPECT_EQ(parse_enum(table, e.name), e.value) << e.name;
        EXPECT_STREQ(name_of(table, e.value), e.name);
    }
    EXPECT_EQ(enum_names(table).size(), N);
    EXPECT_EQ(parse_enum(table, ""), std::nullopt);
    EXPECT_EQ(parse_enum(table, "no such name"), std::nullopt);
}

TEST(EnumNames, EveryTableRoundTrips) {
    expect_round_trip(kTopologyKindNames);
    expect_round_trip(kArbitrationNames);
    expect_round_trip(kArrangementNames);
    expect_round_trip(kTrafficPatternNames);
    expect_round_trip(kRoutingKindNames);
    expect_round_trip(kScheduleKindNames);
    expect_round_trip(kTurnaroundNames);
    expect_round_trip(kServiceNames);
    expect_round_trip(kDecoderKindNames);
    expect_round_trip(kEmbeddingNames);
    expect_round_trip(kBackendNames);
}

TEST(EnumNames, WrappersReadTheTables) {
    EXPECT_EQ(parse_as<topology_kind>("mdf"), topology_kind::mdf);
    EXPECT_STREQ(to_string(arbitration::youngest_first), "youngest-first");
    EXPECT_EQ(parse_as<traffic_pattern>("drawer-to-drawer"), traffic_pattern::drawer_to_drawer);
    EXPECT_STREQ(to_string(turnaround::next_step), "next-step");
    EXPECT_EQ(parse_as<service>("standard"), service::standard);
    EXPECT_EQ(parse_as<decoder_kind>("lockstep"), decoder_kind::lockstep);
    EXPECT_EQ(parse_as<schedule_kind>("Paper"), std::nullopt);  // names are case-sensitive
}

TEST(EnumNames, NamesTextListsTheNamesForAMessage) {
    EXPECT_EQ(names_text(kEmbeddingNames), "swap or glgl");
    EXPECT_EQ(names_text(kBackendNames), "local, parallel or slurm");
}

TEST(EnumNames, FileIsNoArrangementName) {
    // --arrangement file names a wiring file called "file": only palmtree and consecutive parse.
    EXPECT_EQ(parse_arrangement("palmtree"), arrangement::palmtree);
    EXPECT_EQ(parse_arrangement("file"), std::nullopt);
    EXPECT_STREQ(to_string(arrangement::file), "file");
}

TEST(EnumNames, NamesInTableOrder) {
    EXPECT_EQ(enum_names(kRoutingKindNames),
              (std::vector<std::string>{"minimal", "valiant", "ugal"}));
}

}  // namespace
