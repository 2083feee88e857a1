#include "paper/programs/registry.h"

#include <algorithm>
#include <stdexcept>

#include "paper/beyond/broadcast_trees.h"
#include "paper/beyond/doubly_parallel.h"
#include "paper/beyond/hypercube.h"
#include "paper/beyond/mdf_vectors.h"
#include "paper/beyond/transpose.h"
#include "paper/beyond/vector_matrix.h"
#include "paper/primitives/all_to_all.h"
#include "paper/primitives/all_to_one.h"
#include "paper/primitives/broadcast.h"
#include "paper/primitives/glgl.h"
#include "paper/primitives/one_to_all.h"
#include "paper/primitives/permutation.h"
#include "paper/programs/converted.h"

namespace d3 {

const std::vector<std::string>& primitive_names() {
    static const std::vector<std::string> names{
        "broadcast",           "one-to-all",      "all-to-one",      "all-to-all",
        "permutation",         "glgl-one-to-all", "broadcast-trees", "hypercube-exchange",
        "hypercube-allreduce", "vector-matrix",   "matrix-product",  "transpose"};
    return names;
}

namespace {

// The primitives that read each option that only some read (models/paper, README).
struct option_use {
    const char* option;
    std::vector<std::string> primitives;
};

const std::vector<option_use>& option_uses() {
    static const std::vector<option_use> uses{
        {"--source",
         {"broadcast", "one-to-all", "all-to-one", "glgl-one-to-all", "broadcast-trees"}},
        {"--count", {"broadcast", "broadcast-trees", "matrix-product"}},
        {"--protocol", {"all-to-all", "broadcast", "one-to-all", "all-to-one", "glgl-one-to-all"}},
        {"--schedule",
         {"all-to-all", "broadcast", "one-to-all", "all-to-one", "permutation", "glgl-one-to-all",
          "broadcast-trees"}},
        {"--perm", {"permutation"}},
        {"--turnaround", {"all-to-one"}},
        {"--dimension", {"hypercube-exchange"}},
        {"--embedding", {"hypercube-exchange", "hypercube-allreduce"}},
    };
    return uses;
}

std::optional<std::string> check_options(const topology& t, const primitive_options& o) {
    bool known = false;
    for (const std::string& n : primitive_names()) known = known || n == o.primitive;
    if (!known) {
        std::string list;
        for (const std::string& n : primitive_names()) list += (list.empty() ? "" : ", ") + n;
        return "unknown primitive '" + o.primitive + "' (" + list + ")";
    }
    if (o.protocol == kDoublyParallel) {
        if (o.primitive != "all-to-all") return "--protocol doubly-parallel is the all-to-all's";
        if (!t.is_d3() || doubly_parallel_factor(t) < 2)
            return "--protocol doubly-parallel needs D3(K,M) with gcd(K,M) > 1 (got " + t.name() +
                   ")";
        if (o.schedule == schedule_kind::fixed)
            return "--schedule fixed does not apply to doubly-parallel";
    } else if (o.protocol < 0 || o.protocol > 3) {
        return "--protocol must be 1, 2 or 3";
    }
    if (parse_as<embedding_kind>(o.embedding) != embedding_kind::swap &&
        o.primitive.rfind("hypercube", 0) != 0)
        return "--embedding is the hypercube primitives'";
    if (o.primitive == "permutation" && o.protocol != 0)
        return "--protocol does not apply to the permutation";
    if (o.count < 1 || o.count > kMaxBroadcastCount)
        return "--count must be between 1 and " + std::to_string(kMaxBroadcastCount) + " (got " +
               std::to_string(o.count) + ")";
    if (!t.contains(o.source)) return "--source " + to_string(o.source) + " is outside " + t.name();
    if (!t.is_d3() && o.primitive != "all-to-all" && o.primitive != "broadcast")
        return "--primitive " + o.primitive +
               ": on MDF the primitives are all-to-all and broadcast (source vectors, issue 14)";
    if (!t.is_d3() && o.schedule == schedule_kind::fixed)
        return "--schedule fixed is not designed for MDF (paper or none)";
    return std::nullopt;
}

}  // namespace

const std::vector<std::string>& primitive_only_options() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const option_use& u : option_uses()) v.emplace_back(u.option);
        return v;
    }();
    return names;
}

std::optional<std::string> option_unread(const std::string& option, const std::string& primitive) {
    for (const option_use& u : option_uses()) {
        if (option != u.option ||
            std::find(u.primitives.begin(), u.primitives.end(), primitive) != u.primitives.end())
            continue;
        std::string list;
        for (std::size_t i = 0; i < u.primitives.size(); ++i)
            list += (i == 0 ? "" : i + 1 == u.primitives.size() ? " and " : ", ") + u.primitives[i];
        return option + " does not apply to " + primitive + " (it is for " + list + ")";
    }
    return std::nullopt;
}

std::unique_ptr<workload> make_primitive_workload(const topology& t, const primitive_options& o) {
    if (o.destination_headers) {
        primitive_options as_published = o;
        as_published.destination_headers = false;
        return with_destination_headers(t, make_primitive_workload(t, as_published));
    }
    if (auto err = check_options(t, o)) throw std::invalid_argument(*err);
    if (o.primitive == "broadcast") return make_broadcast_workload(t, o);
    if (o.primitive == "one-to-all") return make_one_to_all_workload(t, o);
    if (o.primitive == "all-to-one") return make_all_to_one_workload(t, o);
    if (o.primitive == "permutation") return make_permutation_workload(t, o);
    if (o.primitive == "glgl-one-to-all") return make_glgl_workload(t, o);
    if (o.primitive == "broadcast-trees") return make_broadcast_trees_workload(t, o);
    if (o.primitive == "hypercube-exchange") return make_hypercube_exchange_workload(t, o);
    if (o.primitive == "hypercube-allreduce") return make_hypercube_allreduce_workload(t, o);
    if (o.primitive == "vector-matrix" || o.primitive == "matrix-product")
        return make_vector_matrix_workload(t, o);
    if (o.primitive == "transpose") return make_transpose_workload(t, o);
    if (!t.is_d3()) return make_mdf_all_to_all_workload(t, o);
    if (o.protocol == kDoublyParallel) return make_doubly_parallel_workload(t, o);
    return make_all_to_all_workload(t, o);
}

std::optional<std::string> check_primitive(const topology& t, const primitive_options& o) {
    // Only a permutation (its file or named pattern) and a `fixed` schedule (is there anything to
    // fix?) need the workload to be checked; the others are checked without building it, so
    // that a huge network is not built twice (once here, once to run).
    if (o.primitive != "permutation" && o.schedule != schedule_kind::fixed &&
        o.primitive.rfind("hypercube", 0) != 0 &&  // (hypercube: the shape, cheap to build)
        o.primitive != "transpose")                // (K a square: cheap to build)
        return check_options(t, o);
    try {
        make_primitive_workload(t, o);
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

int primitive_injection_width(const topology& t, const primitive_options& o) {
    if (o.primitive == "glgl-one-to-all" && glgl_injection_width(t) > t.m())
        return glgl_injection_width(t);
    return 0;
}

}  // namespace d3
