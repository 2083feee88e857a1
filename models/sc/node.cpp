#include "sc/node.h"

#include <algorithm>
#include <sstream>

namespace d3 {

namespace {
const char* const kMsgType = "d3/node";
constexpr int kReportedErrors = 8;
}  // namespace

node::node(const sc_core::sc_module_name& name, setup s)
    : sc_core::sc_module(name),
      inject_out("inject_out"),
      eject_in("eject_in"),
      cfg_(s.cfg),
      period_(step_time()),
      at_(s.at),
      id_(s.topo.id(s.at)),
      pool_(s.pool),
      ledger_(s.deliveries),
      program_(std::move(s.program)),
      credits_(s.cfg.router.injection_depth) {
    inject_out.register_nb_transport_bw(this, &node::credit);
    eject_in.register_nb_transport_fw(this, &node::receive);
    SC_METHOD(step);
    sensitive << wake_;
    dont_initialize();
    if (program_) wake_at(0);
}

void node::wake_at(std::uint64_t cycle) {
    const std::uint64_t n = now();
    cycle = std::max(cycle, n);
    if (wake_pending_ && wake_cycle_ <= cycle) return;
    wake_pending_ = true;
    wake_cycle_ = cycle;
    wake_.notify(period_ * static_cast<double>(cycle - n));
}

void node::step() {
    wake_pending_ = false;
    const std::uint64_t t = now();
    while (!credit_due_.empty() && credit_due_.front() <= t) {
        ++credits_;
        credit_due_.pop_front();
    }
    if (program_ && !program_->finished(t)) {
        launches_.clear();
        program_->launches(t, launches_);
        queue_.insert(queue_.end(), launches_.begin(), launches_.end());
    }
    int width = cfg_.router.injection_width;
    while (!queue_.empty() && width > 0 && credits_ > 0) {
        tlm::tlm_generic_payload* gp = pool_.acquire();
        packet& p = pool_.info(*gp);
        p.hdr = queue_.front().hdr;
        p.payload = queue_.front().payload;
        p.src = id_;
        p.msg = ledger_.launch(id_, p.hdr);
        p.launch = t + 1;  // the injection channel takes one cycle
        stats_.first_hop = std::min(stats_.first_hop, p.launch);
        queue_.pop_front();
        ++stats_.launched;
        --width;
        --credits_;
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time delay = period_;
        inject_out->nb_transport_fw(*gp, ph, delay);
    }
    stats_.queue_stalls += queue_.size();
    if (program_ && !program_->finished(t + 1))
        wake_at(t + 1);
    else if (!queue_.empty() && credits_ > 0)
        wake_at(t + 1);
    // otherwise a returning credit wakes the node
}

tlm::tlm_sync_enum node::receive(tlm::tlm_generic_payload& gp, tlm::tlm_phase&, sc_core::sc_time&) {
    const packet& p = pool_.info(gp);
    const std::uint64_t t = now();
    ++stats_.received;
    stats_.last_delivery = std::max(stats_.last_delivery, t);
    const ledger::receipt r = ledger_.deliver(p.msg, id_);
    if (r != ledger::receipt::ok) {
        if (++stats_.bad <= kReportedErrors) {
            static const char* const what[] = {"ok", "a duplicate of", "misrouted:", "unknown"};
            std::ostringstream os;
            os << name() << " " << to_string(at_) << " step " << t << ": received "
               << what[static_cast<int>(r)] << " message " << p.msg << " from router " << p.src
               << " (header " << to_string(p.hdr) << ")";
            SC_REPORT_WARNING(kMsgType, os.str().c_str());
        }
    }
    if (program_) {
        program_->on_receive({p.src, p.hdr, p.payload, t});
        if (!program_->finished(t + 1)) wake_at(t + 1);
    }
    pool_.release(&gp);
    return tlm::TLM_COMPLETED;
}

tlm::tlm_sync_enum node::credit(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time& t) {
    const std::uint64_t due = now() + t.value() / period_.value();
    credit_due_.push_back(due);
    if (!queue_.empty()) wake_at(due);
    return tlm::TLM_ACCEPTED;
}

}  // namespace d3
