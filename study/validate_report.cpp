#include "study/validate_report.h"

#include <map>
#include <sstream>

namespace d3 {

namespace {

std::string cell(std::string s) {
    for (char& c : s)
        if (c == '|') c = '/';
    return s;
}

std::string conflict_text(const nlohmann::json& c) {
    if (c.is_null()) return "";
    return "link " + c.value("link", std::string("?")) + " at step " +
           std::to_string(c.value("step", 0ull)) + " (" + std::to_string(c.value("requesters", 0)) +
           " packets)";
}

std::string command_of(const claim_row& r) {
    std::string s = "d3sim";
    for (const std::string& a : r.args) s += " " + a;
    return s;
}

// Claims in the order they first appear, with their rows.
std::vector<std::pair<std::string, std::vector<const claim_row*>>> by_claim(
    const std::vector<claim_row>& rows) {
    std::vector<std::pair<std::string, std::vector<const claim_row*>>> groups;
    std::map<std::string, std::size_t> where;
    for (const claim_row& r : rows) {
        auto [it, fresh] = where.emplace(r.id, groups.size());
        if (fresh) groups.push_back({r.id, {}});
        groups[it->second].second.push_back(&r);
    }
    return groups;
}

const char* kPreamble =
    R"(Every claim of R. Draper's *The Swapped Dragonfly* that the model can check, run literally on a grid
of D3(K,M) and compared with the paper's own figures. Simulated claims are `d3sim` runs of the
node programs as published (`--schedule paper`); topological claims are brute-force counts
(`models/paper/claims`). A verdict of "does not hold" means the literal algorithm, run on the
router model (one hop or hold per time step, a router sends at most one packet per directed link
per step), conflicts or misses the paper's figure; the model was not adjusted to make any claim
hold. For every such claim the first conflicting link and step are given (router (c,d,p) and its
output: `gA` global port A, `lX` local port X; the first launch is program step 0 and its first hop
is in step 1, as in the waveforms), the reason, the command that shows it in a waveform, and a
corrected schedule (`--schedule fixed`) with its cost.

How the figures are counted: `rounds` are node-program steps that launch packets, `delays` the
steps that launch nothing (the paper's false headers), `steps` the time steps from the first hop
(step 0) to the last, plus one; a single source-vector path takes 3 steps. `conflicts` are
(link, step) pairs where more than one packet wanted the link; a packet that loses waits in its
input buffer, so one conflict in a pipelined schedule can cause more later. The all-to-one's
responders answer at the paper's turnaround, in the step the request reaches them (L G L D l g l:
the reply's first hop 4 steps after the request's); `--turnaround next-step` answers one step
later. Other reactions (the permutation's data after its exchange) come in the step after the
packet that causes them.

Sources: a router with d != p is (0,0,1), a fixed point d = p is (0,1,1). Broadcast counts: N = 8.
)";

}  // namespace

std::string validation_table(const std::vector<claim_row>& rows) {
    std::ostringstream os;
    os << "| claim | network | source | paper | measured | conflicts | verdict |\n"
       << "|---|---|---|---|---|---|---|\n";
    for (const claim_row& r : rows)
        os << "| " << cell(r.claim) << " | " << r.network << " | " << r.source << " | "
           << cell(r.paper) << " | " << cell(r.measured) << " | " << r.conflicts << " | "
           << to_string(r.v) << " |\n";
    return os.str();
}

std::string validation_document(const std::vector<claim_row>& rows, const std::string& command) {
    std::ostringstream os;
    os << "# The paper's claims, measured\n\n"
       << "Made by `" << command << "` (from the repository root: `build/d3sim "
       << command.substr(6) << "`). Do not edit by hand: run the command again.\n\n"
       << kPreamble << "\n## Summary\n\n"
       << "| claim | rows | holds | does not hold | not applicable | first where it does not hold "
          "|\n"
       << "|---|---|---|---|---|---|\n";
    const auto groups = by_claim(rows);
    for (const auto& [id, list] : groups) {
        std::size_t n[3] = {0, 0, 0};
        const claim_row* first_bad = nullptr;
        for (const claim_row* r : list) {
            ++n[static_cast<int>(r->v)];
            if (r->v == verdict::does_not_hold && !first_bad) first_bad = r;
        }
        os << "| " << cell(list.front()->claim) << " | " << list.size() << " | " << n[0] << " | "
           << n[1] << " | " << n[2] << " | "
           << (first_bad
                   ? first_bad->network + (first_bad->source.empty() ? "" : " " + first_bad->source)
                   : "")
           << " |\n";
    }
    os << "\n## Where a claim does not hold\n";
    for (const auto& [id, list] : groups) {
        const claim_row* r = nullptr;
        std::size_t bad = 0;
        for (const claim_row* x : list)
            if (x->v == verdict::does_not_hold) {
                if (!r) r = x;
                ++bad;
            }
        if (!r) continue;
        os << "\n### " << r->claim << "\n\n"
           << "Does not hold on " << bad << " of " << list.size() << " rows. First: " << r->network
           << (r->source.empty() ? "" : ", source " + r->source) << ".\n\n"
           << "- Paper: " << r->paper << ".\n"
           << "- Measured: " << r->measured << ".\n";
        if (!r->first_conflict.is_null())
            os << "- First conflict: " << conflict_text(r->first_conflict) << ".\n";
        if (!r->note.empty()) os << "- Why: " << r->note << "\n";
        if (!r->args.empty()) {
            os << "- Reproduce: `" << command_of(*r) << "`\n";
            if (!r->first_conflict.is_null())
                os << "- See it: `" << command_of(*r) << " --wave waves/" << r->id
                   << ".vcd`, then `gtkwave waves/" << r->id << ".vcd waves/" << r->id
                   << ".gtkw` (opens on the conflicting links, markers at the first conflicts).\n";
        }
    }
    os << "\n## Every row\n\n" << validation_table(rows);
    return os.str();
}

namespace {

// The table of network rows and, for each claim that does not hold somewhere, where and why.
void network_table(std::ostringstream& os, const std::vector<claim_row>& rows) {
    os << "| claim | network | paper | measured | verdict |\n|---|---|---|---|---|\n";
    for (const claim_row& r : rows)
        os << "| " << cell(r.claim) << " | " << r.network << " | " << cell(r.paper) << " | "
           << cell(r.measured) << " | " << to_string(r.v) << " |\n";
    // Each claim that does not hold somewhere: where, and its note once.
    for (const auto& [id, list] : by_claim(rows)) {
        std::string where;
        const claim_row* noted = nullptr;
        for (const claim_row* r : list)
            if (r->v == verdict::does_not_hold) {
                where += (where.empty() ? "" : ", ") + r->network;
                if (!noted && !r->note.empty()) noted = r;
            }
        if (where.empty()) continue;
        os << "\n- " << cell(list.front()->claim) << ": does not hold on " << where << "."
           << (noted ? " " + noted->note : std::string()) << "\n";
    }
}

}  // namespace

std::string networks_section(const std::vector<claim_row>& rows) {
    std::ostringstream os;
    os << "\n## The other networks (issue 48)\n\n"
       << "Swapped networks (Yeh and Parhami), the hierarchical dual-net and Hamming graphs, built "
          "as graphs (`models/core/network/graphs`) and counted by breadth-first search from "
          "every node; the paper column is the paper's formula on that shape "
          "([docs/networks.md](networks.md)).\n\n";
    network_table(os, rows);
    return os.str();
}

std::string network_runs_section(const std::vector<claim_row>& rows) {
    std::ostringstream os;
    os << "\n### The same claims by the run\n\n"
       << "Each shape the simulator takes (at most 8,192 routers, a diameter of at most 15; of the "
          "shapes of diameter 8 and more, those of up to 480 routers) run by "
          "`d3sim --topology rsn|hdn|hamming ... --vcs DIAMETER --trace FILE`: "
          "one packet per ordered pair of routers (its packets' most and mean hops are the "
          "diameter and the average distance, the output ports each router sent on in its "
          "packet log its distinct neighbours), and the papers' node programs as traces (a round "
          "of one-flit messages takes 3 steps: t_s = 2, the injection step and the link, t_w = 1; "
          "a "
          "round is no barrier, a message whose sender received nothing in the round before "
          "leaves at its round's step, so a run's rounds are its steps over 3, rounded up). "
          "A row holds where the run gives the brute force's figure and the claim holds on it; "
          "a shape not in the table above comes with its counted rows first "
          "(study/validate_networks.cpp; the traces and results are in the work directory's "
          "`networks`).\n\n";
    network_table(os, rows);
    return os.str();
}

nlohmann::json validation_json(const std::vector<claim_row>& rows, const std::string& command) {
    nlohmann::json a = nlohmann::json::array();
    for (const claim_row& r : rows)
        a.push_back({{"id", r.id},
                     {"claim", r.claim},
                     {"network", r.network},
                     {"source", r.source},
                     {"paper", r.paper},
                     {"measured", r.measured},
                     {"conflicts", r.conflicts},
                     {"verdict", to_string(r.v)},
                     {"note", r.note},
                     {"args", r.args},
                     {"first_conflict", r.first_conflict},
                     {"config", r.config}});
    return {{"command", command}, {"rows", a}};
}

}  // namespace d3
