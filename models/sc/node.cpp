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
      at_(s.at),
      id_(s.topo.id(s.at)),
      pool_(s.pool),
      ledger_(s.deliveries),
      clock_(s.clock),
      program_(std::move(s.program)),
      credits_(s.cfg.router.injection_depth) {
    inject_out.register_nb_transport_bw(this, &node::credit);
    eject_in.register_nb_transport_fw(this, &node::receive);
    clock_.add(*this, /*router_phase=*/false);
    if (program_) clock_.wake(*this, 0);
}

void node::end_of_elaboration() {
    fw_ = inject_out.operator->();
}

void node::step(std::uint64_t t) {
    while (!credit_due_.empty() && credit_due_.front() <= t) {
        ++credits_;
        credit_due_.pop_front();
    }
    if (program_ && !program_->finished(t)) {
        launches_.clear();
        program_->launches(t, launches_);
        queue_.append(launches_.begin(), launches_.end());
    }
    int width = cfg_.router.injection_width;
    while (!queue_.empty() && width > 0 && credits_ > 0) {
        packet* p = pool_.acquire();
        p->hdr = queue_.front().hdr;
        p->payload = queue_.front().payload;
        p->src = id_;
        p->msg = ledger_.launch(id_, p->hdr);
        p->launch = t + 1;  // the injection channel takes one cycle
        stats_.first_hop = std::min(stats_.first_hop, p->launch);
        queue_.pop_front();
        ++stats_.launched;
        --width;
        --credits_;
        flit f{p, 0};
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time delay = step_time();
        const tlm::tlm_sync_enum r = fw_->nb_transport_fw(f, ph, delay);
        if (r != tlm::TLM_ACCEPTED) check_return(name(), "nb_transport_fw", r, tlm::TLM_ACCEPTED);
    }
    stats_.queue_stalls += queue_.size();
    if (program_ && !program_->finished(t + 1))
        clock_.wake(*this, t + 1);
    else if (!queue_.empty() && credits_ > 0)
        clock_.wake(*this, t + 1);
    else if (!queue_.empty() && !credit_due_.empty())  // a credit already on its way
        clock_.wake(*this, credit_due_.front());
    // otherwise a returning credit wakes the node
}

tlm::tlm_sync_enum node::receive(flit& f, tlm::tlm_phase& ph, sc_core::sc_time&) {
    if (ph != tlm::BEGIN_REQ) check_phase(name(), "nb_transport_fw", ph, tlm::BEGIN_REQ);
    const packet& p = *f.pkt;
    const std::uint64_t t = clock_.now();
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
        if (!program_->finished(t + 1)) clock_.wake(*this, t + 1);
    }
    pool_.release(f.pkt);
    return tlm::TLM_COMPLETED;
}

tlm::tlm_sync_enum node::credit(flit&, tlm::tlm_phase& ph, sc_core::sc_time& t) {
    if (ph != tlm::END_REQ) check_phase(name(), "nb_transport_bw", ph, tlm::END_REQ);
    const std::uint64_t due = clock_.now() + to_cycle(t);
    credit_due_.push_back(due);
    if (!queue_.empty()) clock_.wake(*this, due);
    return tlm::TLM_ACCEPTED;
}

}  // namespace d3
