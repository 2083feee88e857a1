// Room in a router for a unit that only some routers build (sc/router.h: the paper's units, which
// a design-space router does not build): the unit in place, without std::optional's flag, which
// after a cache-line-aligned unit took a cache line of padding in every router. Its owner knows
// whether it built the unit (emplace), and destroys it (destroy) if so.
#pragma once

#include <new>
#include <utility>

namespace d3 {

template <typename T>
class unit_slot {
  public:
    unit_slot() {}   // empty: emplace builds the unit
    ~unit_slot() {}  // the owner destroys the unit it built
    unit_slot(const unit_slot&) = delete;
    unit_slot& operator=(const unit_slot&) = delete;

    template <typename... Args>
    T& emplace(Args&&... args) {
        return *::new (static_cast<void*>(&unit_)) T(std::forward<Args>(args)...);
    }
    void destroy() { unit_.~T(); }

    T* operator->() { return &unit_; }
    const T* operator->() const { return &unit_; }
    T& operator*() { return unit_; }
    const T& operator*() const { return unit_; }

  private:
    union {
        T unit_;
    };
};

}  // namespace d3
