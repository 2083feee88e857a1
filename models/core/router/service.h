// Service levels (paper, section 12): "standard and privileged. Privileged packets would take
// precedence and could not be impeded." Plain C++.
//
// A packet's class picks its own set of virtual channels (channel = class * vcs + vc, so credits
// are separate per class), its own injection buffer and injection credits, and gives it strict
// precedence wherever packets compete in a router: a lower class number is served first by the
// hold stage, the ejection, the injection lanes and the switch allocator (only the highest class
// among the packets with a credit competes for a link). A network runs with one class (every
// packet class 0, the router of the paper) unless --background or --service asks for two.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/enum_names.h"

namespace d3 {

enum class service : std::uint8_t {
    privileged = 0,  ///< takes precedence everywhere
    standard = 1,
};

/// Classes a network may have.
inline constexpr int kServiceClasses = 2;

/// The channel of a packet of class `cls` in virtual channel `vc` of `vcs` per class.
inline int class_channel(int cls, int vc, int vcs) {
    return cls * vcs + vc;
}

/// Channels per link input: every class has its own `vcs` virtual channels.
inline int channels_per_input(int vcs, int classes) {
    return classes * vcs;
}

inline constexpr enum_entry<service> kServiceNames[] = {{service::privileged, "privileged"},
                                                        {service::standard, "standard"}};
constexpr const auto& enum_names_of(service) {
    return kServiceNames;
}

}  // namespace d3
