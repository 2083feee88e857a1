#include "cli/did_you_mean.h"

#include <algorithm>
#include <numeric>

namespace d3 {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // One row of the textbook table at a time: row[j] = distance(a[0..i), b[0..j)).
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];  // distance(a[0..i-1), b[0..j-1))
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string>& names) {
    const std::size_t most = std::max<std::size_t>(1, word.size() / 3);
    const std::string* best = nullptr;
    std::size_t best_distance = most + 1;
    for (const std::string& n : names) {
        const std::size_t d = edit_distance(word, n);
        if (d < best_distance) {
            best = &n;
            best_distance = d;
        }
    }
    if (!best) return std::nullopt;
    return *best;
}

std::string did_you_mean_text(std::string_view word, const std::vector<std::string>& names) {
    const std::optional<std::string> m = did_you_mean(word, names);
    return m ? " (did you mean " + *m + "?)" : std::string();
}

CLI::Validator member_of(const std::vector<std::string>& names) {
    const CLI::Validator is_member = CLI::IsMember(names);
    return CLI::Validator(
        [is_member, names](std::string& value) {
            std::string why = is_member(value);
            if (!why.empty()) why += did_you_mean_text(value, names);
            return why;
        },
        is_member.get_description(), is_member.get_name());
}

namespace {

// Every name app's options answer to, "--long" and "-s".
std::vector<std::string> option_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* o : app.get_options()) {
        for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
        for (const std::string& s : o->get_snames()) names.push_back("-" + s);
    }
    return names;
}

}  // namespace

std::string parse_error_text(const CLI::App& app, const CLI::ParseError& e) {
    if (!dynamic_cast<const CLI::ExtrasError*>(&e)) return e.what();
    for (const std::string& arg : app.remaining()) {
        if (arg.size() < 2 || arg[0] != '-') continue;
        const std::string option = arg.substr(0, arg.find('='));  // --opt=value
        if (auto m = did_you_mean(option, option_names(app)))
            return "unknown option " + option + " (did you mean " + *m + "?)";
    }
    return e.what();
}

std::optional<int> parse_subcommand(CLI::App& app, int argc, char** argv,
                                    const std::function<int(const std::string&)>& refuse) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return refuse(parse_error_text(app, e));
    }
    return std::nullopt;
}

}  // namespace d3
