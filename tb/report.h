// SystemC report handling for d3sim and the tests: messages go to stderr (stdout may carry JSON),
// errors throw so that the caller decides the exit code.
#pragma once

#include <systemc>

namespace d3 {

/// Installs the handler; call before elaboration.
void install_report_handler();

/// Number of warnings reported since the handler was installed.
unsigned report_warnings();

}  // namespace d3
