// A small VCD reader for checks and tools: declarations, and every variable's value changes.
// Values up to 64 bits; x and z read as 0 with `unknown` set. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace d3 {

struct vcd_change {
    std::uint64_t time = 0;
    std::uint64_t value = 0;
    bool unknown = false;
};

struct vcd_var {
    std::string name;  ///< gtkwave's full name: "d3.c0.d0.p1.l1.requesters[7:0]"
    std::string path;  ///< without the range: "d3.c0.d0.p1.l1.requesters"
    unsigned width = 1;
    std::size_t code = 0;  ///< index of the change list (variables may share one)
};

class vcd_file {
  public:
    /// Throws std::runtime_error("VCD token N: ...") on malformed input.
    static vcd_file parse(std::istream& is);
    static vcd_file load(const std::string& path);

    const std::vector<vcd_var>& vars() const { return vars_; }
    /// By full name, with or without the range.
    std::optional<std::size_t> find(const std::string& name) const;
    const std::vector<vcd_change>& changes(std::size_t var) const {
        return changes_[vars_[var].code];
    }
    /// The value at time t (the last change at or before t).
    std::uint64_t value_at(std::size_t var, std::uint64_t t) const;
    /// Time units in which the variable is non-zero, up to end_time().
    std::uint64_t time_high(std::size_t var) const;
    std::uint64_t end_time() const { return end_; }
    const std::string& timescale() const { return timescale_; }

  private:
    std::vector<vcd_var> vars_;
    std::vector<std::vector<vcd_change>> changes_;
    std::unordered_map<std::string, std::size_t> by_name_;
    std::uint64_t end_ = 0;
    std::string timescale_;
};

}  // namespace d3
