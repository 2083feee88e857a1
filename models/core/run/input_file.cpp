#include "core/run/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "core/network/limits.h"

namespace d3 {

namespace {

/// Closes its descriptor.
struct descriptor {
    int fd;
    ~descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

std::string read_input_text(const std::string& path, const std::string& what) {
    const auto fail = [&](const std::string& why) {
        return std::invalid_argument(what + ": cannot read " + path + ": " + why);
    };
    // Opened without blocking and read only when it is a regular file: a FIFO with no writer
    // would block the open for ever, a device or a directory never ends or is no text.
    const descriptor f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0) throw fail(std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw fail(std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw fail(S_ISDIR(st.st_mode) ? "a directory, not a file" : "not a regular file");
    if (static_cast<std::uint64_t>(st.st_size) > kMaxInputFileBytes)
        throw fail("larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB");
    std::string text;
    char buf[8192];
    for (;;) {
        const ssize_t n = ::read(f.fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail(std::strerror(errno));
        if (n == 0) break;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > kMaxInputFileBytes)  // it grew while read
            throw fail("larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB");
    }
    // A UTF-8 byte-order mark (an editor's) is no part of the text: every input file reads the
    // same with or without one (YAML dropped it, the permutation and wiring files refused it).
    if (text.compare(0, 3, "\xef\xbb\xbf") == 0) text.erase(0, 3);
    return text;
}

std::vector<std::string> read_input_lines(const std::string& path, const std::string& what) {
    const std::string text = read_input_text(path, what);
    std::vector<std::string> lines(1);
    for (char c : text) {
        if (c == '\n') {
            lines.emplace_back();
            continue;
        }
        if (lines.back().size() >= kMaxInputLineBytes)
            throw std::invalid_argument(what + ": cannot read " + path + ": line " +
                                        std::to_string(lines.size()) + " is longer than " +
                                        std::to_string(kMaxInputLineBytes) + " bytes");
        lines.back() += c;
    }
    if (lines.back().empty()) lines.pop_back();
    return lines;
}

}  // namespace d3
