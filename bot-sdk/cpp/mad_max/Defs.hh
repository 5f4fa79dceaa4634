// Arena's C++ SDK for Mad Max: the file every game's Utils.hh includes for its GAME_NAME and
// VERSION. The Mad Max kit (Mad_Max 1.6) has no Defs.hh and defines no such macros (its
// Settings::version() returns "Mad_Max 1.6" by itself), so this one defines nothing a player
// could see: a kit player may use GAME_NAME or VERSION as its own names.

#ifndef ARENA_DEFS_HH
#define ARENA_DEFS_HH

#endif
