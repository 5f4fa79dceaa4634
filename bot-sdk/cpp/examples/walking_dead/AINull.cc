#include "Player.hh"

/**
 * Corpus player for `arena build --game walking-dead`: the kit's empty template, as a student
 * starts from it.
 */
#define PLAYER_NAME Null

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Types and attributes for your player can be defined here.
   */

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
