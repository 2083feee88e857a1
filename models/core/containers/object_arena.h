// Objects made one by one and destroyed together when the arena goes, their memory taken in
// blocks: one allocation for many small objects (--threads makes a few link ends for every link
// of a network, millions on D3(32,32), where one allocation each was most of their cost). Plain
// C++, no SystemC.
#pragma once

#include <memory_resource>
#include <new>
#include <utility>
#include <vector>

namespace d3 {

class object_arena {
  public:
    object_arena() = default;
    object_arena(const object_arena&) = delete;
    object_arena& operator=(const object_arena&) = delete;
    /// Destroys every object made, the last made first.
    ~object_arena() {
        for (auto it = made_.rbegin(); it != made_.rend(); ++it) it->destroy(it->object);
    }

    /// A T made from `args`, living as long as the arena.
    template <typename T, typename... Args>
    T* make(Args&&... args) {
        // Room first, doubling (no throw after the object is made; reserve(size() + 1) would
        // copy the list at every object).
        if (made_.size() == made_.capacity()) made_.reserve(made_.empty() ? 64 : 2 * made_.size());
        T* t = ::new (memory_.allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
        made_.push_back({t, [](void* p) { static_cast<T*>(p)->~T(); }});
        return t;
    }
    std::size_t size() const { return made_.size(); }

  private:
    struct made {
        void* object;
        void (*destroy)(void*);
    };
    std::pmr::monotonic_buffer_resource memory_;
    std::vector<made> made_;
};

}  // namespace d3
