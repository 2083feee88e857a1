#include "core/traffic/sized_packets.h"

namespace d3 {

nlohmann::json sized_packets::summary() const {
    nlohmann::json shares = nlohmann::json::array();
    for (const packet_sizes::size_share& s : sizes_.sizes())
        shares.push_back({{"flits", s.flits}, {"share", s.share}});
    return {{"given", sizes_.text()},
            {"shares", shares},
            {"mean_flits", sizes_.mean()},
            {"created_mean_flits", mean_created()},
            {"packets_created", packets_created_},
            {"flits_created", flits_created_},
            {"packets_delivered", packets_delivered_},
            {"flits_delivered", flits_delivered_}};
}

}  // namespace d3
