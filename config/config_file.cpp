#include "config/config_file.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "cli/option_limits.h"
#include "config/config_keys.h"
#include "core/run/input_file.h"

#include "d3_version.h"  // generated at build time (tools/version.cmake)

namespace d3 {

const char* model_version() {
    return D3_VERSION;
}

std::optional<std::string> config_path_in(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--config" && i + 1 < args.size()) return args[i + 1];
        if (args[i].rfind("--config=", 0) == 0) return args[i].substr(9);
    }
    return std::nullopt;
}

namespace {

bool all_digits(const std::string& s, std::size_t from) {
    if (s.size() <= from) return false;
    for (std::size_t i = from; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

// Whether the scalar text s is a value of type t (YAML 1.2 core schema, as JSON writes them).
bool has_type(const std::string& s, config_type t) {
    switch (t) {
        // A whole number of any length or sign: the option's own check names its range.
        case config_type::integer:
        case config_type::unsigned64:
            return all_digits(s, s.rfind('-', 0) == 0 ? 1 : 0);
        case config_type::integer_or_auto:  // --measure auto
            return s == "auto" || all_digits(s, s.rfind('-', 0) == 0 ? 1 : 0);
        case config_type::number: {
            if (s.empty()) return false;
            char* end = nullptr;
            std::strtod(s.c_str(), &end);
            return *end == '\0';
        }
        case config_type::flag:
            return s == "true" || s == "false";
        case config_type::text:
        case config_type::list:
            return !s.empty();
    }
    return false;
}

// --unit-impl's keys, router.UNIT.impl: the option's value is UNIT=IMPL, the key's IMPL.
bool is_unit_impl(const config_key& k) {
    return std::string(k.option) == "--unit-impl";
}
std::string unit_of(const config_key& k) {
    const std::string path = k.path;  // router.UNIT.impl
    const std::size_t from = path.find('.') + 1;
    return path.substr(from, path.rfind('.') - from);
}

struct file_value {
    const config_key* key;
    std::string value;
    int line;
};

struct loader {
    std::string file;
    const CLI::App& app;
    std::vector<file_value> values;  // in file order
    std::string error;
    std::vector<std::string> lines;  // the file's text, for the quotes' ends

    std::string where(const YAML::Node& n, const std::string& path) const {
        return file + ":" + std::to_string(n.Mark().line + 1) + ": " + path;
    }

    // A quoted value whose quote does not close on its line: YAML reads on to the next quote,
    // across lines (`m: "4` then `k: 3` becomes m = '4 k: 3 '), and the error would show that
    // merged value. No option's value spans lines, so it is named here as what it is.
    bool quote_left_open(const YAML::Node& v, const std::string& path) {
        const YAML::Mark m = v.Mark();
        if (m.line < 0 || static_cast<std::size_t>(m.line) >= lines.size()) return false;
        const std::string& text = lines[static_cast<std::size_t>(m.line)];
        const auto open = static_cast<std::size_t>(m.column);
        if (open >= text.size() || (text[open] != '"' && text[open] != '\'')) return false;
        const char q = text[open];
        for (std::size_t i = open + 1; i < text.size(); ++i) {
            if (q == '"' && text[i] == '\\') {
                ++i;  // an escape: \" is not the end
            } else if (text[i] == q) {
                if (q == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
                    ++i;  // '' inside single quotes is a quote
                    continue;
                }
                return false;
            }
        }
        error = where(v, path) + ": the " + (q == '"' ? "double" : "single") +
                " quote is not closed on its line (YAML would read on to the next one)";
        return true;
    }

    bool walk(const YAML::Node& map, const std::string& prefix) {
        std::map<std::string, int> seen;  // key -> its line (YAML maps have unique keys)
        for (const auto& kv : map) {
            const std::string key = kv.first.Scalar();
            const std::string path = prefix.empty() ? key : prefix + "." + key;
            const YAML::Node& v = kv.second;
            const int line = kv.first.Mark().line + 1;
            if (const auto [at, fresh] = seen.emplace(key, line); !fresh) {
                error = where(kv.first, path) + ": given twice (first on line " +
                        std::to_string(at->second) + ")";
                return false;
            }
            // Informational: the version (checked below) and the resolved router of a result.
            if (prefix.empty() && (key == "version" || key == "resolved")) continue;
            if (const config_key* k = find_config_key(path)) {
                if (k->type == config_type::list) {  // one option per item
                    if (!v.IsSequence()) {
                        error = where(kv.first, path) + ": must be a list of values";
                        return false;
                    }
                    for (const auto& item : v) {
                        if (quote_left_open(item, path)) return false;
                        if (!item.IsScalar() || item.Scalar().empty()) {
                            error = where(item, path) + ": each item must be a value";
                            return false;
                        }
                        values.push_back({k, item.Scalar(), item.Mark().line + 1});
                    }
                    continue;
                }
                if (!v.IsScalar()) {
                    error = where(kv.first, path) + ": must be " + to_string(k->type) +
                            ", not a list or a map";
                    return false;
                }
                if (quote_left_open(v, path)) return false;
                if (!has_type(v.Scalar(), k->type)) {
                    error = where(v, path) + ": must be " + to_string(k->type) + " (got '" +
                            printable(v.Scalar()) + "')";
                    return false;
                }
                if (!app.get_option_no_throw(k->option)) {
                    error = where(kv.first, path) + ": not supported by this d3sim";
                    return false;
                }
                values.push_back({k, v.Scalar(), line});
            } else if (is_config_section(path)) {
                if (v.IsNull()) continue;  // an empty section
                if (!v.IsMap()) {
                    error = where(kv.first, path) + ": must be a map of keys";
                    return false;
                }
                if (!walk(v, path)) return false;
            } else {
                const std::optional<std::string> meant = closest_config_key(prefix, key);
                error = where(kv.first, path) + ": unknown key" +
                        (meant ? " (did you mean " + *meant + "?)" : "");
                return false;
            }
        }
        return true;
    }

    // The first value whose key's path starts with `prefix`, or nullptr.
    const file_value* first_under(const std::string& prefix) const {
        for (const file_value& v : values)
            if (std::string(v.key->path).rfind(prefix, 0) == 0) return &v;
        return nullptr;
    }

    // Keys that choose between two settings of one thing cannot both be in a file (on the command
    // line the options are refused together, and here neither may silently win).
    bool exclusive(const std::string& a, const std::string& b, const std::string& why) {
        const file_value* x = first_under(a);
        const file_value* y = first_under(b);
        if (!x || !y) return true;
        if (x->line > y->line) std::swap(x, y);
        error = file + ":" + std::to_string(y->line) + ": " + y->key->path + ": " + why + " (" +
                x->key->path + " on line " + std::to_string(x->line) + ")";
        return false;
    }
};

}  // namespace

config_args read_config_file(const std::string& path, const CLI::App& app) {
    config_args out;
    std::string text;
    try {
        text = read_input_text(path, "--config");  // a regular file only (a FIFO would block)
    } catch (const std::invalid_argument& e) {
        out.error = printable(e.what());
        return out;
    }
    std::vector<YAML::Node> docs;
    try {
        docs = YAML::LoadAll(text);
    } catch (const YAML::Exception& e) {
        out.error =
            printable(path) + ":" + std::to_string(e.mark.line + 1) + ": not YAML: " + e.msg;
        return out;
    }
    // YAML::Load would read the first document and drop the others unseen; empty ones (a
    // trailing "---") are no configuration.
    docs.erase(
        std::remove_if(docs.begin(), docs.end(), [](const YAML::Node& d) { return d.IsNull(); }),
        docs.end());
    if (docs.size() > 1) {
        out.error = printable(path) + ":" + std::to_string(docs[1].Mark().line + 1) +
                    ": a configuration is one YAML document (a second starts here)";
        return out;
    }
    // An empty file (or only comments) is refused: it is most often a config that was never
    // written (a failed redirect, a wrong path in a study script), and running the defaults in
    // its place would answer a question nobody asked.
    if (docs.empty()) {
        out.error = printable(path) +
                    ": no configuration in the file (empty, or only comments); give at least "
                    "one key, or leave out --config";
        return out;
    }
    YAML::Node root = docs[0];
    if (!root.IsMap()) {
        out.error = printable(path) + ":1: a configuration is a map of keys";
        return out;
    }
    // A result JSON: its `config` object is the configuration.
    if (root["config"] && root["config"].IsMap() && !find_config_key("config"))
        root = root["config"];
    loader l{printable(path), app, {}, {}, {}};
    {
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) l.lines.push_back(line);
    }
    if (!l.walk(root, "") ||
        !l.exclusive("workload.primitive", "workload.traffic.",
                     "a workload is a primitive or traffic, not both") ||
        !l.exclusive("workload.primitive", "workload.trace.",
                     "a workload is a primitive or a trace, not both") ||
        !l.exclusive("workload.traffic.", "workload.trace.",
                     "a workload is traffic or a trace, not both") ||
        !l.exclusive("workload.primitive", "workload.collective.",
                     "a workload is a primitive or a collective, not both") ||
        !l.exclusive("workload.traffic.", "workload.collective.",
                     "a workload is traffic or a collective, not both") ||
        !l.exclusive("workload.trace.file", "workload.collective.",
                     "a workload is a trace or a collective, not both") ||
        !l.exclusive("router.pipeline.units", "router.pipeline.stages",
                     "give the pipeline's units or its stages, not both")) {
        out.error = l.error;
        return out;
    }
    if (root["version"] && root["version"].IsScalar() &&
        root["version"].Scalar() != model_version())
        out.warning = printable(path) + ": written by model version " +
                      printable(root["version"].Scalar()) + ", this is " + model_version();
    out.file = l.file;
    for (const config_key& k : config_keys())  // the table's order
        for (const file_value& v : l.values) {
            if (v.key != &k) continue;
            const CLI::Option* o = app.get_option(k.option);
            if (k.type == config_type::flag) {
                if (v.value == "true") out.args.push_back(k.option);
                continue;
            }
            if (k.type != config_type::list && v.value == o->get_default_str()) continue;
            if (out.origins.empty() || out.origins.back().option != k.option)
                out.origins.push_back({k.option, k.path, v.line});
            out.args.push_back(k.option);
            out.args.push_back(is_unit_impl(k) ? unit_of(k) + "=" + v.value : v.value);
        }
    return out;
}

std::string locate_in_config(const std::string& error, const config_args& file,
                             const std::vector<std::string>& given) {
    if (error.rfind("--", 0) != 0) return error;
    std::size_t end = 2;
    while (end < error.size() && ((error[end] >= 'a' && error[end] <= 'z') ||
                                  (error[end] >= '0' && error[end] <= '9') || error[end] == '-'))
        ++end;
    const std::string option = error.substr(0, end);
    if (option_in(given, option)) return error;  // the command line's value
    for (const config_args::origin& o : file.origins)
        if (o.option == option)
            return file.file + ":" + std::to_string(o.line) + ": " + o.path + ": " + error;
    return error;
}

bool option_in(const std::vector<std::string>& args, const std::string& opt) {
    for (const std::string& a : args)
        if (a == opt || a.rfind(opt + "=", 0) == 0) return true;
    return false;
}

std::vector<std::string> merge_config(const std::vector<std::string>& file_args,
                                      const std::vector<std::string>& args) {
    auto given = [&args](const std::string& opt) { return option_in(args, opt); };
    // The command line's choice of workload replaces the file's: --primitive drops the file's
    // traffic-only options, --traffic its primitive-only ones (given together, both stay and the
    // run refuses them). --pipeline and --pipeline-stages set the same pipeline.
    const int chosen =
        given("--primitive") + given("--traffic") + given("--trace") + given("--workload");
    std::optional<config_mode> run;  // the one workload the command line chose
    if (chosen == 1)
        run = given("--primitive") ? config_mode::primitive
              : given("--traffic") ? config_mode::traffic
              : given("--trace")   ? config_mode::trace
                                   : config_mode::collective;
    auto overridden = [&](const std::string& opt) {
        if (given(opt)) return true;
        if (opt == "--pipeline" && given("--pipeline-stages")) return true;
        if (opt == "--pipeline-stages" && given("--pipeline")) return true;
        const config_key* k = find_config_key_of_option(opt);
        // A file's primitive keys are read for any primitive: only another workload drops them.
        if (k && run && k->mode == config_mode::primitive) return *run != config_mode::primitive;
        return k && run && !key_applies(k->mode, *run);
    };
    std::vector<std::string> merged;
    for (std::size_t i = 0; i < file_args.size(); ++i) {
        const std::string& opt = file_args[i];
        const bool has_value = i + 1 < file_args.size() && file_args[i + 1].rfind("--", 0) != 0;
        if (!overridden(opt)) {
            merged.push_back(opt);
            if (has_value) merged.push_back(file_args[i + 1]);
        }
        if (has_value) ++i;
    }
    merged.insert(merged.end(), args.begin(), args.end());
    return merged;
}

namespace {

// The digits of s as T, or nothing (from_chars: no exception, whatever the text).
template <typename T>
std::optional<T> whole(const std::string& s) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// The value s (as the option's checks let it through) as its JSON type. A text that is not of the
// type stays a string: the conversion never throws (a bare "stod" once reached the user).
nlohmann::ordered_json typed(const std::string& s, config_type t) {
    switch (t) {
        case config_type::integer:
        case config_type::integer_or_auto:
            if (const auto v = whole<long long>(s)) return *v;
            return s;
        case config_type::unsigned64:
            if (const auto v = whole<unsigned long long>(s)) return *v;
            return s;
        case config_type::number: {
            char* end = nullptr;
            const double v = std::strtod(s.c_str(), &end);
            if (!s.empty() && *end == '\0' && std::isfinite(v)) return v;
            return s;
        }
        case config_type::flag:
            return s == "true" || s == "1";
        case config_type::text:
        case config_type::list:
            return s;
    }
    return s;
}

void set_path(nlohmann::ordered_json& j, const std::string& path, nlohmann::ordered_json v) {
    nlohmann::ordered_json* at = &j;
    std::size_t from = 0;
    for (std::size_t dot; (dot = path.find('.', from)) != std::string::npos; from = dot + 1)
        at = &(*at)[path.substr(from, dot - from)];
    (*at)[path.substr(from)] = std::move(v);
}

}  // namespace

nlohmann::ordered_json effective_config(const CLI::App& app, config_mode run, bool for_result) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (for_result) j["version"] = model_version();
    const bool traffic = run != config_mode::primitive;  // traffic or a trace replay
    for (const config_key& k : config_keys()) {
        if (k.mode == config_mode::primitive ? traffic && k.type != config_type::text
                                             : !key_applies(k.mode, run))
            continue;
        if (for_result && is_output_key(k)) continue;
        const CLI::Option* o = app.get_option_no_throw(k.option);
        if (!o) continue;
        const bool given = o->count() != 0;
        const bool optional_section = is_output_key(k) || is_network_spec_key(k) ||
                                      std::string(k.path).rfind("gates.", 0) == 0;
        if (optional_section && !given) continue;
        if (k.mode == config_mode::primitive && traffic) {
            // A traffic or replay run records the decoder it used (always the C++ one) but no
            // primitive.
            if (std::string(k.option) == "--decoder") set_path(j, k.path, o->get_default_str());
            continue;
        }
        if (k.type == config_type::list) {  // every occurrence, in order; absent: no key
            if (given) set_path(j, k.path, o->results());
            continue;
        }
        if (is_unit_impl(k)) {  // the last UNIT=IMPL given for its unit; a result: only if given
            const std::string unit = unit_of(k) + "=";
            std::string impl;
            for (const std::string& r : o->results())
                if (r.rfind(unit, 0) == 0) impl = r.substr(unit.size());
            if (impl.empty() && for_result) continue;
            set_path(j, k.path, impl.empty() ? std::string("cpp") : impl);
            continue;
        }
        std::string value;
        if (k.type == config_type::flag)
            value = given ? "true" : "false";
        else if (given)
            value = o->results().back();
        else
            value = o->get_default_str();
        if (!given && std::string(k.option) == "--decoder")  // --unit-impl decoder=IMPL, if any
            if (const CLI::Option* u = app.get_option_no_throw("--unit-impl"))
                for (const std::string& r : u->results())
                    if (r.rfind("decoder=", 0) == 0)
                        value = r.substr(std::string("decoder=").size());
        if (value.empty() && k.type != config_type::text) continue;
        if (value.empty() && !given) continue;
        set_path(j, k.path, typed(value, k.type));
    }
    return j;
}

nlohmann::json resolved_config(const network_config& net) {
    const router_params& r = net.router;
    nlohmann::json j;
    j["network"]["watchdog"] = net.watchdog;
    j["router"]["input_unit"] = {{"buffer_depth", r.buffer_depth}, {"vcs", r.vcs}};
    j["router"]["injection"] = {{"width", r.injection_width}, {"depth", r.injection_depth}};
    j["router"]["ejection"]["width"] = r.ejection_width;
    j["router"]["hold_stage"]["capacity"] = r.hold_capacity;
    j["router"]["switch_allocator"]["arbitration"] = to_string(r.arb);
    j["router"]["pipeline"] = {{"units", to_string(r.pipeline)}, {"stages", r.pipeline.stages()}};
    j["router"]["links"] = {{"local_latency", r.local_latency},
                            {"global_latency", r.global_latency}};
    j["router"]["flow_control"]["packet_length"] = r.packet_length;
    if (!r.packet_sizes.empty()) j["router"]["flow_control"]["packet_sizes"] = r.packet_sizes;
    return j;
}

namespace {

void emit(YAML::Emitter& e, const nlohmann::ordered_json& j, const std::string& prefix) {
    e << YAML::BeginMap;
    for (const auto& [key, v] : j.items()) {
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        e << YAML::Key << key << YAML::Value;
        if (v.is_object()) {
            emit(e, v, path);
            continue;
        }
        if (v.is_array()) {  // a list key
            e << YAML::BeginSeq;
            for (const auto& item : v) e << YAML::DoubleQuoted << item.get<std::string>();
            e << YAML::EndSeq;
            if (const config_key* k = find_config_key(path)) e << YAML::Comment(k->option);
            continue;
        }
        if (v.is_string())
            e << YAML::DoubleQuoted << v.get<std::string>();
        else if (v.is_boolean())
            e << (v.get<bool>() ? "true" : "false");
        else
            e << v.dump();
        if (const config_key* k = find_config_key(path)) e << YAML::Comment(k->option);
    }
    e << YAML::EndMap;
}

}  // namespace

std::string config_yaml(const nlohmann::ordered_json& config) {
    YAML::Emitter e;
    e << YAML::Comment(
        "d3sim configuration (d3sim --config FILE; any option on the command line overrides it)");
    e << YAML::Newline;
    emit(e, config, "");
    return std::string(e.c_str()) + "\n";
}

}  // namespace d3
