// The routers or the nodes of a network: modules owned in id order, indexed and iterated like an
// sc_vector. Not an sc_vector because sc_vector::init builds a name for every element
// ("routers_0", ...) before calling the creator, which names the module itself: a name built
// and never used per router and per node. The modules are children of the module that
// creates them (the network), as with sc_vector, and are deleted in reverse order, as
// sc_vector::clear does.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace d3 {

template <typename T>
class module_list {
    using items = std::vector<std::unique_ptr<T>>;

    template <typename It, typename Ref>
    class iter {
      public:
        explicit iter(It it) : it_(it) {}
        Ref operator*() const { return **it_; }
        iter& operator++() {
            ++it_;
            return *this;
        }
        bool operator==(const iter& o) const { return it_ == o.it_; }
        bool operator!=(const iter& o) const { return it_ != o.it_; }

      private:
        It it_;
    };

  public:
    module_list() = default;
    module_list(const module_list&) = delete;
    module_list& operator=(const module_list&) = delete;
    ~module_list() {
        while (!items_.empty()) items_.pop_back();
    }

    /// Creates n modules, make(i) returning a new T for id i.
    template <typename Make>
    void init(std::size_t n, Make make) {
        items_.reserve(n);
        for (std::size_t i = 0; i < n; ++i) items_.emplace_back(make(i));
    }

    std::size_t size() const { return items_.size(); }
    T& operator[](std::size_t i) { return *items_[i]; }
    const T& operator[](std::size_t i) const { return *items_[i]; }

    using iterator = iter<typename items::iterator, T&>;
    using const_iterator = iter<typename items::const_iterator, const T&>;
    iterator begin() { return iterator(items_.begin()); }
    iterator end() { return iterator(items_.end()); }
    const_iterator begin() const { return const_iterator(items_.begin()); }
    const_iterator end() const { return const_iterator(items_.end()); }

  private:
    items items_;
};

}  // namespace d3
