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

// Stops the bot with kind and text (see arena_host_fail).
[[noreturn]] static void stop(FailKind kind, const std::string& text) {
  arena_host_fail(kind, text.data(), int32_t(text.size()));
}

static std::string vformat(const char* format, va_list args) {
  char buf[1024];
  int n = std::vsnprintf(buf, sizeof buf, format, args);
  return std::string(buf, n < 0 ? 0 : size_t(n) < sizeof buf ? size_t(n) : sizeof buf - 1);
}

void fail(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string text = "arena SDK: " + vformat(format, args);
  va_end(args);
  stop(FAIL_SDK, text);
}

void warn(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string line = "warning: " + vformat(format, args) + "\n";
  va_end(args);
  std::fputs(line.c_str(), stderr);
}

void my_assert_failed(const char* cond, const std::string& msg, const char* file, int line) {
  std::fprintf(stderr, "error: %s\n", msg.c_str());
  stop(FAIL_ASSERTION, std::string(file) + ":" + std::to_string(line) + ": assertion failed: " + cond + ": " + msg);
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
// What stops a WebAssembly bot: assert(), abort(), std::terminate() and C++ exceptions. Each
// reaches the host through arena_host_fail with words a student understands, instead of a bare
// `unreachable` trap. Native builds (arena calibrate) keep the C++ library's own behaviour.
// ---------------------------------------------------------------------------------------------

#if defined(__wasm__)

extern "C" {

// assert(cond) in the player's code (wasi-libc's assert calls it).
void __assert_fail(const char* expr, const char* file, int line, const char* func) {
  arena_sdk::stop(arena_sdk::FAIL_ASSERTION,
                  std::string(file) + ":" + std::to_string(line) + ": assertion failed: " + expr + " (in " + func + ")");
}

// abort(), and std::terminate() (libc++abi's default handler calls abort).
void abort(void) { arena_sdk::stop(arena_sdk::FAIL_ABORT, "abort() called"); }

}  // extern "C"

// WebAssembly bots run without exception handling (the wasm32-wasi libc++ is built without it),
// but player code compiles with exceptions enabled so that `try`, `catch` and `throw` are
// accepted as in the kit. A `throw` ends the bot here: the message names the exception and its
// what() (frozen, reason `trap`). `catch` blocks never run.

namespace {

template <class E>
bool describe_as(const std::type_info* t, void* obj, const char* name, std::string& out) {
  if (*t != typeid(E)) return false;
  out = std::string("uncaught exception ") + name + ": " + static_cast<E*>(obj)->what();
  return true;
}

std::string describe(void* obj, const std::type_info* t) {
  std::string out;
  if (describe_as<std::out_of_range>(t, obj, "std::out_of_range", out) ||
      describe_as<std::invalid_argument>(t, obj, "std::invalid_argument", out) ||
      describe_as<std::length_error>(t, obj, "std::length_error", out) ||
      describe_as<std::domain_error>(t, obj, "std::domain_error", out) ||
      describe_as<std::logic_error>(t, obj, "std::logic_error", out) ||
      describe_as<std::range_error>(t, obj, "std::range_error", out) ||
      describe_as<std::overflow_error>(t, obj, "std::overflow_error", out) ||
      describe_as<std::underflow_error>(t, obj, "std::underflow_error", out) ||
      describe_as<std::runtime_error>(t, obj, "std::runtime_error", out) ||
      describe_as<std::system_error>(t, obj, "std::system_error", out) ||
      describe_as<std::regex_error>(t, obj, "std::regex_error", out) ||
      describe_as<std::ios_base::failure>(t, obj, "std::ios_base::failure", out) ||
      describe_as<std::bad_alloc>(t, obj, "std::bad_alloc", out) ||
      describe_as<std::bad_array_new_length>(t, obj, "std::bad_array_new_length", out) ||
      describe_as<std::bad_cast>(t, obj, "std::bad_cast", out) ||
      describe_as<std::bad_typeid>(t, obj, "std::bad_typeid", out) ||
      describe_as<std::bad_function_call>(t, obj, "std::bad_function_call", out) ||
      describe_as<std::bad_optional_access>(t, obj, "std::bad_optional_access", out) ||
      describe_as<std::bad_variant_access>(t, obj, "std::bad_variant_access", out) ||
      describe_as<std::bad_any_cast>(t, obj, "std::bad_any_cast", out) ||
      describe_as<std::exception>(t, obj, "std::exception", out))
    return out;
  if (*t == typeid(const char*) || *t == typeid(char*)) return std::string("uncaught exception (a string): ") + *static_cast<const char**>(obj);
  if (*t == typeid(std::string)) return "uncaught exception (a string): " + *static_cast<std::string*>(obj);
  if (*t == typeid(int)) return "uncaught exception (an int): " + std::to_string(*static_cast<int*>(obj));
  if (*t == typeid(long long)) return "uncaught exception (an integer): " + std::to_string(*static_cast<long long*>(obj));
  if (*t == typeid(double)) return "uncaught exception (a double): " + std::to_string(*static_cast<double*>(obj));
  // A class of the player's own: its mangled name, which the host demangles (libc++abi's
  // demangler would be over half of a small bot's code, compiled and loaded with every bot).
  return std::string("uncaught exception of type _ZTS") + t->name();
}

}  // namespace

extern "C" {

void* __cxa_allocate_exception(size_t size) noexcept {
  void* p = std::malloc(size > 0 ? size : 1);
  if (p == nullptr) arena_sdk::stop(arena_sdk::FAIL_EXCEPTION, "out of memory while throwing an exception");
  return p;
}

void __cxa_free_exception(void* p) noexcept { std::free(p); }

[[noreturn]] void __cxa_throw(void* obj, std::type_info* type, void (*)(void*)) {
  arena_sdk::stop(arena_sdk::FAIL_EXCEPTION, describe(obj, type) + " (WebAssembly bots cannot catch exceptions)");
}

[[noreturn]] void __cxa_rethrow() {
  arena_sdk::stop(arena_sdk::FAIL_EXCEPTION, "exception rethrown (WebAssembly bots cannot catch exceptions)");
}

}  // extern "C"

// memset, memcpy and memmove for the whole bot (they take the place of wasi-libc's): a large
// fill or copy is one bulk-memory instruction, which wasmtime runs at the host's memcpy speed,
// a small one an 8-byte loop. wasi-libc's versions run a word at a time in wasm code, a sixth of
// a BFS player's time (`vector<int> dist(n, -1)` every search; bot-sdk/README.md, "Speed").
// `arena build` compiles this file alone with -mbulk-memory, so that only these three functions
// use the instructions: a player's own small copies stay inline loads and stores. A bulk
// instruction costs one unit of fuel whatever its length (wasmtime's metering), as it does for
// any bot that uses them. `no_builtin`: the loops must not be turned back into calls to
// themselves.

#if defined(__wasm_bulk_memory__)

namespace {

// From this length on, the bulk instruction (a call into the host) is cheaper than the loop.
constexpr size_t BULK_FROM = 256;

inline void copy_forward(unsigned char* d, const unsigned char* s, size_t n) {
  for (; n >= 8; n -= 8, d += 8, s += 8) {
    uint64_t w;
    __builtin_memcpy(&w, s, 8);
    __builtin_memcpy(d, &w, 8);
  }
  for (; n > 0; --n) *d++ = *s++;
}

}  // namespace

extern "C" {

__attribute__((no_builtin("memset", "memcpy", "memmove"))) void* memset(void* dst, int c, size_t n) {
  unsigned char* d = static_cast<unsigned char*>(dst);
  if (n >= BULK_FROM) {
    __builtin_memset(d, c, n);
    return dst;
  }
  uint64_t w = 0x0101010101010101ull * static_cast<unsigned char>(c);
  for (; n >= 8; n -= 8, d += 8) __builtin_memcpy(d, &w, 8);
  for (; n > 0; --n) *d++ = static_cast<unsigned char>(c);
  return dst;
}

__attribute__((no_builtin("memset", "memcpy", "memmove"))) void* memcpy(void* __restrict dst, const void* __restrict src,
                                                                       size_t n) {
  if (n >= BULK_FROM) {
    __builtin_memcpy(dst, src, n);
    return dst;
  }
  copy_forward(static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), n);
  return dst;
}

__attribute__((no_builtin("memset", "memcpy", "memmove"))) void* memmove(void* dst, const void* src, size_t n) {
  unsigned char* d = static_cast<unsigned char*>(dst);
  const unsigned char* s = static_cast<const unsigned char*>(src);
  if (n >= BULK_FROM) {
    __builtin_memmove(d, s, n);  // memory.copy allows overlap
  } else if (d <= s || d >= s + n) {
    // Forward, 8 bytes read before they are written: safe while the destination is lower.
    copy_forward(d, s, n);
  } else {
    // The destination overlaps the end of the source: backward.
    d += n;
    s += n;
    for (; n >= 8; n -= 8) {
      d -= 8;
      s -= 8;
      uint64_t w;
      __builtin_memcpy(&w, s, 8);
      __builtin_memcpy(d, &w, 8);
    }
    while (n-- > 0) *--d = *--s;
  }
  return dst;
}

}  // extern "C"

#endif  // __wasm_bulk_memory__

#endif  // __wasm__
