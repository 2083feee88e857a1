// The command line's own checks, before any option reaches a configuration struct: every value is
// non-empty and free of control bytes, every integer is a whole number in its documented range
// (core/network/limits.h; the range is in the message), a seed is 0..2^64-1 exactly. Shared by
// d3sim and its subcommands (validate, sweep).
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/network/limits.h"

namespace d3 {

/// Refuses a value that is not a whole decimal number in r ("must be a whole number from LO to
/// HI (got 'X')").
CLI::Validator whole_number_in(value_range r);

/// whole_number_in(r), or the word `word` ("must be a whole number from LO to HI or WORD").
CLI::Validator whole_number_in_or(value_range r, const std::string& word);

/// Refuses a value that is not a whole decimal number from 0 to 2^64-1 (no sign).
CLI::Validator unsigned_64();

/// Refuses a value that is not a finite decimal number a double holds ("0.1x", "1e999", "1e-400",
/// a hexadecimal float: "must be a number in RANGE (got 'X')"), so that no later conversion of the
/// text can fail, and one outside `range` ("must be in RANGE UNIT (got 'X')", the value as given:
/// a printed double would show 1.0000000001 as 1.000000 and 1e308 with 309 digits). `range` is
/// written as the message writes it, "(0, 1]" or "[0, 1]": its brackets say whether each bound
/// is included.
CLI::Validator real_number(const std::string& range, const std::string& unit = "");

/// Refuses "-" where an option needs a file (--junit: stdout carries the summary or the table).
CLI::Validator a_file_not_stdout();

/// Whether `s` is a decimal number as a user writes one: an optional sign, digits with an optional
/// decimal point, an optional exponent (no hexadecimal, inf or nan).
bool decimal_number(const std::string& s);

/// Adds to every option of app that takes a value a check that refuses an empty value or one with
/// control bytes, and to each option named in `ranges` (if app has it) whole_number_in(range).
struct option_range {
    const char* option;
    value_range range;
};
void apply_limits(CLI::App& app, const std::vector<option_range>& ranges);

/// d3sim's ranges (the router, traffic, topology and waveform options).
const std::vector<option_range>& d3sim_ranges();

/// s with control bytes and non-ASCII bytes written as \xNN, so that an error message quoting user
/// input stays one printable line.
std::string printable(const std::string& s);

/// A value that `v` holds more than once (the smallest), or nothing: a list option whose values
/// name jobs (validate --k/--m, sweep --rates) refuses one.
template <typename T>
std::optional<T> repeated(std::vector<T> v) {
    std::sort(v.begin(), v.end());
    const auto at = std::adjacent_find(v.begin(), v.end());
    if (at == v.end()) return std::nullopt;
    return *at;
}

}  // namespace d3
