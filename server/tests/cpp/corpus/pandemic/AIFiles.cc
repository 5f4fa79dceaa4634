#include <fstream>
#include "Player.hh"

/**
 * Corpus player for `arena build --game pandemic`: what a student's file uses that g++ gives
 * and the sandbox must too. `uint`, `ushort` and `ulong` (glibc's names), and file streams: a
 * debug log written every round (`ofstream log("debug.txt"); log << ...`), a board read with
 * `ifstream`, an `fstream` and a `filebuf`. A bot has no files, so every open fails as a real one
 * that fails does: it prints what the streams say in the first round, and "files round R" in
 * the last one, for the test; it gives no orders. It includes <fstream> itself, before
 * Player.hh, as some students do.
 */
#define PLAYER_NAME Files

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  ofstream log;

  virtual void play () {
    uint n = my_units(me()).size();
    ushort r = round();
    ulong total = 0;
    for (uint i = 0; i < n; ++i) total += i;
    if (r == 0) {
      log.open("debug.txt");
      cerr << "sizes " << sizeof(uint) << " " << sizeof(ushort) << " " << sizeof(ulong)
           << " wrap " << (uint(-1) == UINT_MAX) << " units " << (n > 0) << endl;
      cerr << "ofstream open " << log.is_open() << " fail " << log.fail()
           << " buf " << log.rdbuf()->is_open() << endl;

      ifstream in("board.txt");
      int x = 7;
      in >> x;
      string line;
      bool got = bool(getline(in, line));
      cerr << "ifstream open " << in.is_open() << " fail " << in.fail() << " x " << x
           << " line " << got << endl;

      fstream io;
      io.open(string("state.txt"), ios::in | ios::out | ios::app);
      io << "state " << r << endl;
      int y = 3;
      io >> y;
      cerr << "fstream open " << io.is_open() << " fail " << io.fail() << " y " << y << endl;
      io.close();

      filebuf fb;
      cerr << "filebuf open " << (fb.open("raw.txt", ios::out) != nullptr) << " " << fb.is_open() << endl;

      // Cleared, the stream writes into a buffer that is not open: the write fails, as g++'s.
      ofstream again("again.txt", ios::app);
      again.clear();
      again << "x" << flush;
      cerr << "cleared bad " << again.bad() << endl;
    }
    log << "round " << r << " " << units_line(n, total) << endl;
    if (r == nb_rounds() - 1) cerr << "files round " << r << " log good " << log.good() << endl;
  }

  static string units_line (uint n, ulong total) {
    ostringstream oss;
    oss << n << " units, " << total;
    return oss.str();
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
