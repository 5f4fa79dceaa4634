// The game-independent runtime of Arena's C++ SDK: `arena_abi_v1` and `arena_alloc` exports,
// the order buffer, fatal errors, and what C++ exceptions become in the sandbox.
// `arena build` compiles it with every bot; the game's arena_main.cc adds the rest of the ABI.

#include "arena/abi.hh"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <typeinfo>

#include <any>
#include <functional>
#include <optional>
#include <regex>
#include <system_error>
#include <variant>
#include <ios>

namespace arena_sdk {

void fail(const char* format, ...) {
  std::fputs("arena SDK: ", stderr);
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::abort();
}

// Orders are sent in chunks of this many bytes (256 Pandemic records).
static constexpr size_t ORDER_CHUNK = 2048;
alignas(8) static uint8_t order_buf[ORDER_CHUNK];
static size_t order_len = 0;    // bytes queued
static int32_t order_count = 0; // records queued

void flush_orders() {
  if (order_count > 0) arena_host_orders(order_buf, order_count);
  order_len = 0;
  order_count = 0;
}

void clear_orders() {
  order_len = 0;
  order_count = 0;
}

void give_order(const void* record, size_t size) {
  if (order_len + size > ORDER_CHUNK) flush_orders();
  std::memcpy(order_buf + order_len, record, size);
  order_len += size;
  ++order_count;
}

SetupHeader read_setup_header(Reader& r, const char* game) {
  uint32_t version = r.u32();
  if (version != ABI_VERSION) fail("the host speaks ABI version %u; this SDK speaks %u", version, ABI_VERSION);
  size_t n = r.u32();
  const char* name = reinterpret_cast<const char*>(r.bytes(n, "the game name"));
  if (n != std::strlen(game) || std::memcmp(name, game, n) != 0)
    fail("this bot was built for %s, but the match is %.*s", game, int(n), name);
  SetupHeader h;
  h.me = int(r.u32());
  h.nb_players = int(r.u32());
  if (h.nb_players < 1 || h.me < 0 || h.me >= h.nb_players) fail("bad player %d of %d", h.me, h.nb_players);
  return h;
}

}  // namespace arena_sdk

// The host's buffer for views: reused, grown only when a view is longer.
static uint8_t* view_buf = nullptr;
static size_t view_cap = 0;

extern "C" {

__attribute__((export_name("arena_abi_v1"))) void arena_abi_v1() {}

__attribute__((export_name("arena_alloc"))) uint8_t* arena_alloc(int32_t len) {
  size_t need = len > 0 ? size_t(len) : 1;
  if (need > view_cap) {
    std::free(view_buf);
    view_buf = static_cast<uint8_t*>(std::malloc(need));
    if (view_buf == nullptr) arena_sdk::fail("out of memory for a view of %zu bytes", need);
    view_cap = need;
  }
  return view_buf;
}

}  // extern "C"

// ---------------------------------------------------------------------------------------------
// Exceptions. WebAssembly bots run without exception handling (the wasm32-wasi libc++ is built
// without it), but player code compiles with exceptions enabled so that `try`, `catch` and
// `throw` are accepted as in the kit. A `throw` that would reach a handler in a native build
// instead ends the bot here: the message names the exception and its what(), then the bot traps
// (frozen, reason `trap`). `catch` blocks never run.
// ---------------------------------------------------------------------------------------------

namespace {

template <class E>
bool describe_as(const std::type_info* t, void* obj, const char* name) {
  if (*t != typeid(E)) return false;
  std::fprintf(stderr, "arena SDK: uncaught exception %s: %s\n", name, static_cast<E*>(obj)->what());
  return true;
}

void describe(void* obj, const std::type_info* t) {
  if (describe_as<std::out_of_range>(t, obj, "std::out_of_range") ||
      describe_as<std::invalid_argument>(t, obj, "std::invalid_argument") ||
      describe_as<std::length_error>(t, obj, "std::length_error") ||
      describe_as<std::domain_error>(t, obj, "std::domain_error") ||
      describe_as<std::logic_error>(t, obj, "std::logic_error") ||
      describe_as<std::range_error>(t, obj, "std::range_error") ||
      describe_as<std::overflow_error>(t, obj, "std::overflow_error") ||
      describe_as<std::underflow_error>(t, obj, "std::underflow_error") ||
      describe_as<std::runtime_error>(t, obj, "std::runtime_error") ||
      describe_as<std::system_error>(t, obj, "std::system_error") ||
      describe_as<std::regex_error>(t, obj, "std::regex_error") ||
      describe_as<std::ios_base::failure>(t, obj, "std::ios_base::failure") ||
      describe_as<std::bad_alloc>(t, obj, "std::bad_alloc") ||
      describe_as<std::bad_array_new_length>(t, obj, "std::bad_array_new_length") ||
      describe_as<std::bad_cast>(t, obj, "std::bad_cast") ||
      describe_as<std::bad_typeid>(t, obj, "std::bad_typeid") ||
      describe_as<std::bad_function_call>(t, obj, "std::bad_function_call") ||
      describe_as<std::bad_optional_access>(t, obj, "std::bad_optional_access") ||
      describe_as<std::bad_variant_access>(t, obj, "std::bad_variant_access") ||
      describe_as<std::bad_any_cast>(t, obj, "std::bad_any_cast") ||
      describe_as<std::exception>(t, obj, "std::exception"))
    return;
  if (*t == typeid(const char*) || *t == typeid(char*)) {
    std::fprintf(stderr, "arena SDK: uncaught exception (a string): %s\n", *static_cast<const char**>(obj));
  } else if (*t == typeid(std::string)) {
    std::fprintf(stderr, "arena SDK: uncaught exception (a string): %s\n", static_cast<std::string*>(obj)->c_str());
  } else if (*t == typeid(int)) {
    std::fprintf(stderr, "arena SDK: uncaught exception (an int): %d\n", *static_cast<int*>(obj));
  } else {
    std::fprintf(stderr, "arena SDK: uncaught exception of type %s\n", t->name());
  }
}

}  // namespace

extern "C" {

void* __cxa_allocate_exception(size_t size) noexcept {
  void* p = std::malloc(size > 0 ? size : 1);
  if (p == nullptr) arena_sdk::fail("out of memory while throwing an exception");
  return p;
}

void __cxa_free_exception(void* p) noexcept { std::free(p); }

[[noreturn]] void __cxa_throw(void* obj, std::type_info* type, void (*)(void*)) {
  describe(obj, type);
  std::fputs("arena SDK: a thrown exception stops the bot: WebAssembly bots cannot catch exceptions\n", stderr);
  std::abort();
}

[[noreturn]] void __cxa_rethrow() {
  std::fputs("arena SDK: exception rethrown: WebAssembly bots cannot catch exceptions\n", stderr);
  std::abort();
}

}  // extern "C"
