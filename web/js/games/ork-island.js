// Ork Island's part of the viewer: decoding its replay sections, retelling each round (who
// moved, who fought whom, who died where), and drawing the island.
//
// Mirrors engine/src/games/ork_island/replay.rs (sections I and R, docs/replay-format.md §9b)
// and, for the story of a round, engine/src/games/ork_island/rules.rs (execute_move). The
// board, owners, ork columns and moves are read, and the board drawn, with js/grid.js (shared
// with Pandemic). Registers itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var G = root.ArenaGrid || (typeof require !== 'undefined' ? require('../grid.js') : null);

  var WATER = 0, GRASS = 1, FOREST = 2, SAND = 3, CITY = 4, PATH = 5;
  var TYPE_NAMES = ['Water', 'Grass', 'Forest', 'Sand', 'City', 'Path'];
  var TERRAIN = {
    names: TYPE_NAMES,
    city: CITY,
    path: PATH,
    offBoard: WATER,
    ring: 'WATER',
    noCities: function () {
      return 'the board has no city; at least 1 is needed';
    },
    area: 'island',
  };
  /** The parameters giving the health an ork pays to enter each cell type (WATER: never). */
  var COST_PARAMS = [null, 'cost_grass', 'cost_forest', 'cost_sand', 'cost_city', 'cost_path'];
  var DIRS = G.DIRS, DIR_NAMES = G.DIR_NAMES;

  // -------------------------------------------------------------------------------------
  // Board and frames (section I and round bodies, §9b of the format).

  function readBoard(r, rulesVersion) {
    var board = G.readBoard(r, TERRAIN);
    // board.shore[k] = 1 on the cells where dead orks may come back (the GRASS, FOREST or SAND
    // ones of Board::shore). Rules version 2 on: each row's first and last non-WATER cells, the
    // kit's shore. Version 1: any of those types with WATER among its 4 neighbours (the ring is
    // WATER, checked, so every land cell has its 4 neighbours on the board).
    var t = board.types, cols = board.cols;
    var plain = function (k) {
      return t[k] === GRASS || t[k] === FOREST || t[k] === SAND;
    };
    board.shore = new Uint8Array(board.n);
    if (rulesVersion === 1) {
      for (var k = 0; k < board.n; k++) {
        if (!plain(k)) continue;
        if (t[k - cols] === WATER || t[k + cols] === WATER || t[k - 1] === WATER || t[k + 1] === WATER) board.shore[k] = 1;
      }
      return board;
    }
    for (var i = 0; i < board.rows; i++) {
      var first = -1, last = -1;
      for (var j = 0; j < cols; j++) {
        if (t[i * cols + j] === WATER) continue;
        if (first < 0) first = i * cols + j;
        last = i * cols + j;
      }
      if (first >= 0 && plain(first)) board.shore[first] = 1;
      if (last >= 0 && plain(last)) board.shore[last] = 1;
    }
    return board;
  }

  function emptyFrame(nbOrks, board) {
    return {
      index: 0,
      round: 0,
      player: new Uint8Array(nbOrks),
      pos: new Int32Array(nbOrks),
      health: new Int32Array(nbOrks),
      cityOwner: new Int8Array(board.cities.length),
      pathOwner: new Int8Array(board.paths.length),
      moves: new Int32Array(0),
    };
  }

  /** Reads one round body against `prev`. */
  function readBody(r, board, prev) {
    var f = emptyFrame(prev.player.length, board);
    f.round = G.readRound(r);
    G.readPlayers(r, prev.player, f.player, 'ork');
    G.readPositions(r, prev.pos, f.pos, board.n, 'ork');
    G.readColumn(r, prev.health, f.health, 'ork health');
    f.cityOwner = G.readOwners(r, board.cities.length, 'city owner');
    f.pathOwner = G.readOwners(r, board.paths.length, 'path owner');
    f.moves = G.readMoves(r, prev.player.length, 'ork');
    return f;
  }

  function stepFrame(board, prev, bytes) {
    var r = new AR.Reader(bytes);
    var f = readBody(r, board, prev);
    r.finish('a round');
    f.index = prev.index + 1;
    return f;
  }

  // -------------------------------------------------------------------------------------
  // The story of a round: the moves replayed in their order with the rules of rules.rs.

  var BLOCKED = 0, MOVED = 1, EXHAUSTED = 2, WON = 3, LOST = 4, STAYED = 5;
  /** Tie fights (coins the replay does not record) tried at most per round. */
  var TIE_BUDGET = 256;

  /**
   * Replays frame f's moves from `prev`: per move its outcome (BLOCKED, MOVED, EXHAUSTED, WON,
   * LOST, STAYED), target cell and opponent; per ork the player it came back for (-1: it did not
   * die), the cell where it died and its killer (-1: exhaustion). A fight whose healths are
   * equal is a coin: both sides are tried, and the one that ends in frame f is kept. Returns
   * null when no sequence of outcomes ends in frame f.
   */
  function tellRound(board, costs, initialHealth, prev, f) {
    var cols = board.cols, rows = board.rows, U = prev.player.length, moves = f.moves, M = moves.length / 2;
    var s0 = {
      pos: Int32Array.from(prev.pos),
      health: Float64Array.from(prev.health),
      at: new Int32Array(board.n).fill(-1),
      dead: new Int8Array(U).fill(-1),
      deadAt: new Int32Array(U).fill(-1),
      killer: new Int32Array(U).fill(-1),
      outcome: new Int8Array(M),
      target: new Int32Array(M).fill(-1),
      other: new Int32Array(M).fill(-1),
    };
    for (var u = 0; u < U; u++) {
      if (s0.at[prev.pos[u]] >= 0) return null; // two orks on one cell: not this game's frames
      s0.at[prev.pos[u]] = u;
    }
    var budget = TIE_BUDGET;

    function clone(s) {
      var c = {};
      for (var key in s) c[key] = s[key].slice();
      return c;
    }
    function win(s, i, mover, defender, from, to) {
      s.at[to] = -1;
      s.dead[defender] = prev.player[mover];
      s.deadAt[defender] = to;
      s.killer[defender] = mover;
      s.at[from] = -1;
      s.at[to] = mover;
      s.pos[mover] = to;
      s.outcome[i] = WON;
    }
    function lose(s, i, mover, defender, from) {
      s.at[from] = -1;
      s.dead[mover] = prev.player[defender];
      s.deadAt[mover] = from;
      s.killer[mover] = defender;
      s.outcome[i] = LOST;
    }
    function ends(s) {
      for (var u = 0; u < U; u++) {
        if (s.dead[u] >= 0) {
          if (f.player[u] !== s.dead[u] || f.health[u] !== initialHealth) return false;
        } else if (f.player[u] !== prev.player[u] || f.pos[u] !== s.pos[u] || f.health[u] !== s.health[u]) {
          return false;
        }
      }
      return true;
    }
    function run(s, i) {
      for (; i < M; i++) {
        var u = moves[2 * i], d = moves[2 * i + 1];
        // Orders of orks killed earlier in the round are not listed.
        if (s.dead[u] >= 0) return null;
        if (d === 4) {
          s.outcome[i] = STAYED;
          continue;
        }
        var from = s.pos[u];
        var ti = Math.floor(from / cols) + DIRS[d][0], tj = (from % cols) + DIRS[d][1];
        var to = ti * cols + tj;
        if (ti < 0 || tj < 0 || ti >= rows || tj >= cols || board.types[to] === WATER) {
          s.outcome[i] = BLOCKED;
          continue;
        }
        s.target[i] = to;
        var occ = s.at[to];
        if (occ >= 0 && prev.player[occ] === prev.player[u]) {
          s.outcome[i] = BLOCKED;
          continue;
        }
        var h = Math.max(G.I32_MIN, s.health[u] - costs[board.types[to]]);
        s.health[u] = h;
        if (occ < 0) {
          s.at[from] = -1;
          if (h < 0) {
            s.dead[u] = prev.player[u];
            s.deadAt[u] = from;
            s.outcome[i] = EXHAUSTED;
          } else {
            s.at[to] = u;
            s.pos[u] = to;
            s.outcome[i] = MOVED;
          }
          continue;
        }
        s.other[i] = occ;
        var oh = s.health[occ];
        if (h >= 0 && h === oh) {
          if (--budget < 0) return null;
          var alt = clone(s);
          win(alt, i, u, occ, from, to);
          var done = run(alt, i + 1);
          if (done) return done;
          lose(s, i, u, occ, from);
        } else if (h >= 0 && h > oh) {
          win(s, i, u, occ, from, to);
        } else {
          lose(s, i, u, occ, from);
        }
      }
      return ends(s) ? s : null;
    }
    var story = run(s0, 0);
    if (!story) return null;
    delete story.at;
    delete story.pos;
    delete story.health;
    return story;
  }

  // -------------------------------------------------------------------------------------
  // The model.

  function decode(c) {
    var r = new AR.Reader(c.initial);
    var board = readBoard(r, c.header.rules_version);
    var nbOrks = r.bounded(board.n + 1, 'ork count');
    var f0 = readBody(r, board, emptyFrame(nbOrks, board));
    r.finish('the initial state');
    f0.index = 0;

    var F = c.rounds.count + 1;
    var frameBytes = nbOrks * 10 + board.cities.length + board.paths.length + 64;
    var stats = G.newStats(F, ['units', 'cities', 'paths']);
    stats.health = new Float64Array(4 * F);
    var kept = G.decodeFrames(c, f0, frameBytes, function (prev, bytes) {
      return stepFrame(board, prev, bytes);
    }, function (f) {
      G.countFrame(stats, f);
      var o = 4 * f.index;
      for (var k = 0; k < f.player.length; k++) stats.health[o + f.player[k]] += f.health[k];
    });
    return new OrkIslandModel(c, board, nbOrks, kept, stats);
  }

  function OrkIslandModel(c, board, nbOrks, kept, stats) {
    G.initModel(this, c, board, nbOrks, kept, stats, 'Ork Island');
    var params = c.header.params || {};
    var costs = COST_PARAMS.map(function (name) {
      return name === null ? null : params[name];
    });
    // Without the costs (a header that lacks them) the rounds cannot be retold.
    this.costs = costs.every(function (v, t) {
      return t === WATER || Number.isInteger(v);
    }) ? costs : null;
  }

  OrkIslandModel.prototype.step = function (f, bytes) {
    return stepFrame(this.board, f, bytes);
  };

  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  OrkIslandModel.prototype.fields = [
    { key: 'units', label: 'Orks', title: 'orks the player has' },
    { key: 'cities', label: 'Cities', title: 'cities the player owns' },
    { key: 'paths', label: 'Paths', title: 'paths the player owns' },
  ];

  /** The same JSON as `arena replay FILE --frame N`. */
  OrkIslandModel.prototype.frameJson = function (n) {
    var out = this.commonJson(n), f = this.frame(n), cols = this.board.cols;
    out.health = G.slice4(this.stats.health, n);
    out.orks = [];
    for (var u = 0; u < f.player.length; u++) {
      out.orks.push({ id: u, player: f.player[u], row: Math.floor(f.pos[u] / cols), col: f.pos[u] % cols, health: f.health[u] });
    }
    out.city_owner = Array.from(f.cityOwner);
    out.path_owner = Array.from(f.pathOwner);
    out.moves = [];
    for (var i = 0; i < f.moves.length; i += 2) out.moves.push({ ork: f.moves[i], dir: DIR_NAMES[f.moves[i + 1]] });
    return out;
  };

  /** The story of frame n's round (see tellRound), or null (frame 0, or not retellable). */
  OrkIslandModel.prototype.story = function (n) {
    if (n <= 0 || !this.costs) return null;
    var f = this.frame(n);
    if (f.story === undefined) f.story = tellRound(this.board, this.costs, this.initialHealth, this.frame(n - 1), f);
    return f.story;
  };

  /** The fights of frame n's round: [{ at (cell), mover, defender, winner, loser }]. */
  OrkIslandModel.prototype.fights = function (n) {
    var s = this.story(n), f = this.frame(n), out = [];
    if (!s) return out;
    for (var i = 0; i < s.outcome.length; i++) {
      var o = s.outcome[i];
      if (o !== WON && o !== LOST) continue;
      var mover = f.moves[2 * i], defender = s.other[i];
      out.push({
        at: s.target[i],
        mover: mover,
        defender: defender,
        winner: o === WON ? mover : defender,
        loser: o === WON ? defender : mover,
      });
    }
    return out;
  };

  /** Orks that died of exhaustion in frame n's round: [{ ork, at }]. */
  OrkIslandModel.prototype.exhausted = function (n) {
    var s = this.story(n), out = [];
    if (!s) return out;
    for (var u = 0; u < s.dead.length; u++) if (s.dead[u] >= 0 && s.killer[u] < 0) out.push({ ork: u, at: s.deadAt[u] });
    return out;
  };

  /** Whether ork u came back to life at the end of frame n's round. */
  OrkIslandModel.prototype.reborn = function (n, u) {
    if (n <= 0) return false;
    var s = this.story(n);
    if (s) return s.dead[u] >= 0;
    // Without a story: a new player, or a jump of more than one cell back to full health.
    var f = this.frame(n), p = this.frame(n - 1), cols = this.board.cols;
    if (f.player[u] !== p.player[u]) return true;
    var di = Math.abs(Math.floor(f.pos[u] / cols) - Math.floor(p.pos[u] / cols)), dj = Math.abs((f.pos[u] % cols) - (p.pos[u] % cols));
    return di + dj > 1 && f.health[u] === this.initialHealth;
  };

  function orkText(model, f, u) {
    return 'ork ' + u + ' of ' + model.playerText(f.player[u]);
  }

  /** Rows of [label, value] describing ork u in frame n. */
  OrkIslandModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n);
    var rows = [
      ['Ork', String(u)],
      ['Player', this.playerText(f.player[u])],
      ['Position', this.positionText(f.pos[u])],
      ['Health', f.health[u] + ' / ' + this.initialHealth],
      ['Order', G.orderText(f, u, n)],
    ];
    var s = this.story(n);
    if (!s) return rows;
    var prev = this.frame(n - 1);
    for (var i = 0; i < s.outcome.length; i++) {
      var mover = f.moves[2 * i], other = s.other[i], o = s.outcome[i];
      if (mover === u) rows[4][1] += ': ' + outcomeText(this, prev, o, other, s.target[i]);
      else if (other === u && o === WON) rows.push(['Attacked', 'by ' + orkText(this, prev, mover) + ', and lost']);
      else if (other === u && o === LOST) rows.push(['Attacked', 'by ' + orkText(this, prev, mover) + ', and won']);
    }
    if (s.dead[u] >= 0) {
      var how = s.killer[u] >= 0 ? 'killed by ' + orkText(this, prev, s.killer[u]) : 'of exhaustion';
      rows.push(['Died', how + ' at ' + this.positionText(s.deadAt[u]) + '; back on the shore for ' +
        this.playerText(s.dead[u]) + ' with full health']);
    }
    return rows;
  };

  function outcomeText(model, prev, o, other, to) {
    var b = model.board;
    switch (o) {
      case BLOCKED:
        return to < 0 || b.types[to] === WATER ? 'blocked by water' : 'blocked by its own side';
      case MOVED:
        return 'moved, paying ' + model.costs[b.types[to]] + ' health';
      case EXHAUSTED:
        return 'died of exhaustion (health below 0)';
      case WON:
        return 'won a fight against ' + orkText(model, prev, other);
      case LOST:
        return 'lost a fight against ' + orkText(model, prev, other);
      default:
        return 'stayed';
    }
  }

  /** Rows of [label, value] describing cell k in frame n. */
  OrkIslandModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board, t = b.types[k];
    var rows = [['Cell', this.positionText(k) + ' (' + TYPE_NAMES[t].toLowerCase() + ')']];
    if (t === WATER) rows.push(['Cost', 'orks cannot enter water']);
    else if (this.costs) rows.push(['Cost', 'entering costs ' + this.costs[t] + ' health']);
    var region = this.regionRow(f, k);
    if (region) rows.push(region);
    if (b.shore[k]) rows.push(['Shore', 'dead orks come back on the shore']);
    return rows;
  };

  G.mixin(OrkIslandModel.prototype, G.modelMethods);
  OrkIslandModel.prototype.createView = function (canvas, colors) {
    return new OrkIslandView(this, canvas, colors);
  };

  // -------------------------------------------------------------------------------------
  // Drawing.

  /** Terrain colours, as in the kit: blue water, light green grass, deep green forest, light
   * yellow sand, deep grey cities, light grey paths. */
  var CELL_RGB = [
    [40, 66, 110], // water
    [176, 212, 126], // grass
    [64, 122, 66], // forest
    [236, 221, 160], // sand
    [112, 112, 118], // city
    [188, 188, 190], // path
  ];
  var OWNER_TINT = { city: 0.6, path: 0.5 };

  function OrkIslandView(model, canvas, colors) {
    G.initView(this, model, canvas, colors);
  }

  function ownerOf(b, f, k) {
    var t = b.types[k];
    if (t === CITY) return b.cityId[k] >= 0 ? f.cityOwner[b.cityId[k]] : -1;
    if (t === PATH) return b.pathId[k] >= 0 ? f.pathOwner[b.pathId[k]] : -1;
    return -1;
  }

  /** A cell's colour: its terrain; cities and paths tinted with their owner's colour. */
  OrkIslandView.prototype.cellRgb = function (f, k, out) {
    var b = this.model.board, t = b.types[k], base = CELL_RGB[t];
    out[0] = base[0];
    out[1] = base[1];
    out[2] = base[2];
    var owner = ownerOf(b, f, k);
    if (owner >= 0) G.tint(out, this.rgb[owner], t === CITY ? OWNER_TINT.city : OWNER_TINT.path);
  };

  /** Owned cities and paths get a cross-hatch (the kit's "crossed grid") when cells are big. */
  OrkIslandView.prototype.drawHatch = function (ctx, f, c) {
    if (c < 6) return;
    var b = this.model.board, cols = b.cols;
    ctx.beginPath();
    for (var k = 0; k < b.n; k++) {
      if (ownerOf(b, f, k) < 0) continue;
      var x = (k % cols) * c, y = Math.floor(k / cols) * c;
      ctx.moveTo(x, y);
      ctx.lineTo(x + c, y + c);
      ctx.moveTo(x + c, y);
      ctx.lineTo(x, y + c);
    }
    ctx.strokeStyle = 'rgba(0,0,0,0.16)';
    ctx.lineWidth = Math.max(1, c / 12);
    ctx.stroke();
  };

  /**
   * Draws frame n. opts: { anim: 0..1 (orks slide from their previous cells, fights flare up
   * and the dead come back fading in; 1 = still), moves: bool, selected: ork id or -1, hover:
   * cell index or -1 }.
   */
  OrkIslandView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell, cols = b.cols;
    this.drawCells(f);
    this.drawHatch(ctx, f, c);
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var e = G.ease(anim);
    var fights = m.fights(n);
    for (var i = 0; i < fights.length; i++) {
      var k = fights[i].at;
      drawFight(ctx, (k % cols) * c, Math.floor(k / cols) * c, c, this.colors[f.player[fights[i].winner]], e);
    }
    var tired = m.exhausted(n);
    for (i = 0; i < tired.length; i++) {
      k = tired[i].at;
      drawExhausted(ctx, (k % cols) * c, Math.floor(k / cols) * c, c);
    }
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      var xy = this.unitXY(f, prev, u, anim, c);
      var alpha = prev && m.reborn(n, u) ? e : 1;
      this.drawUnit(ctx, f, u, xy[0], xy[1], c, u === opts.selected, alpha);
    }
    if (opts.moves && n > 0) this.drawMoves(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) this.drawHover(ctx, opts.hover, c);
  };

  /** A fight: a white star with an outline in the winner's colour, behind the ork on the cell,
   * its points out of the cell; it flares up while the round is animated (t: 0..1, eased). */
  function drawFight(ctx, x, y, c, color, t, size) {
    var cx = x + c / 2, cy = y + c / 2, R = c * (size || 0.95) * (1 + 0.4 * Math.sin(Math.PI * t)), r = R * 0.62;
    var spikes = 8;
    ctx.beginPath();
    for (var i = 0; i < 2 * spikes; i++) {
      var a = (i * Math.PI) / spikes - Math.PI / 2, d = i % 2 ? r : R;
      if (i) ctx.lineTo(cx + d * Math.cos(a), cy + d * Math.sin(a));
      else ctx.moveTo(cx + d * Math.cos(a), cy + d * Math.sin(a));
    }
    ctx.closePath();
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = Math.max(1, c / 14);
    ctx.strokeStyle = color;
    ctx.stroke();
  }

  /** An ork that died of exhaustion: a dark cross where it stood. */
  function drawExhausted(ctx, x, y, c) {
    var p = c * 0.22;
    ctx.beginPath();
    ctx.moveTo(x + p, y + p);
    ctx.lineTo(x + c - p, y + c - p);
    ctx.moveTo(x + c - p, y + p);
    ctx.lineTo(x + p, y + c - p);
    ctx.lineCap = 'round';
    ctx.lineWidth = Math.max(1.5, c / 6);
    ctx.strokeStyle = 'rgba(20,20,20,0.8)';
    ctx.stroke();
    ctx.lineCap = 'butt';
  }

  /** An ork: a rounded square in its player's colour with a health bar along its bottom (white:
   * health left of initial_health), and its health as a number when cells are big. */
  OrkIslandView.prototype.drawUnit = function (ctx, f, u, x, y, c, selected, alpha) {
    var s = c * 0.8, x0 = x + (c - s) / 2, y0 = y + (c - s) / 2;
    var lw = Math.max(1, c / 14);
    ctx.globalAlpha = alpha === undefined ? 1 : alpha;
    G.roundRect(ctx, x0, y0, s, s, s * 0.2);
    ctx.fillStyle = this.colors[f.player[u]];
    ctx.fill();
    var hp = Math.max(0, Math.min(1, f.health[u] / this.model.initialHealth));
    var bh = Math.max(1, s * 0.24), bx = x0 + s * 0.12, bw = s * 0.76, by = y0 + s - bh - s * 0.1;
    ctx.fillStyle = 'rgba(0,0,0,0.7)';
    ctx.fillRect(bx, by, bw, bh);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(bx, by, bw * hp, bh);
    if (c >= 22) {
      ctx.font = 'bold ' + Math.round(c * 0.36) + 'px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = Math.max(2, c / 10);
      ctx.strokeStyle = 'rgba(0,0,0,0.75)';
      ctx.strokeText(String(f.health[u]), x + c / 2, y0 + s * 0.38);
      ctx.fillStyle = '#ffffff';
      ctx.fillText(String(f.health[u]), x + c / 2, y0 + s * 0.38);
    }
    G.roundRect(ctx, x0, y0, s, s, s * 0.2);
    ctx.lineWidth = lw;
    ctx.strokeStyle = '#111';
    ctx.stroke();
    ctx.globalAlpha = 1;
    if (selected) {
      var g = c * 0.14;
      G.roundRect(ctx, x0 - g, y0 - g, s + 2 * g, s + 2 * g, s * 0.3);
      ctx.lineWidth = Math.max(2, c / 7);
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.lineWidth = Math.max(1, c / 14);
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
  };

  /** Legend entries: { label, draw(ctx, size) }. */
  OrkIslandView.prototype.legend = function () {
    var self = this;
    function cellSwatch(t, owner) {
      return function (ctx, s) {
        var base = CELL_RGB[t].slice();
        if (owner >= 0) G.tint(base, self.rgb[owner], t === CITY ? OWNER_TINT.city : OWNER_TINT.path);
        ctx.fillStyle = G.cssRgb(base);
        ctx.fillRect(0, 0, s, s);
      };
    }
    function orkSwatch(health) {
      return function (ctx, s) {
        cellSwatch(GRASS, -1)(ctx, s);
        self.drawUnit(ctx, { player: [0], health: [health] }, 0, 0, 0, s, false, 1);
      };
    }
    var hp = this.model.initialHealth;
    return [
      { label: 'water (no entry)', draw: cellSwatch(WATER, -1) },
      { label: 'grass', draw: cellSwatch(GRASS, -1) },
      { label: 'forest', draw: cellSwatch(FOREST, -1) },
      { label: 'sand (desert)', draw: cellSwatch(SAND, -1) },
      { label: 'city', draw: cellSwatch(CITY, -1) },
      { label: 'path', draw: cellSwatch(PATH, -1) },
      { label: 'owned city', draw: cellSwatch(CITY, 0) },
      { label: 'owned path', draw: cellSwatch(PATH, 0) },
      { label: 'ork (white bar: health)', draw: orkSwatch(hp) },
      { label: 'ork with 30% health', draw: orkSwatch(Math.round(hp * 0.3)) },
      { label: 'fight (winner\'s colour)', draw: function (ctx, s) {
        cellSwatch(GRASS, -1)(ctx, s);
        drawFight(ctx, 0, 0, s, self.colors[0], 0, 0.5);
      } },
      { label: 'died of exhaustion', draw: function (ctx, s) {
        cellSwatch(SAND, -1)(ctx, s);
        drawExhausted(ctx, 0, 0, s);
      } },
    ];
  };

  G.mixin(OrkIslandView.prototype, G.viewMethods);

  var module_ = {
    name: 'ork-island',
    title: 'Ork Island',
    decode: decode,
    tellRound: tellRound,
    OUTCOMES: { BLOCKED: BLOCKED, MOVED: MOVED, EXHAUSTED: EXHAUSTED, WON: WON, LOST: LOST, STAYED: STAYED },
    CELL_RGB: CELL_RGB,
    DIR_NAMES: DIR_NAMES,
  };
  AR.registerGame('ork-island', module_);
  if (typeof module !== 'undefined' && module.exports) module.exports = module_;
})(typeof self !== 'undefined' ? self : this);
