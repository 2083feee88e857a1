// The VCD backend of wave_writer (IEEE 1364 value change dump). Buffered, allocation-free per
// change.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "trace/formats/wave_writer.h"

namespace d3 {

class vcd_writer final : public wave_writer {
  public:
    /// Opens `path`. Throws std::runtime_error when it cannot be written.
    explicit vcd_writer(const std::string& path);
    ~vcd_writer() override;
    vcd_writer(const vcd_writer&) = delete;
    vcd_writer& operator=(const vcd_writer&) = delete;

    void push_scope(const std::string& name) override;
    void pop_scope() override;
    signal_id add_var(const std::string& name, unsigned width) override;
    void end_definitions() override;
    void set_time(std::uint64_t t) override;
    void change(signal_id id, std::uint64_t value) override;
    void close(std::uint64_t end_time) override;

    /// The short identifier code of a variable ("!", "\"", ...).
    static std::string code(signal_id id);

  private:
    void flush_if_full();
    void write_buffer();  ///< writes and empties buf_; a failure goes to error_
    void append_code(signal_id id);

    std::string path_;
    std::FILE* f_ = nullptr;
    std::string buf_;
    std::vector<unsigned char> widths_;
    std::uint64_t time_ = 0;
    bool time_written_ = false;
    bool defined_ = false;
    std::string error_;  ///< why a write failed (strerror), empty while none did
};

}  // namespace d3
