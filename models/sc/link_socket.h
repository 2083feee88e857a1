// The router's link multi-sockets: tlm_utils' multi-passthrough sockets with the link protocol
// (sc/protocol.h). Every binding, index and transport call is as the stock sockets have them;
// what differs is how a binding is made and what its binders are.
//
// 1. Direct binders. A stock multi-socket gives each binding a binder whose transport call goes
//    through a functor, a function pointer and a member-function pointer (the callbacks
//    registered at run time) to the module, on every crossing (a packet forward, its credit
//    back, the node's injection: the model's most frequent call). Here a binding's binder calls
//    the module's method by name: MODULE::receive(tag, flit, phase, delay) for a link input (the
//    tag is the binding index unless the module renumbers its bindings with retag),
//    MODULE::credit(tag, ...) for a link output's backward path (the same), one virtual call per
//    crossing.
// 2. Links connected, not bound (connect): a link between two routers is one object, a
//    link_pair made by the initiator, whose forward half (link_fw_end: the nonblocking forward
//    interface and the module it calls) is the initiator's binding and whose backward half
//    (link_bw_end, the same for credits) is the target's, with no sc_port binding on either
//    side. SystemC's bind checks each binding against every earlier one of its port, casts the
//    interface across virtual bases and keeps a binding record and an interface slot per
//    binding, two per link (millions on the largest D3); and a bound binder is the stock one with
//    its callbacks and the full TLM interfaces, where a link's halves are the two calls a link
//    carries and the modules they call (docs/performance.md, "Where a router's bytes go"). Each
//    socket lists its links' halves by binding until forget_links (the module has read and
//    retagged them); the links carry on without the lists.
// 3. Bindings through SystemC (bind, the node's sockets and any other socket) go as the stock
//    sockets make them: a binder (bound_fw_binder, bound_bw_binder: the stock binder with the
//    direct call) per binding where the stock code makes it (get_base_interface, and the
//    target's export binder), so multi-to-multi binds and hierarchical binds are the stock
//    code's. An initiator's bind to a known socket type skips the generic bind's two
//    dynamic_casts (is it an export? a multi-socket?): for a multi-passthrough target the
//    interface is the binder the target has just made (get_last_binder), for a single target
//    socket (a node's ejection) the interface its export is bound to. Each socket of a router is
//    bound at least once (its node), as SystemC requires of a port.
// 4. Binders and links live in blocks (binder_block): the expected bindings' in one allocation,
//    any more one by one, all owned by the socket (the stock destructor, which deletes every
//    binder of its list, finds the list empty). A link between modules of two kinds is made
//    alone.
// 5. A link input records nothing when a multi-socket binds to it (get_last_binder): the stock
//    socket keeps the initiator's binder in a map and finds any other initiator's interface at
//    end_of_elaboration with a dynamic_cast of the binder's port. Both are what each bind gave
//    the socket's own port, so end_of_elaboration reads a bound binding's backward interface
//    there (the port's interfaces are the bound bindings', in binding order). The sockets'
//    operator[] gives any binding's nonblocking interface (a connected link's half, or the bound
//    binding's interface). A link input is never the outer socket of a hierarchical binding (its
//    export is bound to its first binder when it is made).
#pragma once

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <tlm>
#include <type_traits>
#include <utility>
#include <vector>

#include "sc/protocol.h"

namespace d3 {

/// What a binder calls: the module, and the tag it tells it (the binding's index unless the
/// module renumbered it with retag: for a router, the first buffer of the input port, so that an
/// arrival reads no binding table, or the output's first credit slot).
template <typename MODULE>
class binder_end {
  public:
    binder_end(MODULE& m, int tag) : module_(m), tag_(tag) {}
    void retag(int tag) { tag_ = tag; }
    MODULE& module() const { return module_; }
    int tag() const { return tag_; }

  protected:
    MODULE& module_;
    int tag_;
};

/// A connected link's forward half, at its target DOWN: a packet crossing it calls
/// DOWN::receive(tag, ...). The nonblocking forward interface alone (protocol.h: what the router's
/// output unit calls), without the TLM interface's other virtual bases.
template <typename DOWN>
class link_fw_end : public link_fw_call {
  public:
    link_fw_end(DOWN& down, int tag, int back_tag) : down_(&down), tag_(tag), back_tag_(back_tag) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) final {
        return down_->receive(tag_, f, ph, t);
    }
    void retag(int tag) { tag_ = tag; }
    DOWN& downstream() const { return *down_; }
    int tag() const { return tag_; }
    /// The link's backward half (the same object's).
    virtual link_bw_call& backward() = 0;

  private:
    DOWN* down_;
    int tag_;

  protected:
    /// The backward half's tag, kept in this half beside this one's: where the alignment of the
    /// backward half's own would leave a gap in each (link_pair reads it).
    int back_tag_;
};

/// A connected link's backward half, at its initiator UP: a credit crossing it calls
/// UP::credit(tag, ...) (link_pair).
template <typename UP>
class link_bw_end : public link_bw_call {
  public:
    explicit link_bw_end(UP& up) : up_(&up) {}
    UP& upstream() const { return *up_; }
    virtual void retag(int tag) = 0;
    virtual int tag() const = 0;
    /// The link's forward half (the same object's).
    virtual link_fw_call& forward() = 0;

  protected:
    UP* up_;
};

/// A link connected from an initiator of UP to a target of DOWN (item 2 above): one object for
/// both directions, its halves the two nonblocking interfaces, which share their SystemC interface
/// base.
template <typename UP, typename DOWN>
class link_pair final : public link_fw_end<DOWN>, public link_bw_end<UP> {
  public:
    link_pair(UP& up, int up_tag, DOWN& down, int down_tag)
        : link_fw_end<DOWN>(down, down_tag, up_tag), link_bw_end<UP>(up) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return this->up_->credit(this->back_tag_, f, ph, t);
    }
    void retag(int tag) override { this->back_tag_ = tag; }
    int tag() const override { return this->back_tag_; }
    link_bw_call& backward() override { return *this; }
    link_fw_call& forward() override { return *this; }
};

/// A bound binding's forward binder: the stock binder, calling MODULE::receive(tag, ...).
template <typename MODULE>
class bound_fw_binder final : public tlm_utils::callback_binder_fw<link_protocol_types>,
                              public binder_end<MODULE> {
  public:
    bound_fw_binder(tlm_utils::multi_socket_base* owner, MODULE& m, int tag)
        : tlm_utils::callback_binder_fw<link_protocol_types>(owner, tag),
          binder_end<MODULE>(m, tag) {}
    tlm::tlm_sync_enum nb_transport_fw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return this->module_.receive(this->tag_, f, ph, t);
    }
};

/// A bound binding's backward binder: the stock binder, calling MODULE::credit(tag, ...).
template <typename MODULE>
class bound_bw_binder final : public tlm_utils::callback_binder_bw<link_protocol_types>,
                              public binder_end<MODULE> {
  public:
    bound_bw_binder(tlm_utils::multi_socket_base* owner, MODULE& m, int tag)
        : tlm_utils::callback_binder_bw<link_protocol_types>(owner, tag),
          binder_end<MODULE>(m, tag) {}
    tlm::tlm_sync_enum nb_transport_bw(flit& f, tlm::tlm_phase& ph, sc_core::sc_time& t) override {
        return this->module_.credit(this->tag_, f, ph, t);
    }
};

/// A socket's binders of one kind, in the order they were made: the first `room` in one block,
/// any more one by one. They stay where they were made until the block goes.
template <typename BINDER>
class binder_block {
  public:
    explicit binder_block(std::size_t room)
        : slots_(room ? new slot[room] : nullptr), room_(room) {}
    binder_block(const binder_block&) = delete;
    binder_block& operator=(const binder_block&) = delete;
    ~binder_block() {
        for (std::size_t i = 0; i < std::min(made_, room_); ++i) in_block(i).~BINDER();
    }

    template <typename... Args>
    BINDER& make(Args&&... args) {
        if (made_ < room_) {
            BINDER* const b =
                ::new (static_cast<void*>(slots_[made_].bytes)) BINDER(std::forward<Args>(args)...);
            ++made_;
            return *b;
        }
        more_.push_back(std::make_unique<BINDER>(std::forward<Args>(args)...));
        ++made_;
        return *more_.back();
    }
    /// The i-th binder made.
    BINDER& at(std::size_t i) { return i < room_ ? in_block(i) : *more_.at(i - room_); }

  private:
    struct slot {
        alignas(BINDER) unsigned char bytes[sizeof(BINDER)];
    };
    BINDER& in_block(std::size_t i) {
        return *std::launder(reinterpret_cast<BINDER*>(slots_[i].bytes));
    }

    std::unique_ptr<slot[]> slots_;
    const std::size_t room_;
    std::size_t made_ = 0;
    std::vector<std::unique_ptr<BINDER>> more_;
};

/// Which of a socket's bindings went through SystemC (bound) and which were connected, so that
/// binding b's binder is found in its block.
class binding_order {
  public:
    /// The next binding, bound or connected: its index.
    int add(bool bound) {
        if (bound) bound_.push_back(count_);
        return count_++;
    }
    int count() const { return count_; }
    std::size_t bound() const { return bound_.size(); }
    /// Binding b: whether it was bound, and its place among the bound or the connected ones.
    std::pair<bool, std::size_t> place(int b) const {
        const auto it = std::lower_bound(bound_.begin(), bound_.end(), b);
        const auto before = static_cast<std::size_t>(it - bound_.begin());
        if (it != bound_.end() && *it == b) return {true, before};
        return {false, static_cast<std::size_t>(b) - before};
    }

  private:
    std::vector<int> bound_;  ///< the bound bindings' indices, ascending
    int count_ = 0;
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
    /// `bindings`: the links the socket will have, if known (room set aside for them).
    link_target_socket(const char* name, MODULE& owner, std::size_t bindings = 0)
        : base(name), owner_(owner), bound_(1) {
        links_.reserve(bindings);
        // The export's own binder, made as base::check_export_binding makes it when a callback
        // is registered: the first bound binding takes it.
        this->m_binders.push_back(&bound_.make(owner_base(), owner_, 0));
        this->m_export_callback_created = true;
        sc_core::sc_export<fw_if>::bind(*this->m_binders.back());
    }
    link_target_socket(const link_target_socket&) = delete;
    link_target_socket& operator=(const link_target_socket&) = delete;
    ~link_target_socket() override { this->m_binders.clear(); }  // bound_ owns them

    using base::get_base_interface;
    /// One binder per bound binding, as the stock socket makes them (the first is the export's).
    fw_if& get_base_interface() override {
        if (this->m_hierarch_bind) this->display_error("Socket already bound hierarchically.");
        const int b = order_.add(true);
        links_.push_back(nullptr);
        if (this->m_export_callback_created) {
            this->m_export_callback_created = false;
            bound_.at(0).retag(b);
        } else {
            this->m_binders.push_back(&bound_.make(owner_base(), owner_, b));
        }
        return *this->m_binders.back();
    }

    /// The module the socket's transports call (a link's forward half calls it).
    MODULE& owner() const { return owner_; }
    /// A link connected to this socket (link_initiator_socket::connect), `end` its forward half:
    /// the next binding, with no binding of our port; `end` is told the binding's index.
    void accept_link(link_fw_end<MODULE>& end) {
        end.retag(order_.add(false));
        links_.push_back(&end);
    }

    /// The bindings, bound and connected (the stock size() counts the binders of its list, the
    /// bound ones).
    unsigned int size() const { return static_cast<unsigned int>(order_.count()); }
    /// Binding b's backward interface: a connected link's backward half, or the interface a
    /// bound binding's initiator gave (the stock operator[]: the bound bindings' alone). Not
    /// after forget_links for a connected link.
    link_bw_call* operator[](int b) {
        const auto [bound, i] = order_.place(b);
        if (!bound && static_cast<std::size_t>(b) < links_.size())
            return &links_[static_cast<std::size_t>(b)]->backward();
        return base::operator[](static_cast<int>(bound ? i : static_cast<std::size_t>(b)));
    }

    /// Binding `binding`'s transports call MODULE::receive(tag, ...) from now on (a connected
    /// link's: not after forget_links).
    void retag(int binding, int tag) {
        const auto [bound, i] = order_.place(binding);
        if (bound)
            bound_.at(i).retag(tag);
        else
            links_[static_cast<std::size_t>(binding)]->retag(tag);
    }
    /// The connected links' table, once its module has read (operator[]) and retagged what it
    /// keeps: their transports go on as they were.
    void forget_links() { std::vector<link_fw_end<MODULE>*>().swap(links_); }

  protected:
    /// A multi-socket initiator binds to the binder made last; its own binder, that binding's
    /// backward interface, is the one its bind gave our port (end_of_elaboration reads it there).
    fw_if* get_last_binder(bw_if* /*other*/) override { return this->m_binders.back(); }
    /// The stock end_of_elaboration with our port's interfaces for the casts: each bound binder
    /// gets the callbacks, and the bound bindings' backward interfaces are the port's, in binding
    /// order (a connected link's is its own backward half).
    void end_of_elaboration() override {
        if (this->m_eoe_disabled || this->m_hierarch_bind) {
            base::end_of_elaboration();  // a hierarchical binding: the stock code throughout
            return;
        }
        if (order_.count() == 0) return;  // unbound
        sc_core::sc_port_b<bw_if>& port = this->get_base_port();
        if (static_cast<std::size_t>(port.size()) != order_.bound())
            this->display_error("Not bound to tlm_socket.");  // a binding not made by a socket
        for (auto* binder : this->m_binders)
            binder->set_callbacks(this->m_nb_f, this->m_b_f, this->m_dmi_f, this->m_dbg_f);
        for (int i = 0; i < port.size(); ++i) this->m_sockets.push_back(port.get_interface(i));
    }

  private:
    /// What a binder is made with (a base the socket's users do not see).
    tlm_utils::multi_socket_base* owner_base() { return this; }

    MODULE& owner_;
    binder_block<bound_fw_binder<MODULE>> bound_;
    binding_order order_;
    /// Per binding until forget_links: a connected link's forward half, else null.
    std::vector<link_fw_end<MODULE>*> links_;
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
    /// `bindings`: the links the socket will have, if known (room set aside for them).
    link_initiator_socket(const char* name, MODULE& owner, std::size_t bindings = 0)
        : base(name), owner_(owner), pairs_(bindings), bound_(1) {
        links_.reserve(bindings);
    }
    link_initiator_socket(const link_initiator_socket&) = delete;
    link_initiator_socket& operator=(const link_initiator_socket&) = delete;
    ~link_initiator_socket() override { this->m_binders.clear(); }  // bound_ owns them

    using base::get_base_interface;
    /// One binder per bound binding, as the stock socket makes them.
    tlm::tlm_bw_transport_if<link_protocol_types>& get_base_interface() override {
        links_.push_back(nullptr);
        this->m_binders.push_back(&bound_.make(owner_base(), owner_, order_.add(true)));
        return *this->m_binders.back();
    }

    /// The bindings, bound and connected (the stock size() counts the bound ones).
    unsigned int size() {
        return this->m_hierarch_bind ? base::size() : static_cast<unsigned int>(order_.count());
    }
    /// Binding b's forward interface: a connected link's forward half, or the interface a bound
    /// binding was bound to (the stock operator[]: the bound bindings' alone). Not after
    /// forget_links for a connected link.
    link_fw_call* operator[](int b) {
        const auto [bound, i] = order_.place(b);
        if (!bound && static_cast<std::size_t>(b) < links_.size())
            return &links_[static_cast<std::size_t>(b)]->forward();
        return base::operator[](static_cast<int>(bound ? i : static_cast<std::size_t>(b)));
    }

    /// Binding `binding`'s credits call MODULE::credit(tag, ...) from now on (a connected link's:
    /// not after forget_links).
    void retag(int binding, int tag) {
        const auto [bound, i] = order_.place(binding);
        if (bound)
            bound_.at(i).retag(tag);
        else
            links_[static_cast<std::size_t>(binding)]->retag(tag);
    }
    /// The connected links' table, once its module has read (operator[]) and retagged what it
    /// keeps: their transports go on as they were.
    void forget_links() { std::vector<link_bw_end<MODULE>*>().swap(links_); }

    /// Connects to a link multi-socket (another router's input) without binding either port
    /// (item 2 above): the next binding of each socket, one link object for both.
    template <typename M>
    void connect(link_target_socket<M>& s) {
        if (this->m_hierarch_bind) {
            this->display_error("Already hierarchically bound.");
            return;
        }
        const int b = order_.add(false);
        if constexpr (std::is_same_v<M, MODULE>) {
            link_pair<MODULE, MODULE>& l = pairs_.make(owner_, b, s.owner(), 0);
            s.accept_link(l);
            links_.push_back(&l);
        } else {  // a link between modules of two kinds: made alone
            auto l = std::make_unique<link_pair<MODULE, M>>(owner_, b, s.owner(), 0);
            s.accept_link(*l);
            links_.push_back(l.get());
            other_pairs_.push_back(std::move(l));
        }
    }

    using base::bind;

    /// Binds to a link multi-socket (another router's input) through SystemC.
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
    binder_block<link_pair<MODULE, MODULE>> pairs_;
    std::vector<std::unique_ptr<link_bw_end<MODULE>>> other_pairs_;
    binder_block<bound_bw_binder<MODULE>> bound_;
    binding_order order_;
    /// Per binding until forget_links: a connected link's backward half, else null.
    std::vector<link_bw_end<MODULE>*> links_;
};

}  // namespace d3
