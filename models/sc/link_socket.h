// The router's link multi-sockets: tlm_utils' multi-passthrough sockets with the link protocol
// (sc/protocol.h), with two changes that keep every binding, index and call as the stock sockets
// have them.
//
// 1. Direct binders. A stock multi-socket gives each binding a binder whose transport call goes
//    through a functor, a function pointer and a member-function pointer (the callbacks
//    registered at run time) to the module, on every crossing (a packet forward, its credit
//    back, the node's injection: the model's most frequent call). Here each
//    binding's binder is a subclass of the stock binder that calls the module's method by name:
//    MODULE::receive(tag, flit, phase, delay) for a link input (the tag is the binding index
//    unless the module renumbers its bindings with retag), MODULE::credit(tag, ...) for a link
//    output's backward path (the same), one virtual call per crossing. The binders are made
//    where the stock sockets make theirs (get_base_interface, once per binding, and the target's
//    export binder), so binding indices, multi-to-multi binds and end_of_elaboration are the
//    stock code's.
// 2. Typed binds: an initiator whose bind to a known socket type skips the run-time type
//    discovery of the generic bind. tlm_utils::multi_passthrough_initiator_socket::bind(
//    tlm_base_target_socket_b&) binds the port and the export as every TLM socket does
//    (tlm_base_initiator_socket::bind: initiator port -> the target's binder, target port -> the
//    initiator's binder), then finds out what it was bound to with two dynamic_casts across
//    virtual bases (is it an sc_export? is it a multi-socket?) to record the interface the
//    transport calls will use. When the static type says what the target is, the answer is
//    known: for a multi-passthrough target, the binder the target has just created
//    (multi_to_multi_bind_base::get_last_binder, which also tells the target our binder, exactly
//    as the generic bind does); for a single target socket (a node's ejection), the interface its
//    export is bound to. Same bindings, same binders, same indices, without the two casts per
//    binding (each walks the class tree), of which a network has thousands. Any other socket
//    goes through the generic bind.
// 3. The binders of the bindings a socket expects are made in one block of storage
//    (binder_store), not allocated one by one: the stock destructor deletes every binder of its
//    list, so the link socket's destructor first destroys those in the block and takes them off.
// 4. A link input records nothing when a multi-socket binds to it (get_last_binder): the stock
//    socket keeps the initiator's binder in a map (an allocation and a tree insert per binding, a
//    search per binding at end_of_elaboration), and for any other initiator finds its interface
//    at end_of_elaboration with a dynamic_cast of the binder's port. Both
//    are what each bind gave the socket's own port, binding b's as its interface b (every TLM
//    bind binds the target's port to the initiator's backward interface: a multi-socket's binder,
//    a socket's export), so end_of_elaboration reads them there. Nothing else reads the map: a
//    link input is never the outer socket of a hierarchical binding (its export is bound to its
//    first binder when it is made).
#pragma once

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <tlm>
#include <utility>
#include <vector>

#include "sc/protocol.h"

namespace d3 {

/// The binder of one binding of a link input: a forward transport calls
/// MODULE::receive(tag, ...) directly, where the tag is the binding's index or the number the
/// module gave it (retag: the first buffer of the router's input port, so that an arrival reads no
/// binding table of the router it enters, docs/performance.md, tenth round).
template <typename MODULE>
class link_fw_binder final : public tlm_utils::callback_binder_fw<link_protocol_types> {
  public:
    link_fw_binder(tlm_utils::multi_socket_base* owner, int binding, MODULE& m)
        : tlm_utils::callback_binder_fw<link_protocol_types>(owner, binding),
          module_(m),
          tag_(binding) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return module_.receive(tag_, f, ph, t);
    }
    /// What MODULE::receive is told: the binding index unless the module renumbered it.
    void retag(int tag) { tag_ = tag; }
    /// The module whose receive this binder calls, and with what tag.
    MODULE& module() const { return module_; }
    int tag() const { return tag_; }

  private:
    MODULE& module_;
    int tag_;
};

/// The binder of one binding of a link output: a credit (backward transport) calls
/// MODULE::credit(tag, ...) directly, where the tag is the binding's index or the number the
/// module gave it (retag: the router's output unit's first credit slot of the output, so that a
/// credit works out no slot from the output and channel).
template <typename MODULE>
class link_bw_binder final : public tlm_utils::callback_binder_bw<link_protocol_types> {
  public:
    link_bw_binder(tlm_utils::multi_socket_base* owner, int binding, MODULE& m)
        : tlm_utils::callback_binder_bw<link_protocol_types>(owner, binding),
          module_(m),
          tag_(binding) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return module_.credit(tag_, f, ph, t);
    }
    /// What MODULE::credit is told: the binding index unless the module renumbered it.
    void retag(int tag) { tag_ = tag; }
    /// The module whose credit this binder calls, and with what tag.
    MODULE& module() const { return module_; }
    int tag() const { return tag_; }

  private:
    MODULE& module_;
    int tag_;
};

/// Room for the binders of a socket's expected bindings, in one allocation; a binder beyond them
/// is made by new, as the stock sockets make each of theirs.
template <typename BINDER>
class binder_store {
  public:
    explicit binder_store(std::size_t room)
        : slots_(room ? new slot[room] : nullptr), room_(room) {}
    binder_store(const binder_store&) = delete;
    binder_store& operator=(const binder_store&) = delete;

    template <typename... Args>
    BINDER* make(Args&&... args) {
        if (made_ == room_) return new BINDER(std::forward<Args>(args)...);
        void* const at = slots_[made_].bytes;
        BINDER* const b = ::new (at) BINDER(std::forward<Args>(args)...);
        ++made_;
        return b;
    }
    /// Destroys the binders made in the block and takes them off `binders` (a stock socket's list:
    /// its destructor deletes those left, the ones made by new).
    template <typename BASE>
    void release(std::vector<BASE*>& binders) {
        const auto in_block = [this](BASE* p) {
            const std::less<const void*> before;
            const void* const at = p;  // within its binder, so within the block if made there
            return !before(at, slots_.get()) && before(at, slots_.get() + made_);
        };
        for (BASE* p : binders)
            if (in_block(p)) static_cast<BINDER*>(p)->~BINDER();
        binders.erase(std::remove_if(binders.begin(), binders.end(), in_block), binders.end());
    }

  private:
    struct slot {
        alignas(BINDER) unsigned char bytes[sizeof(BINDER)];
    };
    std::unique_ptr<slot[]> slots_;
    const std::size_t room_;
    std::size_t made_ = 0;
};

/// A link input multi-socket of MODULE: binding b's transports call MODULE::receive(b, ...), or
/// MODULE::receive(tag, ...) once retag(b, tag) was called.
template <typename MODULE>
class link_target_socket
    : public tlm_utils::multi_passthrough_target_socket<MODULE, kSocketWidth, link_protocol_types> {
    using base =
        tlm_utils::multi_passthrough_target_socket<MODULE, kSocketWidth, link_protocol_types>;
    using fw_if = tlm::tlm_fw_transport_if<link_protocol_types>;
    using bw_if = tlm::tlm_bw_transport_if<link_protocol_types>;

  public:
    /// `bindings`: the bindings the socket will have, if known (room set aside for them).
    link_target_socket(const char* name, MODULE& owner, std::size_t bindings = 0)
        : base(name), owner_(owner), store_(bindings) {
        // The stock socket's binder and interface lists, grown one push at a time otherwise (five
        // allocations each for 16 bindings).
        this->m_binders.reserve(bindings);
        this->m_sockets.reserve(bindings);
        // The export's own binder, made as base::check_export_binding makes it when a callback
        // is registered: the first binding takes it.
        this->m_binders.push_back(store_.make(owner_base(), 0, owner_));
        this->m_export_callback_created = true;
        sc_core::sc_export<fw_if>::bind(*this->m_binders.back());
    }
    link_target_socket(const link_target_socket&) = delete;
    link_target_socket& operator=(const link_target_socket&) = delete;
    ~link_target_socket() override { store_.release(this->m_binders); }

    using base::get_base_interface;
    /// One binder per binding, as the stock socket makes them (the first is the export's).
    fw_if& get_base_interface() override {
        if (this->m_hierarch_bind) this->display_error("Socket already bound hierarchically.");
        if (this->m_export_callback_created)
            this->m_export_callback_created = false;
        else
            this->m_binders.push_back(
                store_.make(owner_base(), static_cast<int>(this->m_binders.size()), owner_));
        return *this->m_binders.back();
    }

    /// Binding `binding`'s transports call MODULE::receive(tag, ...) from now on.
    void retag(int binding, int tag) {
        static_cast<link_fw_binder<MODULE>*>(this->m_binders.at(static_cast<std::size_t>(binding)))
            ->retag(tag);
    }

  protected:
    /// A multi-socket initiator binds to the binder made last; its own binder, that binding's
    /// backward interface, is the one its bind gave our port (end_of_elaboration reads it there).
    fw_if* get_last_binder(bw_if* /*other*/) override { return this->m_binders.back(); }
    /// The stock end_of_elaboration with our port's interfaces for the map and the casts: each
    /// binder gets the callbacks, and binding b's backward interface is the port's interface b.
    void end_of_elaboration() override {
        if (this->m_eoe_disabled || this->m_hierarch_bind) {
            base::end_of_elaboration();  // a hierarchical binding: the stock code throughout
            return;
        }
        if (this->m_binders.size() == 1 && this->m_export_callback_created) return;  // unbound
        sc_core::sc_port_b<bw_if>& port = this->get_base_port();
        if (static_cast<std::size_t>(port.size()) != this->m_binders.size())
            this->display_error("Not bound to tlm_socket.");  // a binding not made by a socket
        for (std::size_t b = 0; b < this->m_binders.size(); ++b) {
            this->m_binders[b]->set_callbacks(this->m_nb_f, this->m_b_f, this->m_dmi_f,
                                              this->m_dbg_f);
            this->m_sockets.push_back(port.get_interface(static_cast<int>(b)));
        }
    }

  private:
    /// What a binder is made with (a base the socket's users do not see).
    tlm_utils::multi_socket_base* owner_base() { return this; }

    MODULE& owner_;
    binder_store<link_fw_binder<MODULE>> store_;
};

/// A link output multi-socket of MODULE: binding b's credits call MODULE::credit(b, ...), or
/// MODULE::credit(tag, ...) once retag(b, tag) was called.
template <typename MODULE>
class link_initiator_socket
    : public tlm_utils::multi_passthrough_initiator_socket<MODULE, kSocketWidth,
                                                           link_protocol_types> {
    using base =
        tlm_utils::multi_passthrough_initiator_socket<MODULE, kSocketWidth, link_protocol_types>;
    using fw_if = tlm::tlm_fw_transport_if<link_protocol_types>;

  public:
    /// `bindings`: the bindings the socket will have, if known (room set aside for them).
    link_initiator_socket(const char* name, MODULE& owner, std::size_t bindings = 0)
        : base(name), owner_(owner), store_(bindings) {
        this->m_binders.reserve(bindings);
        this->m_sockets.reserve(bindings);
    }
    link_initiator_socket(const link_initiator_socket&) = delete;
    link_initiator_socket& operator=(const link_initiator_socket&) = delete;
    ~link_initiator_socket() override { store_.release(this->m_binders); }

    using base::get_base_interface;
    /// One binder per binding, as the stock socket makes them.
    tlm::tlm_bw_transport_if<link_protocol_types>& get_base_interface() override {
        this->m_binders.push_back(
            store_.make(owner_base(), static_cast<int>(this->m_binders.size()), owner_));
        return *this->m_binders.back();
    }

    /// Binding `binding`'s credits call MODULE::credit(tag, ...) from now on.
    void retag(int binding, int tag) {
        static_cast<link_bw_binder<MODULE>*>(this->m_binders.at(static_cast<std::size_t>(binding)))
            ->retag(tag);
    }

    using base::bind;

    /// Binds to a link multi-socket (another router's input).
    template <typename M>
    void bind(link_target_socket<M>& s) {
        if (!bind_sockets(s)) return;
        tlm_utils::multi_to_multi_bind_base<link_protocol_types>& m = s;
        this->m_sockets.push_back(m.get_last_binder(this->m_binders.back()));
    }

    /// Binds to a single target socket (a node's ejection), already bound to its interface.
    void bind(tlm::tlm_target_socket<kSocketWidth, link_protocol_types>& s) {
        if (!bind_sockets(s)) return;
        sc_core::sc_export<fw_if>& ex = s;
        this->m_sockets.push_back(&static_cast<fw_if&>(ex));
    }

  private:
    /// The port and export bindings of every TLM socket bind (what the generic bind does first).
    bool bind_sockets(typename base::base_target_socket_type& s) {
        if (this->m_hierarch_bind) {
            this->display_error("Already hierarchically bound.");
            return false;
        }
        base::base_type::bind(s);  // tlm_base_initiator_socket::bind, not this class's override
        return true;
    }

    tlm_utils::multi_socket_base* owner_base() { return this; }

    MODULE& owner_;
    binder_store<link_bw_binder<MODULE>> store_;
};

}  // namespace d3
