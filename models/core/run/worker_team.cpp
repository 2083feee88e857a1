#include "core/run/worker_team.h"

#include <chrono>
#include <utility>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif

namespace d3 {

namespace {

/// Longer than the kernel thread's work between two phases of a cycle (a few hundred
/// microseconds on D3(16,16) all-to-all), shorter than anything a user would see.
constexpr std::chrono::microseconds kSpin{2000};

void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
}

/// Spins until done() or the time is out; true if done(). First on the core (a phase that starts
/// within microseconds), then yielding it at every test: with more threads than free cores (3
/// threads on 2, or tests run side by side) the thread this one waits for may need the core.
template <typename Done>
bool spin_until(std::chrono::microseconds spin, Done done) {
    if (spin.count() == 0) return done();
    for (int i = 0; i < 128; ++i) {
        if (done()) return true;
        relax();
    }
    const auto until = std::chrono::steady_clock::now() + spin;
    for (;;) {
        for (int i = 0; i < 16; ++i) {
            if (done()) return true;
            std::this_thread::yield();
        }
        if (std::chrono::steady_clock::now() >= until) return done();
    }
}

}  // namespace

worker_team::worker_team(std::size_t threads, std::function<void(std::size_t)> run)
    : run_(std::move(run)), spin_(RUNNING_ON_VALGRIND ? std::chrono::microseconds{0} : kSpin) {
    for (std::size_t w = 1; w < threads; ++w) workers_.emplace_back([this, w] { work(w); });
}

worker_team::~worker_team() {
    {
        const std::lock_guard<std::mutex> l(lock_);
        stop_.store(true, std::memory_order_release);
    }
    start_.notify_all();
    for (std::thread& t : workers_) t.join();
}

// The phase is published under the lock, which a worker about to sleep holds while it tests for
// it: either it sees the phase or it sleeps before the notification.
void worker_team::dispatch() {
    pending_.store(workers_.size(), std::memory_order_relaxed);
    {
        const std::lock_guard<std::mutex> l(lock_);
        generation_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
    run_(0);
    await_workers();
}

void worker_team::await_workers() {
    const auto done = [this] { return pending_.load(std::memory_order_acquire) == 0; };
    if (spin_until(spin_, done)) return;
    std::unique_lock<std::mutex> l(lock_);
    done_.wait(l, done);
}

bool worker_team::await_phase(std::uint64_t seen) {
    const auto started = [&] {
        return stop_.load(std::memory_order_acquire) ||
               generation_.load(std::memory_order_acquire) != seen;
    };
    if (!spin_until(spin_, started)) {
        std::unique_lock<std::mutex> l(lock_);
        start_.wait(l, started);
    }
    return !stop_.load(std::memory_order_acquire);
}

// The last worker done notifies under the lock, which the caller holds while it tests before it
// sleeps.
void worker_team::work(std::size_t w) {
    std::uint64_t seen = 0;
    while (await_phase(seen)) {
        seen = generation_.load(std::memory_order_acquire);
        run_(w);
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            const std::lock_guard<std::mutex> l(lock_);
            done_.notify_one();
        }
    }
}

}  // namespace d3
