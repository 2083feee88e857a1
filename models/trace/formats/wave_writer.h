// Waveform file backends: VCD (text) and FST (gtkwave's compressed format). The model-specific
// layer (wave_trace) declares scopes and variables, then emits value changes in time order.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace d3 {

using signal_id = std::uint32_t;

class wave_writer {
  public:
    virtual ~wave_writer() = default;

    /// Declarations, before end_definitions(). Variable ids are dense, starting at 0.
    virtual void push_scope(const std::string& name) = 0;
    virtual void pop_scope() = 0;
    /// A variable of `width` bits (1..64) in the current scope.
    virtual signal_id add_var(const std::string& name, unsigned width) = 0;
    /// Ends the declarations; every variable starts at 0 at time 0.
    virtual void end_definitions() = 0;

    /// Value changes, in non-decreasing time order. One time unit is one step (1 ns).
    virtual void set_time(std::uint64_t t) = 0;
    virtual void change(signal_id id, std::uint64_t value) = 0;
    /// Writes the final time stamp and closes the file. Throws std::runtime_error when anything
    /// could not be written. The other calls never throw for an I/O error (they run inside the
    /// simulation, where an exception ends the run as a model error): a write that fails during
    /// the run (a full disk) is remembered, what follows is dropped, and close() reports it.
    virtual void close(std::uint64_t end_time) = 0;
};

enum class wave_format { vcd, fst };

/// The format a path asks for: ".fst" is FST, anything else VCD.
wave_format format_of(const std::string& path);
/// True when this build can write FST (gtkwave's fstapi was found at configure time).
bool fst_available();
/// Opens `path` in the format of its extension. Throws std::runtime_error when it cannot.
std::unique_ptr<wave_writer> open_wave(const std::string& path);

/// The name gtkwave shows for a variable: "name" for 1 bit, "name[w-1:0]" otherwise.
std::string gtkwave_var_name(const std::string& name, unsigned width);

}  // namespace d3
