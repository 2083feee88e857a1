#include "cli/output_file.h"

#include "trace/traced_probes.h"
#include "trace/wave_trace.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

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
    ::close(fd);
    if (created) ::unlink(path.c_str());
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

// The output files the options name, checked before anything is elaborated. `decoder_ports`: the
// waveform traces the decoders (--wave-decoder, or a decoder other than cpp), whose view has two
// more translate files.
std::optional<std::string> check_outputs(const std::string& json, const std::string& wave,
                                         bool decoder_ports, const std::string& link_stats,
                                         const std::string& trace) {
    if (!trace.empty())
        if (auto err = check_writable(trace)) return "--trace-packets: " + *err;
    if (!json.empty())
        if (auto err = check_writable(json)) return "--json: " + *err;
    if (!wave.empty()) {
        if (auto err = check_writable(wave)) return "--wave: " + *err;
        const std::string gtkw = wave_trace::gtkw_path_for(wave);  // empty: a device
        if (!gtkw.empty()) {
            if (auto err = check_writable(gtkw)) return "--wave: " + *err;
            if (auto err = check_writable(wave_trace::names_path_for(gtkw)))
                return "--wave: " + *err;
            if (decoder_ports)
                for (const char* names : {kDecoderActNames, kDecoderRouteNames})
                    if (auto err = check_writable(wave_trace::names_path_for(gtkw, names)))
                        return "--wave: " + *err;
        }
    }
    if (!link_stats.empty())
        if (auto err = check_writable(link_stats)) return "--link-stats: " + *err;
    return std::nullopt;
}

}  // namespace d3
