// Arena's C++ SDK for The Purge: the Player class a bot derives from, as in the Jutge kit.
//
//   #include "Player.hh"
//   #define PLAYER_NAME Mine
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
//
// Build it with `arena build AIMine.cc --game purge -o Mine.wasm`.

#ifndef ARENA_PURGE_PLAYER_HH
#define ARENA_PURGE_PLAYER_HH

#include "Action.hh"
#include "Random.hh"
#include "Settings.hh"
#include "State.hh"
#include "Structs.hh"
#include "Utils.hh"

// Info, Player and Registry are the same for every game.
#include "arena/player.hh"

#endif
