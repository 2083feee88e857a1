// MDF(K,M), the maximal dragonfly of section 11: palmtree and consecutive arrangements.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <queue>

#include "core/network/dragonfly.h"

namespace d3 {
namespace {

const std::vector<std::pair<int, int>> kShapes = {{1, 2}, {2, 2}, {2, 4}, {3, 4}, {4, 4}, {4, 8}};

int diameter(const dragonfly& df) {
    const int n = static_cast<int>(df.routers());
    int worst = 0;
    for (int s = 0; s < n; ++s) {
        std::vector<int> dist(static_cast<std::size_t>(n), -1);
        std::queue<int> q;
        dist[static_cast<std::size_t>(s)] = 0;
        q.push(s);
        while (!q.empty()) {
            const int v = q.front();
            q.pop();
            const int g = v / df.m(), r = v % df.m();
            std::vector<int> next;
            for (int x = 1; x < df.m(); ++x) next.push_back(g * df.m() + df.local_neighbor(r, x));
            for (int p = 0; p < df.k(); ++p) {
                const port_end& e = df.global_neighbor(g, r, p);
                next.push_back(e.group * df.m() + e.router);
            }
            for (int w : next)
                if (dist[static_cast<std::size_t>(w)] < 0) {
                    dist[static_cast<std::size_t>(w)] = dist[static_cast<std::size_t>(v)] + 1;
                    q.push(w);
                }
        }
        for (int d : dist) {
            if (d < 0) return -1;
            worst = std::max(worst, d);
        }
    }
    return worst;
}

TEST(Dragonfly, ArrangementsAreValidMaximalDragonflies) {
    for (auto [k, m] : kShapes)
        for (arrangement a : {arrangement::palmtree, arrangement::consecutive}) {
            const dragonfly df(k, m, a);
            EXPECT_EQ(df.groups(), k * m + 1);
            EXPECT_FALSE(df.validate())
                << to_string(a) << " " << k << "," << m << ": " << *df.validate();
            EXPECT_EQ(diameter(df), 3) << to_string(a) << " " << k << "," << m;
        }
}

TEST(Dragonfly, PalmtreeFollowsThePaperFormula) {
    // Router i of group j connects to router a-1-i of groups j - i*D2 - 1, ..., j - i*D2 - D2 (mod
    // b).
    const int k = 3, m = 4, b = k * m + 1;
    const dragonfly df(k, m, arrangement::palmtree);
    for (int j = 0; j < b; ++j)
        for (int i = 0; i < m; ++i)
            for (int p = 0; p < k; ++p) {
                const port_end& e = df.global_neighbor(j, i, p);
                EXPECT_EQ(e.router, m - 1 - i);
                EXPECT_EQ(e.group, ((j - i * k - p - 1) % b + b) % b);
            }
    // Rotation symmetry: every group has the same pattern.
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p)
            EXPECT_EQ(
                (df.global_neighbor(1, i, p).group - df.global_neighbor(0, i, p).group + b) % b, 1);
}

TEST(Dragonfly, ExitToFindsTheOneLink) {
    const dragonfly df(2, 4, arrangement::palmtree);
    for (int j = 0; j < df.groups(); ++j)
        for (int g = 0; g < df.groups(); ++g) {
            if (g == j) continue;
            const port_end e = df.exit_to(j, g);
            EXPECT_EQ(e.group, j);
            EXPECT_EQ(df.global_neighbor(j, e.router, e.port).group, g);
        }
}

// Writes `df`'s links to `path` as a wiring file, each line ending in `tail`, then `last`.
void write_wiring(const std::string& path, const dragonfly& df, const std::string& tail,
                  const std::string& last = "") {
    std::ofstream f(path);
    f << "# MDF(" << df.k() << "," << df.m() << ")\n\n";
    for (int j = 0; j < df.groups(); ++j)
        for (int i = 0; i < df.m(); ++i)
            for (int p = 0; p < df.k(); ++p) {
                const port_end& e = df.global_neighbor(j, i, p);
                if (std::make_tuple(j, i, p) < std::make_tuple(e.group, e.router, e.port))
                    f << j << " " << i << " " << p << "  " << e.group << " " << e.router << " "
                      << e.port << tail << "\n";
            }
    f << last;
}

TEST(Dragonfly, WiringFileRoundTripsAndBadFilesAreNamed) {
    const dragonfly df(2, 3, arrangement::consecutive);
    const std::string path = testing::TempDir() + "mdf_wiring.txt";
    write_wiring(path, df, "");
    const dragonfly back = dragonfly::from_file(2, 3, path);
    for (int j = 0; j < df.groups(); ++j)
        for (int i = 0; i < df.m(); ++i)
            for (int p = 0; p < df.k(); ++p)
                EXPECT_EQ(back.global_neighbor(j, i, p), df.global_neighbor(j, i, p));
    {
        std::ofstream f(path);
        f << "0 0 0 1 0 0\n0 0 0 2 0 0\n";
    }
    try {
        dragonfly::from_file(2, 3, path);
        ADD_FAILURE() << "a port used twice was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(":2: port used twice"), std::string::npos) << e.what();
    }
    // A line that is neither blank nor a comment is a link or an error, also when its first word
    // is not a number (an audit found such lines skipped as if blank: 2026-11-25). A trailing
    // comment and blank lines stay allowed.
    for (const char* junk : {"garbage here", "99999999999999999999 0 0 0 0 0", "x 0 0 1 0 0"}) {
        write_wiring(path, df, "  # a link", std::string(junk) + "\n");
        try {
            dragonfly::from_file(2, 3, path);
            ADD_FAILURE() << "a line '" << junk << "' was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("expected 'group router port group router port'"),
                      std::string::npos)
                << e.what();
        }
    }
    std::remove(path.c_str());
}

}  // namespace
}  // namespace d3
