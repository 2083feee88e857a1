// Threads that run one function together, phase after phase: the calling thread and N - 1
// workers that live as long as the team (--threads, sc/step_deferral.h). Between phases a worker
// spins a while before it sleeps, and so does the caller waiting for the workers: on a virtual
// machine, waking a sleeping core goes through the host and costs more than a short phase
// (docs/architecture.md, "Threads"). Plain C++, no SystemC.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace d3 {

class worker_team {
  public:
    /// Starts `threads` - 1 workers; each phase runs run(w) on worker w and run(0) on the caller.
    /// run must not throw (a phase keeps its own errors).
    worker_team(std::size_t threads, std::function<void(std::size_t)> run);
    ~worker_team();
    worker_team(const worker_team&) = delete;
    worker_team& operator=(const worker_team&) = delete;

    std::size_t threads() const { return workers_.size() + 1; }
    /// Runs a phase: run(0) here, run(w) on every worker, and returns when all have returned
    /// (what they wrote is visible to the caller then, and what the caller wrote before to them).
    void dispatch();

  private:
    void work(std::size_t w);
    /// Waits until the phase after `seen` starts (true) or the team stops (false).
    bool await_phase(std::uint64_t seen);
    /// Waits until every worker has finished the phase.
    void await_workers();

    const std::function<void(std::size_t)> run_;
    /// How long a waiting thread spins before it sleeps (none under valgrind, whose threads take
    /// turns: a spinning thread would only spin through its turn).
    const std::chrono::microseconds spin_;
    std::vector<std::thread> workers_;
    std::mutex lock_;
    std::condition_variable start_, done_;
    std::atomic<std::uint64_t> generation_{0};  ///< phases started
    std::atomic<std::size_t> pending_{0};       ///< workers not done with this phase
    std::atomic<bool> stop_{false};
};

}  // namespace d3
