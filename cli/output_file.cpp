#include "cli/output_file.h"

#include "trace/traced_probes.h"
#include "trace/wave_trace.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cli/option_limits.h"

namespace d3 {

namespace {

std::string cannot_write(const std::string& path, int err) {
    return "cannot write " + printable(path) + ": " + std::strerror(err);
}

}  // namespace

std::optional<std::string> check_writable(const std::string& path) {
    if (path == "-") return std::nullopt;
    if (path.empty()) return "an output file name must not be empty";
    bool created = true;
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) {
        created = false;
        fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    }
    if (fd < 0) return cannot_write(path, errno);
    // A write of nothing changes no file but fails where every write would (/dev/full).
    const int err = ::write(fd, "", 0) < 0 ? errno : 0;
    ::close(fd);
    if (created) ::unlink(path.c_str());
    if (err != 0) return cannot_write(path, err);
    return std::nullopt;
}

std::optional<std::string> write_file(const std::string& path, const std::string& text) {
    const bool out = path == "-";
    std::FILE* f = out ? stdout : std::fopen(path.c_str(), "w");
    if (!f) return cannot_write(path, errno);
    errno = 0;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fflush(f) == 0 && ok;
    int err = errno;
    if (!out) {
        const bool closed = std::fclose(f) == 0;
        if (ok && !closed) err = errno;
        ok = ok && closed;
    }
    if (ok) return std::nullopt;
    return cannot_write(path, err != 0 ? err : EIO);
}

bool same_file(const std::string& a, const std::string& b) {
    if (a == "-" || b == "-") return a == b;
    namespace fs = std::filesystem;
    std::error_code ea, eb;
    const bool exists_a = fs::exists(a, ea), exists_b = fs::exists(b, eb);
    if (exists_a && exists_b) {
        std::error_code e;
        return fs::equivalent(a, b, e);
    }
    if (exists_a != exists_b) return false;
    std::error_code e1, e2;
    const fs::path pa = fs::weakly_canonical(fs::absolute(a, e1), e1);
    const fs::path pb = fs::weakly_canonical(fs::absolute(b, e2), e2);
    return !e1 && !e2 && pa == pb;
}

std::optional<std::string> check_distinct(const std::vector<named_file>& outputs,
                                          const std::vector<named_file>& inputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const auto& [option, path] = outputs[i];
        for (std::size_t j = 0; j < i; ++j)
            if (same_file(outputs[j].second, path))
                return outputs[j].first + " and " + option + " name the same file " +
                       printable(path) + ": give each output its own";
        for (const auto& [input, in_path] : inputs)
            if (same_file(in_path, path))
                return option + " names the file " + printable(path) + " that " + input +
                       " reads: an output must not overwrite an input";
    }
    return std::nullopt;
}

// The output files the options name, checked before anything is elaborated. `decoder_ports`: the
// waveform traces the decoders (--wave-decoder, or a decoder other than cpp), whose view has two
// more translate files.
std::optional<std::string> check_outputs(const std::string& json, const std::string& wave,
                                         bool decoder_ports, const std::string& link_stats,
                                         const std::string& trace,
                                         const std::vector<named_file>& inputs,
                                         const std::vector<named_file>& more_outputs) {
    std::vector<named_file> outputs;
    if (!trace.empty()) outputs.emplace_back("--trace-packets", trace);
    if (!json.empty()) outputs.emplace_back("--json", json);
    if (!wave.empty()) {
        outputs.emplace_back("--wave", wave);
        // Empty for a device; the trace itself when it is not named .vcd or .fst, which the
        // wave options' check refuses with its own message.
        const std::string gtkw = wave_trace::gtkw_path_for(wave);
        if (!gtkw.empty() && gtkw != wave) {
            outputs.emplace_back("--wave (its view)", gtkw);
            outputs.emplace_back("--wave (its names)", wave_trace::names_path_for(gtkw));
            if (decoder_ports)
                for (const char* names : {kDecoderActNames, kDecoderRouteNames})
                    outputs.emplace_back("--wave (its names)",
                                         wave_trace::names_path_for(gtkw, names));
        }
    }
    if (!link_stats.empty()) outputs.emplace_back("--link-stats", link_stats);
    outputs.insert(outputs.end(), more_outputs.begin(), more_outputs.end());
    for (const auto& [option, path] : outputs)
        if (auto err = check_writable(path))
            return option.substr(0, option.find(' ')) + ": " + *err;
    return check_distinct(outputs, inputs);
}

}  // namespace d3
