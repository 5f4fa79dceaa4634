// Arena's C++ SDK for the game's kit: the kit's Defs.hh, the game's name and version as the kit
// spells them (Settings::version() returns "ThePurge 1.0").

#ifndef ARENA_DEFS_HH
#define ARENA_DEFS_HH

#define GAME_NAME "ThePurge"
#define VERSION "1.0"

#endif
