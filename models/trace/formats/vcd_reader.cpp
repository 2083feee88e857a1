#include "trace/formats/vcd_reader.h"

#include <fstream>
#include <istream>
#include <sstream>
#include <stdexcept>

namespace d3 {

namespace {
[[noreturn]] void fail(std::size_t line, const std::string& what) {
    throw std::runtime_error("VCD token " + std::to_string(line) + ": " + what);
}

// Reads tokens up to "$end" (exclusive).
std::vector<std::string> until_end(std::istream& is, std::size_t& line) {
    std::vector<std::string> words;
    std::string w;
    while (is >> w) {
        if (w == "$end") return words;
        words.push_back(w);
    }
    fail(line, "missing $end");
}
}  // namespace

vcd_file vcd_file::load(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot read " + path);
    return parse(f);
}

vcd_file vcd_file::parse(std::istream& is) {
    vcd_file v;
    std::vector<std::string> scopes;
    std::unordered_map<std::string, std::size_t> codes;
    std::size_t line = 0;
    std::string tok;
    bool defs = true;
    std::uint64_t now = 0;
    const auto record = [&](const std::string& code, std::uint64_t value, bool unknown) {
        const auto it = codes.find(code);
        if (it == codes.end()) fail(line, "value change for undeclared code '" + code + "'");
        auto& list = v.changes_[it->second];
        if (!list.empty() && list.back().time == now)
            list.back() = {now, value, unknown};
        else
            list.push_back({now, value, unknown});
    };
    while (is >> tok) {
        ++line;
        if (defs) {
            if (tok == "$scope") {
                const auto w = until_end(is, line);
                if (w.size() < 2) fail(line, "bad $scope");
                scopes.push_back(w[1]);
            } else if (tok == "$upscope") {
                until_end(is, line);
                if (scopes.empty()) fail(line, "$upscope without $scope");
                scopes.pop_back();
            } else if (tok == "$var") {
                const auto w = until_end(is, line);
                if (w.size() < 4) fail(line, "bad $var");
                vcd_var var;
                var.width = static_cast<unsigned>(std::stoul(w[1]));
                std::string path;
                for (const std::string& s : scopes) path += s + ".";
                var.path = path + w[3];
                var.name = var.path;
                if (w.size() >= 5 && w[4].front() == '[')
                    var.name += w[4];
                else if (var.width > 1)
                    var.name += "[" + std::to_string(var.width - 1) + ":0]";
                auto [it, fresh] = codes.emplace(w[2], v.changes_.size());
                if (fresh) v.changes_.emplace_back();
                var.code = it->second;
                v.by_name_[var.name] = v.vars_.size();
                v.by_name_.emplace(var.path, v.vars_.size());
                v.vars_.push_back(var);
            } else if (tok == "$timescale") {
                const auto w = until_end(is, line);
                for (const std::string& s : w) v.timescale_ += s;
            } else if (tok == "$enddefinitions") {
                until_end(is, line);
                defs = false;
            } else if (tok[0] == '$') {
                until_end(is, line);
            } else {
                fail(line, "unexpected '" + tok + "' in the declarations");
            }
            continue;
        }
        const char c = tok[0];
        if (c == '#') {
            const std::uint64_t t = std::stoull(tok.substr(1));
            if (t < now) fail(line, "time goes backwards");
            now = t;
            v.end_ = std::max(v.end_, t);
        } else if (c == '$') {
            if (tok == "$comment") until_end(is, line);
            // $dumpvars, $dumpall, $dumpon, $dumpoff and $end only bracket value changes.
        } else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
            record(tok.substr(1), c == '1', c != '0' && c != '1');
        } else if (c == 'b' || c == 'B') {
            std::string code;
            if (!(is >> code)) fail(line, "vector value without a code");
            std::uint64_t value = 0;
            bool unknown = false;
            for (std::size_t i = 1; i < tok.size(); ++i) {
                const char b = tok[i];
                unknown = unknown || (b != '0' && b != '1');
                value = (value << 1) | (b == '1' ? 1u : 0u);
            }
            record(code, value, unknown);
        } else if (c == 'r' || c == 'R') {
            std::string code;
            if (!(is >> code)) fail(line, "real value without a code");
            record(code, static_cast<std::uint64_t>(std::stod(tok.substr(1))), false);
        } else {
            fail(line, "unexpected '" + tok + "'");
        }
    }
    if (defs) fail(line, "no $enddefinitions");
    return v;
}

std::optional<std::size_t> vcd_file::find(const std::string& name) const {
    const auto it = by_name_.find(name);
    if (it == by_name_.end()) return std::nullopt;
    return it->second;
}

std::uint64_t vcd_file::value_at(std::size_t var, std::uint64_t t) const {
    const auto& list = changes(var);
    std::uint64_t v = 0;
    for (const vcd_change& c : list) {
        if (c.time > t) break;
        v = c.value;
    }
    return v;
}

std::uint64_t vcd_file::time_high(std::size_t var) const {
    const auto& list = changes(var);
    std::uint64_t high = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].value == 0) continue;
        const std::uint64_t until = i + 1 < list.size() ? list[i + 1].time : end_;
        high += until - list[i].time;
    }
    return high;
}

}  // namespace d3
