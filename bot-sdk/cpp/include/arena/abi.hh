// The game-independent part of Arena's C++ SDK: the host imports of the bot ABI
// (docs/bot-abi.md), a little-endian reader for the views, the order buffer, and fatal errors.
//
// Players never include this file directly; the kit headers (Player.hh) do. Everything here is
// in namespace arena_sdk or has an `arena_` prefix, so that it cannot clash with player code.

#ifndef ARENA_ABI_HH
#define ARENA_ABI_HH

#include <cstddef>
#include <cstdint>
#include <cstring>

// Host imports, module "arena".
extern "C" {
// Uniform integer in l..=u from the bot's own random stream (the host traps if l > u).
__attribute__((import_module("arena"), import_name("random"))) int32_t arena_host_random(int32_t l, int32_t u);
// Gives `count` order records stored at `records` (the game's record size each).
__attribute__((import_module("arena"), import_name("orders"))) void arena_host_orders(const void* records,
                                                                                      int32_t count);
// Stops the bot for good: the host freezes it (reason `trap`) with `kind`'s words as the public
// message and `text` (len bytes, the bot's own words) shown to its owner only. Never returns.
__attribute__((import_module("arena"), import_name("fail"), noreturn)) void arena_host_fail(int32_t kind,
                                                                                         const char* text,
                                                                                         int32_t len);
}

namespace arena_sdk {

// What stopped the bot, for arena_host_fail (docs/bot-abi.md, "Freezes").
enum FailKind : int32_t {
  FAIL_PANIC = 1,      // a Rust panic
  FAIL_EXCEPTION = 2,  // an uncaught C++ exception
  FAIL_ASSERTION = 3,  // assert(), _my_assert
  FAIL_ABORT = 4,      // abort(), std::terminate()
  FAIL_SDK = 5,        // the SDK found something it cannot go on with
};

// ABI version this SDK speaks.
constexpr uint32_t ABI_VERSION = 1;

// Stops the bot through arena_host_fail (FAIL_SDK): the host freezes it (reason `trap`) and shows
// "arena SDK: <message>" to the bot's owner. printf-style. For what the SDK cannot go on with
// (a view it cannot read); never for a player's bad argument, which only warns.
[[noreturn]] void fail(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Prints "warning: <message>" on stderr, as the kits' accessors do on a bad argument; printf-style.
// Every warning is written, as the kit's game master does (a local `arena run --stderr` shows them
// all; the server keeps the start and the end, a repeated line once with its count).
void warn(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Queues one order record of `size` bytes (the game's record size, always the same for a game).
// Records are sent to the host in chunks, and at the end of the round by flush_orders().
void give_order(const void* record, size_t size);

// Sends the queued records to the host. The game's arena_play calls it after play().
void flush_orders();

// Forgets queued records (at the start of a round).
void clear_orders();

// The little-endian i32 at p in a view (no alignment): for the fields read in place.
inline int32_t view_i32(const uint8_t* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Reads a view: little-endian fields without padding or alignment.
class Reader {
 public:
  Reader(const uint8_t* data, size_t len) : p_(data), end_(data + len) {}

  // Fails unless `n` more bytes are there.
  void need(size_t n, const char* what) const {
    if (size_t(end_ - p_) < n) fail("the view is too short (reading %s)", what);
  }
  uint8_t u8() {
    need(1, "a byte");
    return *p_++;
  }
  uint32_t u32() {
    need(4, "an integer");
    uint32_t v;
    std::memcpy(&v, p_, 4);
    p_ += 4;
    return v;
  }
  int32_t i32() { return int32_t(u32()); }
  int64_t i64() {
    need(8, "an integer");
    int64_t v;
    std::memcpy(&v, p_, 8);
    p_ += 8;
    return v;
  }
  double f64() {
    need(8, "a float");
    double v;
    std::memcpy(&v, p_, 8);
    p_ += 8;
    return v;
  }
  // A count of items of `item_size` bytes each that must all be in the view.
  size_t count(size_t item_size, const char* what) {
    int32_t n = i32();
    if (n < 0) fail("negative count of %s in the view", what);
    need(size_t(n) * item_size, what);
    return size_t(n);
  }
  // `n` raw bytes; the pointer stays valid until the host writes the next view.
  const uint8_t* bytes(size_t n, const char* what) {
    need(n, what);
    const uint8_t* b = p_;
    p_ += n;
    return b;
  }
  size_t left() const { return size_t(end_ - p_); }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

// Reads and checks the common header of the setup view (ABI version, game name, me, players).
struct SetupHeader {
  int me;
  int nb_players;
};
SetupHeader read_setup_header(Reader& r, const char* game);

}  // namespace arena_sdk

// Registers the player class: the last line of a player file, `RegisterPlayer(PLAYER_NAME);`.
// It defines the symbols the game's arena_main.cc starts from, so a bot has exactly one:
// `arena build` says so when a file lacks it or two files have it.
#define RegisterPlayer(name) ARENA_REGISTER_PLAYER_(name)
#define ARENA_REGISTER_PLAYER_(name)                                        \
  static int arena_registration_ = Registry::Register(#name, name::factory); \
  extern "C" ::Player* arena_new_player() { return name::factory(); }        \
  extern "C" const char arena_player_name[] = #name

#endif
