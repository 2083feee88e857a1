// "Did you mean": the valid name closest to a misspelled one (an option, a YAML key, an enum
// value), for one-line messages that say what was probably meant.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/enum_names.h"

namespace d3 {

/// Levenshtein distance: the fewest one-character insertions, deletions and substitutions that
/// turn a into b.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The name in `names` closest to `word` (the first of equally close ones), when it is close: at
/// most max(1, |word| / 3) edits away. Nothing otherwise.
std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string>& names);

/// " (did you mean NAME?)" for did_you_mean(word, names), or "" when nothing is close.
std::string did_you_mean_text(std::string_view word, const std::vector<std::string>& names);

/// CLI::IsMember(names), whose message ("x not in {a,b}") adds the closest name.
CLI::Validator member_of(const std::vector<std::string>& names);

/// member_of the names of an enum's table (core/enum_names.h).
template <typename E, std::size_t N>
CLI::Validator member_of(const enum_entry<E> (&table)[N]) {
    return member_of(enum_names(table));
}

/// The one-line message for an error of app.parse(): an unknown option named with the closest of
/// app's options ("unknown option --primtive (did you mean --primitive?)"), or e.what().
std::string parse_error_text(const CLI::App& app, const CLI::ParseError& e);

/// app.parse(argc, argv) for a subcommand: nothing when it parsed; else the exit code, after
/// --help's text (0) or `refuse`'s one line on a parse error (parse_error_text).
std::optional<int> parse_subcommand(CLI::App& app, int argc, char** argv,
                                    const std::function<int(const std::string&)>& refuse);

}  // namespace d3
