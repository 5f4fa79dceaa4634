// Arena's C++ SDK for Mad Max: the Player class a bot derives from, as in the Jutge kit.
//
//   #include "Player.hh"
//   #define PLAYER_NAME Mine
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
//
// Build it with `arena build AIMine.cc --game mad-max -o Mine.wasm`.

#ifndef ARENA_MAD_MAX_PLAYER_HH
#define ARENA_MAD_MAX_PLAYER_HH

#include "Action.hh"
#include "Random.hh"
#include "Settings.hh"
#include "State.hh"
#include "Structs.hh"
#include "Utils.hh"

// Info, Player and Registry are the same for every game, but this kit's Info has no ok().
#define ARENA_INFO_WITHOUT_OK
#include "arena/player.hh"

// The kit's Registry.hh defines this helper of its RegisterPlayer; a player may use it too.
#ifndef _stringification
#define _stringification(s) #s
#endif

#endif
