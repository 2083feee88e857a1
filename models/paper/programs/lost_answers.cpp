#include "paper/programs/lost_answers.h"

#include <stdexcept>

#include "core/workload/lost_inputs.h"

namespace d3 {

namespace {
// Answers to answers to ... this deep at most (the paper's programs answer once: an answer is
// answered by nobody); deeper ones are an error of the program.
constexpr int kMaxAnswerDepth = 8;
}  // namespace

lost_answers::lost_answers(const topology& t, const workload& inner, const link_faults& f)
    : t_(t), inner_(inner), faults_(f) {}

node_program* lost_answers::program(router_id r) {
    auto it = programs_.find(r);
    if (it == programs_.end()) it = programs_.emplace(r, inner_.program_for(r)).first;
    return it->second.get();
}

void lost_answers::drop(router_id at, router_id from, const header& h, std::uint64_t payload,
                        const std::function<void(router_id, router_id)>& dropped) {
    drop_at_depth(at, from, h, payload, dropped, 0);
}

void lost_answers::drop_at_depth(router_id at, router_id from, const header& h,
                                 std::uint64_t payload,
                                 const std::function<void(router_id, router_id)>& dropped,
                                 int depth) {
    if (faults_.router_failed(at)) return;  // sends nothing after the failure
    const auto* p = dynamic_cast<const answering_program*>(program(at));
    if (!p) return;
    if (depth == kMaxAnswerDepth)
        throw std::logic_error("lost_answers: a lost delivery's answers are answered too deep");
    delivery d;
    d.from = from;
    d.hdr = h;
    d.payload = payload;
    std::vector<launch> answers;
    p->answers(d, answers);
    for (const launch& l : answers) {
        walk(t_, t_.at(at), l.hdr, walked_);
        const std::vector<router_id> destinations = walked_.destinations;
        for (const router_id dst : destinations) {
            dropped(at, dst);
            drop_at_depth(dst, at, l.hdr, l.payload, dropped, depth + 1);
        }
    }
}

void lost_answers::drop_scheduled(router_id r, std::uint64_t from,
                                  const std::function<void(router_id, router_id)>& dropped) {
    const std::unique_ptr<node_program> p = inner_.program_for(r);
    if (!p) return;
    // Its schedule ends by its last round; a fresh program has received nothing to answer.
    const std::uint64_t end = inner_.start_step() + inner_.rounds() + inner_.delays();
    std::vector<launch> out;
    for (std::uint64_t step = from; step < end && !p->finished(step); ++step) {
        out.clear();
        p->launches(step, out);
        for (const launch& l : out) {
            walk(t_, t_.at(r), l.hdr, walked_);
            const std::vector<router_id> destinations = walked_.destinations;
            for (const router_id dst : destinations) drop(dst, r, l.hdr, l.payload, dropped);
        }
    }
}

}  // namespace d3
