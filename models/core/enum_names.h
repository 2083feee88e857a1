// The names of an enum's values, written once in a table next to the enum, and what every use of
// them is made of: parsing a name, printing a value, the list of names a command-line option
// allows (CLI::IsMember(enum_names(table))) and the names a message suggests. Plain C++.
//
//   enum class colour { red, dark_blue };
//   inline constexpr enum_entry<colour> kColourNames[] = {{colour::red, "red"},
//                                                         {colour::dark_blue, "dark-blue"}};
//   constexpr const auto& enum_names_of(colour) { return kColourNames; }
//   parse_as<colour>("dark-blue") == colour::dark_blue; to_string(colour::red) == "red"
//
// The one-line enum_names_of next to a table (found by argument-dependent lookup) gives the enum
// parse_as and to_string below; parse_enum and name_of take a table directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
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

/// The names of `table` for a message: "a, b or c".
template <typename E, std::size_t N>
std::string names_text(const enum_entry<E> (&table)[N]) {
    std::string text;
    for (std::size_t i = 0; i < N; ++i)
        text += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + table[i].name;
    return text;
}

/// The value named `s` of an enum E that has a table (enum_names_of(E)), or nothing.
template <typename E>
constexpr std::optional<E> parse_as(std::string_view s) {
    return parse_enum(enum_names_of(E{}), s);
}

/// The name of `v`, for an enum E that has a table (enum_names_of(E)).
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
constexpr auto to_string(E v) -> decltype(name_of(enum_names_of(v), v)) {
    return name_of(enum_names_of(v), v);
}

}  // namespace d3
