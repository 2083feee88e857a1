// The names of an enum's values, written once in a table next to the enum, and what every use of
// them is made of: parsing a name, printing a value, the list of names a command-line option
// allows (CLI::IsMember(enum_names(table))) and the names a message suggests. Plain C++.
//
//   enum class colour { red, dark_blue };
//   inline constexpr enum_entry<colour> kColourNames[] = {{colour::red, "red"},
//                                                         {colour::dark_blue, "dark-blue"}};
//   parse_enum(kColourNames, "dark-blue") == colour::dark_blue; name_of(kColourNames, red) == "red"
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace d3 {

/// One value of an enum and its name.
template <typename E>
struct enum_entry {
    E value;
    const char* name;
};

/// The value named `s` in `table`, or nothing.
template <typename E, std::size_t N>
constexpr std::optional<E> parse_enum(const enum_entry<E> (&table)[N], std::string_view s) {
    for (const enum_entry<E>& e : table)
        if (s == e.name) return e.value;
    return std::nullopt;
}

/// The name of `v` in `table` ("?" for a value the table does not have).
template <typename E, std::size_t N>
constexpr const char* name_of(const enum_entry<E> (&table)[N], E v) {
    for (const enum_entry<E>& e : table)
        if (e.value == v) return e.name;
    return "?";
}

/// Every name of `table`, in its order (for CLI::IsMember).
template <typename E, std::size_t N>
std::vector<std::string> enum_names(const enum_entry<E> (&table)[N]) {
    std::vector<std::string> names;
    names.reserve(N);
    for (const enum_entry<E>& e : table) names.emplace_back(e.name);
    return names;
}

}  // namespace d3
