// The native host of Arena's C++ SDK: compiled only into NATIVE builds of a player (a shared
// object made by the host's g++, which `arena calibrate` loads to time the player's native CPU
// against the fuel its WebAssembly build burns on the same match; server/src/cli/native_cpp.rs).
// Never part of a .wasm bot.
//
// In a wasm bot the three host imports of arena/abi.hh (`arena_host_random`, `arena_host_orders`,
// `arena_host_fail`) are provided by the sandbox. Here they are plain functions that call the
// Rust host through function pointers, given once by `arena_native_bind`.
//
// No C++ exception and no longjmp ever crosses into Rust: the host calls the bot only through the
// `arena_native_alloc / start / play` wrappers below, which catch everything and return a status:
//
//   0  the call returned normally;
//   1  the bot stopped: the host already knows why (its `fail` callback ran, or one of its
//      callbacks refused a call, e.g. `random(l, u)` with l > u or too many orders).
//
// How the bot stops, as its wasm build would (frozen, reason `trap`):
//   - `arena_host_fail` (the SDK's fail(), _my_assert) and a refused callback throw the private
//     `Stopped` exception, which unwinds the player's frames (running destructors, as a native
//     kit build would) up to the wrapper;
//   - an exception the player throws and does not catch is reported through `fail` (kind
//     FAIL_EXCEPTION) with its type and what();
//   - abort(), std::terminate() and a failed assert() (glibc's __assert_fail) are defined here,
//     and the object is linked with -Bsymbolic, so that the player's code and the static
//     libstdc++ call these rather than the C library's (which would kill the whole process). They are noexcept and cannot
//     throw: they report through `fail` and longjmp to the wrapper of the current call, skipping
//     the frames in between (the host unloads the object after a failure, so nothing it leaves
//     half-done is used again).
// What still kills the process: a crash (segfault), exit(), the C library's own aborts (heap
// corruption). This host is for trusted reference players, never for uploads.
//
// The player's std::cerr and std::clog are redirected to the host's `stderr` callback, so that
// the host captures them per bot as the sandbox does (C stdio's stderr still goes to the
// process's). Everything here is per shared object: the host loads one copy of the .so per bot
// instance, and the build links libstdc++ statically and hides every symbol but the entry points
// below, so each copy has its own streams and globals.

#include "arena/abi.hh"

#include <cassert>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <streambuf>
#include <string>

// The exports of runtime/arena_runtime.cc and <game>/arena_main.cc.
extern "C" {
uint8_t* arena_alloc(int32_t len);
void arena_start(const uint8_t* ptr, int32_t len);
void arena_play(const uint8_t* ptr, int32_t len);
}

namespace {

// The host's callbacks. Each returns 0 to go on, nonzero to stop the bot (the host has recorded
// why). `ctx` is the host's, passed back unchanged.
typedef int32_t (*RandomFn)(void* ctx, int32_t l, int32_t u, int32_t* out);
typedef int32_t (*OrdersFn)(void* ctx, const void* records, int32_t count);
typedef void (*FailFn)(void* ctx, int32_t kind, const char* text, int32_t len);
typedef void (*StderrFn)(void* ctx, const char* text, int32_t len);

struct Host {
  void* ctx = nullptr;
  RandomFn random = nullptr;
  OrdersFn orders = nullptr;
  FailFn fail = nullptr;
  StderrFn err = nullptr;
};

Host host;

// Thrown to unwind the player's frames once the bot must stop; only the wrappers catch it.
struct Stopped {};

// Sends what the player writes to std::cerr / std::clog to the host, line by line or when flushed.
class HostStderr : public std::streambuf {
 protected:
  int_type overflow(int_type ch) override {
    if (ch == traits_type::eof()) return traits_type::not_eof(ch);
    buf_.push_back(char(ch));
    if (ch == '\n' || buf_.size() >= 4096) flush_buf();
    return ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    buf_.append(s, size_t(n));
    if (buf_.size() >= 4096 || std::memchr(s, '\n', size_t(n)) != nullptr) flush_buf();
    return n;
  }
  int sync() override {
    flush_buf();
    return 0;
  }

 private:
  void flush_buf() {
    if (!buf_.empty() && host.err != nullptr) host.err(host.ctx, buf_.data(), int32_t(buf_.size()));
    buf_.clear();
  }
  std::string buf_;
};

HostStderr host_stderr;

// The streams' own buffers, put back by arena_native_unbind.
std::streambuf* cerr_buf = nullptr;
std::streambuf* clog_buf = nullptr;

// Set while a call into the bot runs: where abort() and assert() leave to.
std::jmp_buf* escape = nullptr;
// Whether the bot already told the host why it stops (then abort() adds nothing).
bool failing = false;

void report(int32_t kind, const std::string& text) {
  if (!failing && host.fail != nullptr) host.fail(host.ctx, kind, text.data(), int32_t(text.size()));
  failing = true;
}

// What stops the bot from a noexcept function: report, then leave the call.
[[noreturn]] void stop_hard(int32_t kind, const std::string& text) {
  report(kind, text);
  if (escape != nullptr) std::longjmp(*escape, 1);
  std::_Exit(134);  // not inside a call from the host: nowhere to go back to
}

// "std::out_of_range: vector::_M_range_check..." for the wasm build's "uncaught exception ..."
std::string type_name(const std::type_info* t) {
  if (t == nullptr) return "unknown type";
  int status = 0;
  char* name = abi::__cxa_demangle(t->name(), nullptr, nullptr, &status);
  std::string out = status == 0 && name != nullptr ? name : t->name();
  std::free(name);
  return out;
}

template <class F>
int32_t run_catching(F& f) {
  try {
    f();
    return 0;
  } catch (const Stopped&) {
  } catch (const std::exception& e) {
    report(arena_sdk::FAIL_EXCEPTION, "uncaught exception " + type_name(&typeid(e)) + ": " + e.what());
  } catch (...) {
    report(arena_sdk::FAIL_EXCEPTION, "uncaught exception of type " + type_name(abi::__cxa_current_exception_type()));
  }
  return 1;
}

// Runs one call into the bot; returns its status (see the top of the file). No local here has a
// destructor, so that the longjmp back to this frame skips nothing of its own.
template <class F>
int32_t guarded(F f) {
  std::jmp_buf env;
  std::jmp_buf* const outer = escape;
  failing = false;
  if (setjmp(env) != 0) {
    escape = outer;
    std::cerr.flush();
    return 1;
  }
  escape = &env;
  const int32_t status = run_catching(f);
  escape = outer;
  std::cerr.flush();
  return status;
}

}  // namespace

extern "C" {

// The host imports of arena/abi.hh, natively.

int32_t arena_host_random(int32_t l, int32_t u) {
  int32_t out = 0;
  if (host.random == nullptr || host.random(host.ctx, l, u, &out) != 0) throw Stopped{};
  return out;
}

void arena_host_orders(const void* records, int32_t count) {
  if (host.orders == nullptr || host.orders(host.ctx, records, count) != 0) throw Stopped{};
}

void arena_host_fail(int32_t kind, const char* text, int32_t len) {
  report(kind, std::string(text != nullptr && len > 0 ? text : "", text != nullptr && len > 0 ? size_t(len) : 0));
  throw Stopped{};
}

// The C library's, replaced inside the object (see the top of the file); the wasm runtime says
// the same words.
void abort() noexcept { stop_hard(arena_sdk::FAIL_ABORT, "abort() called"); }

void __assert_fail(const char* expr, const char* file, unsigned int line, const char* func) noexcept {
  stop_hard(arena_sdk::FAIL_ASSERTION,
            std::string(file) + ":" + std::to_string(line) + ": assertion failed: " + expr + " (in " + func + ")");
}

// The native host's entry points (exported from the shared object; the Rust side looks them up
// by name).

// Sets the host's callbacks; called right after loading, before any other call.
__attribute__((visibility("default"))) void arena_native_bind(void* ctx, RandomFn random, OrdersFn orders,
                                                              FailFn fail, StderrFn err) {
  host.ctx = ctx;
  host.random = random;
  host.orders = orders;
  host.fail = fail;
  host.err = err;
  if (cerr_buf == nullptr) cerr_buf = std::cerr.rdbuf(&host_stderr);
  if (clog_buf == nullptr) clog_buf = std::clog.rdbuf(&host_stderr);
}

// Forgets the host's callbacks (later calls stop the bot; stderr is dropped) and gives the
// streams back their own buffers. Called before unloading, so that the static destructors that
// run then never call into a host that is gone nor flush into a destroyed buffer.
__attribute__((visibility("default"))) void arena_native_unbind() {
  std::cerr.flush();
  host = Host();
  if (cerr_buf != nullptr) std::cerr.rdbuf(cerr_buf);
  if (clog_buf != nullptr) std::clog.rdbuf(clog_buf);
  cerr_buf = clog_buf = nullptr;
}

// arena_alloc(len), its result in *out.
__attribute__((visibility("default"))) int32_t arena_native_alloc(int32_t len, uint8_t** out) {
  return guarded([&] { *out = arena_alloc(len); });
}

__attribute__((visibility("default"))) int32_t arena_native_start(const uint8_t* ptr, int32_t len) {
  return guarded([&] { arena_start(ptr, len); });
}

__attribute__((visibility("default"))) int32_t arena_native_play(const uint8_t* ptr, int32_t len) {
  return guarded([&] { arena_play(ptr, len); });
}

}  // extern "C"
