// Arena's C++ SDK: the kits' Player class, Info and Registry, the same for every game. Each
// game's Player.hh includes its Settings, State and Action, then this file.
//
//   #include "Player.hh"
//   #define PLAYER_NAME Mine
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);

#ifndef ARENA_PLAYER_HH
#define ARENA_PLAYER_HH

#include "Random.hh"
#include "Utils.hh"

// The kit's Info: the settings and the state together (here State already has the settings).
class Info : public State {
 public:
#ifndef ARENA_INFO_WITHOUT_OK
  // The kit checks its own state's invariants with it; the SDK's state is built consistent
  // from the host's view, so it always holds. A kit without it (Mad Max) defines
  // ARENA_INFO_WITHOUT_OK: there a player's own ok(...) must not be hidden by this one.
  bool ok() const { return true; }
#endif
};

class Player : public Info, public Random_generator, public Action {
 public:
  virtual ~Player() {}

  // Called once per round: read the state, give orders. Does nothing unless overridden.
  virtual void play() {}

  // This player's id (0..3).
  int me() const { return arena_me_; }

 private:
  friend struct arena_sdk::Runtime;
  int arena_me_ = -1;
};

// The kit's registry of player classes by name. RegisterPlayer(name) registers the player here
// as in the kit; the runtime starts the player from the symbols RegisterPlayer defines (see
// arena/abi.hh), so a bot has exactly one player.
class Registry {
 public:
  typedef Player* (*Factory)();

  // Registers a player class; returns 999, as the kit does.
  static int Register(const char* name, Factory fact) {
    players()[name] = fact;
    return 999;
  }

  // A new player of the class registered under this name; stops the bot if there is none.
  static Player* new_player(string name) {
    auto it = players().find(name);
    _my_assert(it != players().end(), "Player " + name + " not registered.");
    return it->second();
  }

  // Prints the registered names, one per line.
  static void print_players(ostream& os) {
    for (const auto& it : players()) os << it.first << endl;
  }

 private:
  static map<string, Factory>& players() {
    static map<string, Factory> registered;
    return registered;
  }
};

#endif
