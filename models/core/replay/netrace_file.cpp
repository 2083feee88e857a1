// read_netrace_file and is_bzip2_file (core/replay/netrace.h): the file through libbz2.
#include <bzlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "core/replay/netrace.h"

namespace d3 {
namespace {

struct file_closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// A bzip2 stream read from an open file.
class bz2_stream {
  public:
    explicit bz2_stream(std::FILE* f) {
        int err = BZ_OK;
        bz_ = BZ2_bzReadOpen(&err, f, 0, 0, nullptr, 0);
        if (err != BZ_OK) throw std::runtime_error("cannot start bzip2 decompression");
    }
    ~bz2_stream() {
        int err = BZ_OK;
        BZ2_bzReadClose(&err, bz_);
    }
    bz2_stream(const bz2_stream&) = delete;
    bz2_stream& operator=(const bz2_stream&) = delete;

    std::size_t read(char* to, std::size_t n) {
        if (ended_) return 0;
        int err = BZ_OK;
        const int got =
            BZ2_bzRead(&err, bz_, to, static_cast<int>(std::min<std::size_t>(n, 1 << 20)));
        if (err == BZ_STREAM_END)
            ended_ = true;
        else if (err != BZ_OK)
            throw std::runtime_error("not a valid bzip2 stream (libbz2 error " +
                                     std::to_string(err) + ")");
        return static_cast<std::size_t>(got);
    }

  private:
    BZFILE* bz_ = nullptr;
    bool ended_ = false;
};

// The file opened for reading when it is a regular file (a FIFO or a device is refused without
// blocking); throws with the reason otherwise.
std::unique_ptr<std::FILE, file_closer> open_regular(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw std::runtime_error(std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw std::runtime_error("not a regular file");
    std::unique_ptr<std::FILE, file_closer> f(std::fopen(path.c_str(), "rb"));
    if (!f) throw std::runtime_error(std::strerror(errno));
    return f;
}

}  // namespace

bool is_bzip2_file(const std::string& path) {
    try {
        auto f = open_regular(path);
        char magic[3] = {};
        return std::fread(magic, 1, 3, f.get()) == 3 && std::memcmp(magic, "BZh", 3) == 0;
    } catch (const std::exception&) {
        return false;
    }
}

std::variant<message_trace, std::string> read_netrace_file(const std::string& path) {
    try {
        auto f = open_regular(path);
        bz2_stream bz(f.get());
        return decode_netrace([&bz](char* to, std::size_t n) { return bz.read(to, n); }, path);
    } catch (const std::exception& e) {
        return path + ": cannot read the netrace file: " + e.what();
    }
}

}  // namespace d3
