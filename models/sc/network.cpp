#include "sc/network.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/run/memory_estimate.h"

namespace d3 {

// Written into one buffer, not concatenated: concatenating made five string temporaries per
// name, and every router and node has one.
const char* network::module_name(const char* kind, const coord& x, module_name_buffer& buf) const {
    char* const end = buf.data() + buf.size() - 1;
    char* p = buf.data();
    for (const char* k = kind; *k != '\0' && p != end; ++k) *p++ = *k;
    const auto number = [&](int v) {
        if (p != end) *p++ = '_';
        p = std::to_chars(p, end, v).ptr;  // (p stays at end if it did not fit)
    };
    number(x.c);                     // a file network: its router index alone
    if (topo_.is_d3()) number(x.d);  // MDF: group_router
    if (!topo_.is_file()) number(x.p);
    *p = '\0';
    return buf.data();
}

namespace {
// The longest wait any router or node asks the stepper for in normal use: a hop or a hold.
std::uint64_t horizon(const network_config& c) {
    return static_cast<std::uint64_t>(c.router.pipeline.stages()) +
           static_cast<std::uint64_t>(std::max(c.router.local_latency, c.router.global_latency)) +
           2;
}
// The configuration, once it passed the model's checks: a network built from one that did not (a
// library user's k = 0 or a buffer of depth 0) is a d3/network error, not undefined behaviour.
const network_config& checked(const network_config& c) {
    if (auto err = c.check_model())
        SC_REPORT_ERROR("d3/network", ("invalid network configuration: " + *err).c_str());
    return c;
}
// SystemC checks each new object's name for '.' and white space on a copy (a pool allocation and
// a call of isspace per character, for each of the network's thousands of objects). The names the
// routers and nodes give their objects and those SystemC makes for them are letters, digits and
// '_' (module_name, the units' and sockets' fixed names), so the check is off while they are
// built and back as it was afterwards, a throw included. The names are the same either way.
class names_checked_by_us {
  public:
    names_checked_by_us() : was_(sc_core::sc_enable_name_checking) {
        sc_core::sc_enable_name_checking = false;
    }
    ~names_checked_by_us() { sc_core::sc_enable_name_checking = was_; }
    names_checked_by_us(const names_checked_by_us&) = delete;
    names_checked_by_us& operator=(const names_checked_by_us&) = delete;

  private:
    const bool was_;
};
}  // namespace

network::network(const sc_core::sc_module_name& name, const network_config& cfg,
                 const workload& work, const decoder_factory& decoders, link_observer* observer)
    : sc_core::sc_module(name),
      cfg_(checked(cfg).resolved()),
      topo_(make_topology(cfg_)),
      ledger_(topo_),
      clock("clock", horizon(cfg_)) {
    const std::uint32_t n = topo_.routers();
    if (const auto v = work.volume(topo_))
        ledger_.reserve(v->messages, v->deliveries);
    else if (const std::uint64_t m = work.expected_messages())
        ledger_.reserve(m, 0);
    // Without a factory every router decodes with the one reference decoder, which holds nothing
    // but the topology: one per router was an allocation and a topology copy each (an MDF
    // topology's copy also counts a shared wiring's reference).
    if (decoders) {
        decoders_.reserve(n);
        for (router_id i = 0; i < n; ++i) decoders_.push_back(decoders(topo_.at(i)));
    } else {
        decoders_.push_back(std::make_unique<topology_decoder>(topo_));
    }
    // --threads N > 1: the routers' observer is the recording's (sc/step_deferral.h).
    clock.use_threads(cfg_.threads, pool_, ledger_, observer);
    if (step_deferral* d = clock.deferral()) {
        if (decoders)
            SC_REPORT_ERROR("d3/network",
                            "--threads runs the reference decoder only (no --decoder, "
                            "no --wave-decoder): use --threads 1");
        if (observer) observer = d->observer();
    }
    module_name_buffer label;
    {
        const names_checked_by_us names;
        routers.init(n, [&](std::size_t i) {
            const coord at = topo_.at(static_cast<router_id>(i));
            decoder_if& decoder = *decoders_[decoders ? i : 0];
            return new router(
                module_name("router", at, label),
                router::setup{cfg_, topo_, at, decoder, pool_, clock, observer, cfg_.background});
        });
        const bool at_tail = node::hands_over_at_tail(cfg_);
        nodes.init(n, [&](std::size_t i) {
            const auto id = static_cast<router_id>(i);
            const coord at = topo_.at(id);
            return new node(
                module_name("node", at, label),
                node::setup{cfg_, topo_, at, pool_, ledger_, clock, work.program_for(id), at_tail});
        });
    }
    // Links: output o of router i to the input its far end arrives on, in output order, then the
    // router's node. Links are connected, the node's sockets bound (sc/link_socket.h, item 5).
    const int ports = topo_.link_ports();
    for (router_id i = 0; i < n; ++i) {
        const coord at = topo_.at(i);
        router& r = routers[i];
        for (int o = 0; o < ports; ++o) {
            const topology::link_end far = topo_.far_end(at, port_of(o, topo_.k()));
            router& to = routers[topo_.id(far.at)];
            r.out.connect(to.in);
            to.bind_input(index_of(far.port, topo_.k()));
        }
        r.out.bind(nodes[i].eject_in);
        nodes[i].inject_out.bind(r.in);
        r.bind_input(ports);
        if (injection_sink* sink = r.direct_injection()) nodes[i].inject_into(*sink);
        if (delivery_sink* sink = nodes[i].direct_delivery()) r.deliver_into(*sink);
    }
    if (cfg_.memory_limit_mib > 0)
        ledger_.watch_growth(kMemoryCheckMessages, [this] { check_memory(); });
    SC_METHOD(watchdog);
    sensitive << watchdog_event_;
    dont_initialize();
    // Half a cycle after the steps it looks at: the kernel runs the processes of one time stamp
    // in no defined order, and the watchdog must see every step up to its own, whatever it is.
    watchdog_event_.notify(cycles(static_cast<std::uint64_t>(cfg_.watchdog)) +
                           sc_core::sc_time::from_value(step_time().value() / 2));
}

// Progress is a packet entering a router from its node, crossing a link, entering the hold stage
// or reaching its node (a design-space router's body flits too: link slots freed). Holds count:
// each steps the packet's sync counter b down, so a packet holds at most b times in a row, and
// entries from the nodes stop when the injection buffers are full; in a deadlock, progress stops.
// In a healthy run some packet moves at least every network_config::min_watchdog() steps
// (core/network/config.cpp), which validate() makes the shortest watchdog.
std::uint64_t network::progress() const {
    const router_stats s = totals();
    const router_stats b = background_totals();
    return s.flits_injected + s.hops + s.holds + s.ejected + s.flits_freed + b.flits_injected +
           b.hops + b.holds + b.ejected + b.flits_freed;
}

// The resident set against the limit, each time kMemoryCheckMessages more messages were launched: a
// stop like the watchdog's, at the end of the step that crossed it.
void network::check_memory() {
    if (!memory_stop_.empty()) return;
    const auto kib = resident_memory_kib();
    if (!kib || static_cast<double>(*kib) / 1024.0 <= cfg_.memory_limit_mib) return;
    std::uint64_t waiting = 0;
    for (const node& x : nodes) waiting += x.queued();
    std::ostringstream os;
    os << std::fixed << std::setprecision(0) << "the run stopped at step "
       << to_cycle(sc_core::sc_time_stamp()) << ": the process holds "
       << std::ceil(static_cast<double>(*kib) / 1024.0) << " MiB, above --max-memory "
       << cfg_.memory_limit_mib << " MiB, with " << waiting
       << " packets waiting at their sources and " << pool_.in_use()
       << " in the network; traffic past saturation grows its source queues without bound (the "
          "estimate assumes a load below it): lower --rate, --measure or --drain-limit, or raise "
          "--max-memory";
    memory_stop_ = os.str();
    SC_REPORT_WARNING("d3/memory", memory_stop_.c_str());
    sc_core::sc_stop();
}

router_stats network::totals() const {
    router_stats s;
    for (const router& r : routers) s += r.stats();
    return s;
}

router_stats network::background_totals() const {
    router_stats s;
    if (cfg_.background)
        for (const router& r : routers) s += r.background_stats();
    return s;
}

// A record is one (router, output, step): the keys are unique, so any way of picking the first
// `limit` gives the same list. A router's log is in step order, so its share of them is within its
// first `limit` records and the rest of the last one's step: sorting every router's whole log
// was a visible part of a run with many conflicts.
std::vector<conflict_record> network::first_conflicts(std::size_t limit) const {
    std::vector<conflict_record> all;
    for (const router& r : routers) {
        const std::vector<conflict_record>& log = r.conflict_log();
        std::size_t n = std::min(limit, log.size());
        while (n != 0 && n < log.size() && log[n].step == log[n - 1].step) ++n;
        all.insert(all.end(), log.begin(), log.begin() + static_cast<std::ptrdiff_t>(n));
    }
    const std::size_t keep = std::min(limit, all.size());
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
                      [](const conflict_record& a, const conflict_record& b) {
                          return a.step != b.step ? a.step < b.step
                                                  : (a.router != b.router ? a.router < b.router
                                                                          : a.port < b.port);
                      });
    all.resize(keep);
    return all;
}

std::vector<std::string> network::leftovers() const {
    std::vector<std::string> out;
    for (const router& r : routers)
        if (r.occupancy() != 0) out.push_back(r.describe_occupancy());
    for (const node& x : nodes)
        if (x.queued() != 0)
            out.push_back(std::string(x.name()) + ": " + std::to_string(x.queued()) +
                          " packets never launched");
    return out;
}

std::uint64_t network::first_hop() const {
    std::uint64_t t = std::numeric_limits<std::uint64_t>::max();
    for (const node& x : nodes) t = std::min(t, x.stats().first_hop);
    return t;
}

std::uint64_t network::last_delivery() const {
    std::uint64_t t = 0;
    for (const node& x : nodes) t = std::max(t, x.stats().last_delivery);
    return t;
}

}  // namespace d3
