#include "report.h"

#include <cstdio>

namespace d3 {

namespace {
unsigned g_warnings = 0;  // per process, like SystemC's own report state

void handler(const sc_core::sc_report& rep, const sc_core::sc_actions& actions) {
    if (rep.get_severity() == sc_core::SC_WARNING) ++g_warnings;
    if (actions & (sc_core::SC_DISPLAY | sc_core::SC_LOG) || rep.get_severity() >= sc_core::SC_ERROR)
        if (rep.get_severity() < sc_core::SC_ERROR)
            std::fprintf(stderr, "%s: %s: %s\n",
                         rep.get_severity() == sc_core::SC_WARNING ? "warning" : "info",
                         rep.get_msg_type(), rep.get_msg());
    if (actions & sc_core::SC_THROW) throw rep;
    if (actions & sc_core::SC_ABORT) sc_core::sc_report_handler::default_handler(rep, actions);
}
}  // namespace

void install_report_handler() {
    sc_core::sc_report_handler::set_handler(handler);
    sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
    sc_core::sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW);
}

unsigned report_warnings() { return g_warnings; }

}  // namespace d3
