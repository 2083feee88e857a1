// The text trace format (docs/traces.md): one message per line,
//     CYCLE SOURCE DESTINATION FLITS [ID [WAITS_FOR_ID ...]]
// whole decimal numbers separated by blanks; `#` starts a comment; blank lines are skipped. A
// message waits only for messages of earlier lines (named by their ID), and a message that waits
// is created `cycle - latest cycle of those` steps after the last of them arrived. Plain C++.
#pragma once

#include <string>
#include <variant>

#include "core/replay/message_trace.h"

namespace d3 {

/// The trace in `text`, or one line "NAME:LINE: why" naming the first bad line (`name` is the
/// file's name in the message).
std::variant<message_trace, std::string> parse_text_trace(const std::string& text,
                                                          const std::string& name);

}  // namespace d3
