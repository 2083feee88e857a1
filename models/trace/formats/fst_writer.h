// The FST backend of wave_writer, over gtkwave's fstapi (shipped with Verilator, built as
// d3_fstapi). Only compiled when the build found fstapi and zlib (D3_HAVE_FST).
#pragma once

#include <string>
#include <vector>

#include "trace/formats/wave_writer.h"

namespace d3 {

class fst_writer final : public wave_writer {
  public:
    /// Opens `path`. Throws std::runtime_error when it cannot be written. A write that fails
    /// later (fstapi checks none) is found by close(), which then throws (wave_writer.h).
    explicit fst_writer(const std::string& path);
    ~fst_writer() override;
    fst_writer(const fst_writer&) = delete;
    fst_writer& operator=(const fst_writer&) = delete;

    void push_scope(const std::string& name) override;
    void pop_scope() override;
    signal_id add_var(const std::string& name, unsigned width) override;
    void end_definitions() override;
    void set_time(std::uint64_t t) override;
    void change(signal_id id, std::uint64_t value) override;
    void close(std::uint64_t end_time) override;

  private:
    /// Runs a call into fstapi unless a write failed before; a SIGBUS inside it (a mapping of a
    /// file that could not be written) ends the call and sets error_.
    template <class Call>
    void guarded(Call&& call);

    std::string path_;
    std::string error_;  ///< why the trace cannot be complete; reported by close()
    void* ctx_ = nullptr;
    std::vector<std::uint32_t> handles_;
    std::vector<unsigned char> widths_;
    std::uint64_t time_ = 0;
};

}  // namespace d3
