#include "tb/report.h"

#include <cstdlib>

#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <sstream>
#include <string>

#include "cli/option_limits.h"
#include "cli/output_file.h"

namespace d3 {

namespace {
unsigned g_warnings = 0;  // per process, like SystemC's own report state
// Lines printed per message type: a broken decoder makes every node warn about each misrouted
// message (up to 8 each, models/sc/node.cpp), hundreds of lines; the run's summary counts them.
constexpr unsigned kShownPerType = 16;
std::map<std::string, unsigned> g_shown;  // per process, as g_warnings

void handler(const sc_core::sc_report& rep, const sc_core::sc_actions& actions) {
    if (rep.get_severity() == sc_core::SC_WARNING) ++g_warnings;
    // Errors are printed by whoever catches them; the kernel's own infos ("simulation stopped")
    // are noise on a command line.
    const bool ours = std::string(rep.get_msg_type()).rfind("d3/", 0) == 0;
    const bool shown = rep.get_severity() == sc_core::SC_WARNING ||
                       (rep.get_severity() == sc_core::SC_INFO && ours);
    if (shown && (actions & (sc_core::SC_DISPLAY | sc_core::SC_LOG))) {
        const char* severity = rep.get_severity() == sc_core::SC_WARNING ? "warning" : "info";
        const unsigned n = ++g_shown[rep.get_msg_type()];
        if (n <= kShownPerType)
            std::fprintf(stderr, "%s: %s: %s\n", severity, rep.get_msg_type(), rep.get_msg());
        else if (n == kShownPerType + 1)
            std::fprintf(stderr, "%s: %s: more of these are not shown (the result counts them)\n",
                         severity, rep.get_msg_type());
    }
    if (actions & sc_core::SC_THROW) throw rep;
    if (actions & sc_core::SC_ABORT) sc_core::sc_report_handler::default_handler(rep, actions);
}
}  // namespace

void install_report_handler() {
    g_warnings = 0;  // a new run's counts (a test process may install it more than once)
    g_shown.clear();
    sc_core::sc_report_handler::set_handler(handler);
    sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
    sc_core::sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_THROW);
}

unsigned report_warnings() {
    return g_warnings;
}

void end_process(int code) {
    std::cout << std::flush;
    std::cerr << std::flush;
    std::fflush(nullptr);
    std::_Exit(code);
}

bool run_reporting_errors(const std::function<void()>& body, std::string* error,
                          bool* out_of_memory) {
    std::string why;
    try {
        body();
        return true;
    } catch (const sc_core::sc_report& e) {
        // The kernel reports an exception thrown in a process as "uncaught exception" with its
        // what() as the message: std::bad_alloc there is running out of memory as anywhere else.
        if (std::string(e.get_msg()) != std::bad_alloc().what())
            why = std::string(e.get_msg_type()) + ": " + printable(e.get_msg());
    } catch (const std::bad_alloc&) {
    } catch (const std::exception& e) {
        why = printable(e.what());
    }
    if (out_of_memory) *out_of_memory = why.empty();
    if (why.empty())
        why =
            "out of memory (std::bad_alloc) while building or running the network; choose a "
            "smaller network or a lower --max-memory so that the estimate refuses it";
    std::fprintf(stderr, "d3sim: error: %s\n", why.c_str());
    if (error) *error = why;
    return false;
}

nlohmann::json error_result(const std::string& error, const std::uint64_t* stopped_at_step,
                            const nlohmann::json& config) {
    nlohmann::json j;
    j["correct"] = false;
    j["error"] = error;
    j["problems"] = nlohmann::json::array({"error: " + error});
    j["stopped_at_step"] = stopped_at_step ? nlohmann::json(*stopped_at_step) : nlohmann::json();
    j["config"] = config;
    return j;
}

bool write_json(const nlohmann::json& j, const std::string& path) {
    std::cout << std::flush;  // the summary, when it went to stdout, comes first
    const auto err = write_file(path, j.dump(2) + "\n");
    if (err) std::fprintf(stderr, "d3sim: error: %s\n", err->c_str());
    return !err;
}

std::string latency_text(const nlohmann::json& l) {
    if (l["mean"].is_null()) return "none measured";
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(2);
    os << "mean " << l["mean"].get<double>() << "  p50 " << l["p50"] << "  p99 " << l["p99"]
       << "  max " << l["max"];
    return os.str();
}

}  // namespace d3
