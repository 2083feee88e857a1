// An allocator: a matching of inputs to outputs from a cycle's request matrix (each input at most
// one output, each output at most one input, only requested pairs), for a router's switch or
// virtual channels. Kinds by name: core/allocation/allocator_factory.h. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/allocation/listed_requests.h"
#include "core/allocation/matching.h"
#include "core/allocation/request_matrix.h"

namespace d3 {

/// What an allocator is built from (allocator_factory.h checks it).
struct allocator_setup {
    std::size_t inputs = 1;
    std::size_t outputs = 1;
    std::string arbiter = "round-robin";  ///< the arbiters' kind, for allocators built of arbiters
    int iterations = 1;                   ///< passes per allocation (BookSim2's alloc_iters)
};

class allocator_if {
  public:
    virtual ~allocator_if() = default;

    virtual std::size_t inputs() const = 0;
    virtual std::size_t outputs() const = 0;
    /// Matches `requests` (inputs() x outputs()) into `grants` (cleared first, same sizes) and
    /// moves the allocator's priorities on. Allocates no memory.
    virtual void allocate(const request_matrix& requests, matching& grants) = 0;
    /// Whether allocate_lone() may be called (false: every cycle goes through allocate()).
    virtual bool takes_lone_requests() const { return false; }
    /// The `n` requests of `r` share no input and no output: grants every one, moving the
    /// priorities on exactly as allocate() would for that request matrix (the caller matches
    /// them itself, without a request matrix).
    virtual void allocate_lone(const lone_request* r, std::size_t n) {
        (void)r;
        (void)n;
    }
    /// Whether allocate_listed() may be called: at most 64 inputs and 64 outputs, and an
    /// allocator whose matching does not depend on the requests' ages.
    virtual bool takes_listed_requests() const { return false; }
    /// allocate() of a cycle's requests `list` (a pair listed twice counts once) without a request
    /// matrix: the same priority moves as allocate() of a matrix holding them, and into `grants`
    /// (cleared first) the same pairs among the requests that share a port (those alone in their
    /// input and output are granted, as allocate_lone grants them, and not written).
    virtual void allocate_listed(const listed_requests& list, matching& grants) {
        (void)list;
        grants.clear();
    }
    /// Whether allocate_single_asks() and allocate_words() may be called (as
    /// takes_listed_requests()).
    virtual bool takes_single_asks() const { return false; }
    /// allocate() of a cycle in which each input asks for one output at most, the requests given
    /// by output: `askers[y]` the inputs asking for output y (a bit each), for each output y of
    /// `outputs` (a bit each; every askers[y] read is cleared). The same priority moves as
    /// allocate(); returns the inputs granted (each the output it asked for) and sets `shared` to
    /// the outputs asked for by more than one input.
    virtual std::uint64_t allocate_single_asks(std::uint64_t outputs, std::uint64_t* askers,
                                               std::uint64_t& shared) {
        (void)outputs;
        (void)askers;
        shared = 0;
        return 0;
    }
    /// allocate() of a cycle's requests given as words, seen from both sides: `inputs` the inputs
    /// asking, `input_outputs[x]` the outputs input x asks for; `outputs` the outputs asked for,
    /// `output_inputs[y]` the inputs asking for output y. Into `grants` (cleared first) the pairs
    /// granted; the same priority moves as allocate().
    virtual void allocate_words(std::uint64_t inputs, const std::uint64_t* input_outputs,
                                std::uint64_t outputs, const std::uint64_t* output_inputs,
                                matching& grants) {
        (void)inputs;
        (void)input_outputs;
        (void)outputs;
        (void)output_inputs;
        grants.clear();
    }
};

}  // namespace d3
