// The node's step in its cases (node::step_classes and what it inlines): included by node.cpp,
// which instantiates one thread's steps, and node_staged.cpp, the steps on the threads
// (--threads, sc/staged_nodes.h), so that each unit's inlining is decided for its own cases.
#pragma once

#include <algorithm>
#include <type_traits>

#include "core/containers/calendar.h"
#include "core/workload/schedule.h"
#include "sc/node.h"
#include "sc/packet_pool.h"
#include "sc/staged_nodes.h"

namespace d3 {

[[gnu::always_inline]] inline void node::count_received(const packet& p, std::uint64_t t) {
    if (p.background) {
        ++stats_.background_received;
    } else {
        ++stats_.received;
        stats_.last_delivery = std::max(stats_.last_delivery, t);
    }
}

template <typename Classes>
inline void node::collect_credits(std::uint64_t t, Classes classes) {
    for (int c = 0; c < classes; ++c) {
        lane& q = lanes_[c];
        // One pass over the credits due (the injection width kept in the node)
        q.credits += static_cast<int>(
            q.credit_due.pop_front_while([t](std::uint64_t due) { return due <= t; }));
    }
}

// send and inject are inlined into step: one launch per node step in the all-to-all, whose call
// frames cost more than their bodies.
template <typename Closed, typename Sized, typename Path>
[[gnu::always_inline]] inline void node::send(const launch& l, std::uint64_t first_hop,
                                              const sc_core::sc_time& delay, Closed closed, Sized,
                                              Path) {
    // Every field set here (acquire_unset): no reset first.
    packet* p;
    if constexpr (Path::value == launch_path::staged) {  // message and serial: the merge's
        p = pool_.take_reserved(staging_->index);
        staging_->launches.push_back({p, closed ? ledger_.closed_form_destination(at_, l.hdr)
                                                : ledger_.destination_of(at_, l.hdr)});
    } else {
        p = pool_.acquire_unset();
        p->msg =
            closed ? ledger_.launch_closed_form(id_, at_, l.hdr) : ledger_.launch(id_, at_, l.hdr);
    }
    p->src = id_;
    p->hdr = l.hdr;
    p->payload = l.payload;
    p->launch = first_hop;
    p->hops = 0;
    p->service = l.service;
    p->background = l.background;
    p->terminal = l.terminal;  // (packet::globals: a design-space router sets it on entry)
    if constexpr (Sized::value) p->flits = l.flits != 0 ? l.flits : packet_flits_;
    // The ledger found the header valid on this network (it throws otherwise): a route stage
    // with the reference decoder need not check it again (packet::header_checked).
    p->header_checked = true;
    if (l.background) {
        ++stats_.background_launched;
    } else {
        // A node's packets leave in the order of their first hops (a turnaround reply of step t
        // before the launches of step t, whose first hop is t + 1): the first one's is the least.
        if (stats_.launched++ == 0) stats_.first_hop = first_hop;
    }
    if constexpr (Path::value == launch_path::direct) {
        // Usable at its first hop: after the channel's cycle (none for a turnaround reply). Its
        // credit as the channel's would come back (nb_transport_bw, credit): lane 0, one class.
        const std::uint64_t due = sink_->inject(p, first_hop);
        lane& q = lanes_[0];
        q.credit_due.push_back(due);
        if (!q.waiting.empty()) clock_.wake(*this, due);
        return;
    }
    flit f;  // member by member (flit::seq is not read on the injection channel)
    f.pkt = p;
    f.vc = l.service;  // the injection channel of its class
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    sc_core::sc_time d = delay;
    constexpr bool on_threads =
        Path::value == launch_path::threaded || Path::value == launch_path::staged;
    const tlm::tlm_sync_enum r = (on_threads ? threaded_fw_ : fw_)->nb_transport_fw(f, ph, d);
    if (r != tlm::TLM_ACCEPTED) check_return(name(), "nb_transport_fw", r, tlm::TLM_ACCEPTED);
}

template <typename Closed, typename Sized, typename Path>
[[gnu::always_inline]] inline bool node::inject(lane& q, const launch& l, std::uint64_t t,
                                                Closed closed, Sized sized, Path path) {
    if (!has_room(q)) return false;
    send(l, t + 1, injection_delay_, closed, sized, path);  // the injection channel: one cycle
    ++q.sent;
    --q.credits;
    return true;
}

template <typename Classes, typename Closed, typename Path>
inline void node::step_classes(std::uint64_t t, Classes classes, Closed closed, Path path) {
    collect_credits(t, classes);
    constexpr std::is_same<Classes, int> sized{};  // step_classes_of: packets may have sizes
    // Replies launched in the delivery step t - 1 (their credits and width taken then): they
    // enter the router now, ready for their first hop in this cycle, as a launch of step t - 1
    // through the one-cycle injection channel would. A closed-form node's program answers
    // nothing (it has a plan): no replies, and nothing reads sent_cycle_ (launch_immediately);
    // plan_slots_ read through a kept pointer.
    if (!closed) {
        for (const launch& l : turnaround_)
            send(l, t, sc_core::SC_ZERO_TIME, std::false_type{}, sized, path);
        turnaround_.clear();
        sent_cycle_ = t;
    }
    for (int c = 0; c < classes; ++c) lanes_[c].sent = 0;
    // A closed-form node replays its program's plan, so it has a program: not tested in its
    // step; and a step's launches are the plan's or the program's by the branch below, without
    // a null pointer tested after it.
    const bool programmed = closed || program_;
    // Before unfinished_before_ the program is not asked.
    const bool done = !programmed || (t >= unfinished_before_ && program_->finished(t));
    if (!done) {
        const std::vector<launch>* step_launches = &launches_;
        if (t < plan_steps_) {
            step_launches = &plan_slots_[t].launches;
        } else {
            launches_.clear();
            program_->launches(t, launches_);
        }
        if (classes == 1) {
            lane& q = lanes_[0];
            auto next = step_launches->begin();
            if (q.waiting.empty())  // as if queued and taken from the front below
                while (next != step_launches->end() && inject(q, *next, t, closed, sized, path))
                    ++next;
            if (next != step_launches->end()) q.waiting.append(next, step_launches->end());
        } else {
            for (const launch& l : *step_launches) lanes_[l.service].waiting.push_back(l);
        }
    }
    for (int c = 0; c < classes; ++c) {  // the privileged class first
        lane& q = lanes_[c];
        while (!q.waiting.empty() && inject(q, q.waiting.front(), t, closed, sized, path))
            q.waiting.pop_front();
        if (!q.waiting.empty()) stats_.queue_stalls += q.waiting.size();  // size() divides
    }
    if (programmed) {
        const bool finished_next = t + 1 >= unfinished_before_ && program_->finished(t + 1);
        clock_.keep_awake(*this, !finished_next);  // a running program steps in every cycle
        if (!finished_next) return;
    }
    std::uint64_t wake = calendar::kNever;
    for (int c = 0; c < classes; ++c) {
        lane& q = lanes_[c];
        if (q.waiting.empty()) continue;
        if (q.credits > 0)
            wake = std::min(wake, t + 1);
        else if (!q.credit_due.empty())  // a credit already on its way
            wake = std::min(wake, q.credit_due.front());
    }
    if (wake != calendar::kNever) clock_.wake(*this, wake);
    // otherwise a returning credit wakes the node
}

}  // namespace d3
