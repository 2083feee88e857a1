#include "study/jobs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/gates.h"
#include "core/run/input_file.h"

namespace d3 {

std::string self_exe() {
    std::error_code ec;
    const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("d3sim") : p.string();
}

std::string exe_identity(const std::string& exe) {
    struct stat st {};
    if (stat(exe.c_str(), &st) != 0) return "";
    return std::to_string(st.st_size) + "@" + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
}

bool write_atomically(const std::string& path, const std::string& text) {
    char host[256] = "host";
    gethostname(host, sizeof host - 1);
    const std::string tmp = path + ".part." + host + "." + std::to_string(getpid());
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!(f << text) || !f.flush()) {
            std::remove(tmp.c_str());
            return false;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return false;
    }
    return true;
}

bool save_manifest(const job_list& list) {
    nlohmann::json a = nlohmann::json::array();
    for (const job& j : list.jobs)
        a.push_back({{"name", j.name}, {"args", j.args}, {"result", j.result}, {"log", j.log}});
    const nlohmann::json m = {{"tool", list.tool}, {"d3sim", self_exe()}, {"jobs", a}};
    return write_atomically(list.manifest, m.dump(1) + "\n");
}

std::optional<std::string> load_manifest(const std::string& path, job_list& list) {
    std::string text;
    try {
        text = read_input_text(path, "manifest");  // a regular file only (a FIFO would block)
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    const nlohmann::json m = nlohmann::json::parse(text, nullptr, false);
    if (m.is_discarded() || !m.contains("jobs") || !m["jobs"].is_array())
        return path + " is not a job manifest";
    try {
        list.tool = m.value("tool", std::string("d3sim"));
        list.manifest = path;
        list.jobs.clear();
        for (const nlohmann::json& j : m["jobs"])
            list.jobs.push_back({j.at("name"), j.at("args"), j.at("result"), j.at("log")});
    } catch (const nlohmann::json::exception& e) {
        return path + " is not a job manifest (" + e.what() + ")";
    }
    return std::nullopt;
}

bool is_result_code(int code) {
    return code >= 0 && code <= kExitBaseline;  // 3..6: a correct run that failed a CI gate
}

std::optional<nlohmann::json> read_result(const job& j, const std::string& identity) {
    std::ifstream f(j.result);
    if (!f) return std::nullopt;
    nlohmann::json r = nlohmann::json::parse(f, nullptr, false);
    if (r.is_discarded() || !r.is_object() || !r.contains("job")) return std::nullopt;
    // A result is valid only with the metadata `d3sim job` writes; anything else (a file edited by
    // hand, another tool's JSON) is no result, so that a rerun makes it again.
    const nlohmann::json& meta = r["job"];
    if (!meta.is_object()) return std::nullopt;
    const auto args = meta.find("args"), exe = meta.find("d3sim"), code = meta.find("exit_code");
    if (args == meta.end() || *args != nlohmann::json(j.args) || exe == meta.end() ||
        !exe->is_string() || exe->get<std::string>() != identity || code == meta.end() ||
        !code->is_number_integer() || !is_result_code(code->get<int>()))
        return std::nullopt;
    return r;
}

std::string first_line(const std::string& path) {
    std::ifstream f(path);
    std::string line;
    std::getline(f, line);
    return line;
}

std::string last_line(const std::string& path) {
    std::ifstream f(path);
    std::string line, last;
    while (std::getline(f, line))
        if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    return last;
}

std::string shell_quote(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_-+=/.,:%@") == std::string::npos)
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string shell_command(const std::vector<std::string>& argv) {
    std::string s;
    for (const std::string& a : argv) s += (s.empty() ? "" : " ") + shell_quote(a);
    return s;
}

}  // namespace d3
