// The Walking Dead's part of the viewer: decoding its replay sections, retelling each round
// (moves, fights, zombie kills, bites, the clan switch) and drawing the city.
//
// Mirrors engine/src/games/walking_dead/replay.rs (docs/replay-format.md): the board is street
// or waste, the units columns (type, player, position, conversion counter), owners as the
// changes beyond those the alive units imply, food, the clans' counters and the round's story.
// Frames, the scoreboard figures and the drawing helpers come from js/grid.js. Registers itself
// with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var G = root.ArenaGrid || (typeof require !== 'undefined' ? require('../grid.js') : null);
  var corrupt = AR.corrupt;

  var ALIVE = 0, DEAD = 1, ZOMBIE = 2;
  var KIND_NAMES = ['alive', 'dead', 'zombie'];
  /** The kit's eight directions, counter-clockwise from Down: [row, column] steps. */
  var DIRS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
  var DIR_NAMES = ['Down', 'DR', 'Right', 'RU', 'Up', 'UL', 'Left', 'LD'];
  var I32_MIN = G.I32_MIN, I32_MAX = G.I32_MAX;

  // -------------------------------------------------------------------------------------
  // Board and frames.

  function readBoard(r) {
    var rows = r.bounded(1001, 'rows');
    var cols = r.bounded(1001, 'cols');
    var n = rows * cols;
    var raw = r.bytes(n, 'cells');
    var waste = new Uint8Array(n);
    for (var k = 0; k < n; k++) {
      if (raw[k] > 1) throw corrupt('cell type ' + raw[k]);
      waste[k] = raw[k];
    }
    return { rows: rows, cols: cols, n: n, waste: waste };
  }

  function baseline(nbUnits, board) {
    var f = {
      index: 0,
      round: 0,
      kind: new Uint8Array(nbUnits),
      player: new Int8Array(nbUnits).fill(-1),
      pos: new Int32Array(nbUnits),
      rfz: new Int32Array(nbUnits).fill(-1),
      owner: new Int8Array(board.n).fill(-1),
      food: new Int32Array(0),
      strengthPoints: [0, 0, 0, 0],
      zombiesKilled: [0, 0, 0, 0],
      fightsWon: [0, 0, 0, 0],
      moves: new Int32Array(0),
      fights: [],
      zombieKills: [],
      bites: [],
      clanSwitch: null,
    };
    return f;
  }


  /** The moves: per player of the mover a count, each unit as its rank among that player's
   * units not named yet, straight directions as 2-bit fields and the diagonal ones apart; then
   * the execution order as 2-bit player fields. Returns [unit, dir, unit, dir, ...] in
   * execution order. */
  function readMoves(r, prev) {
    var nbUnits = prev.player.length;
    var owner = function (u) { return Math.min(3, Math.max(0, prev.player[u])); };
    var groups = [], total = 0;
    for (var p = 0; p < 4; p++) {
      var len = r.bounded(nbUnits + 1, 'move count');
      var left = [];
      for (var u = 0; u < nbUnits; u++) if (owner(u) === p) left.push(u);
      var units = [];
      for (var i = 0; i < len; i++) {
        var rank = r.varint('moved unit');
        if (!(rank < left.length)) throw corrupt('moved unit out of range');
        units.push(left.splice(rank, 1)[0]);
      }
      var codes = G.readPacked(r, len, 2, 'move directions');
      for (i = 0; i < len; i++) codes[i] *= 2;
      var diagonal = r.bounded(len + 1, 'diagonal move count');
      for (i = 0; i < diagonal; i++) {
        var at = r.bounded(len, 'diagonal move');
        codes[at] = r.u8('diagonal direction');
      }
      var g = [];
      for (i = 0; i < len; i++) {
        if (codes[i] > 7) throw corrupt('direction ' + codes[i]);
        g.push([units[i], codes[i]]);
      }
      groups.push({ moves: g, next: 0 });
      total += len;
    }
    var order = G.readPacked(r, total, 2, 'move order');
    var out = new Int32Array(2 * total);
    for (i = 0; i < total; i++) {
      var grp = groups[order[i]];
      if (grp.next >= grp.moves.length) throw corrupt('move order names a player with no move left');
      var m = grp.moves[grp.next++];
      out[2 * i] = m[0];
      out[2 * i + 1] = m[1];
    }
    return out;
  }

  function clan(r, what) {
    var c = r.u8(what);
    if (c >= 4) throw corrupt(what + ' ' + c + ' is not a player');
    return c;
  }

  function readBody(r, board, prev) {
    var U = prev.kind.length, cols = board.cols, cells = board.n;
    var f = baseline(U, board);
    f.round = G.readRound(r);
    for (var u = 0; u < U; u++) {
      var kind = prev.kind[u] ^ r.u8('unit type');
      if (kind > 2) throw corrupt('unit ' + u + ' has type ' + kind);
      f.kind[u] = kind;
    }
    for (u = 0; u < U; u++) {
      var pl = ((prev.player[u] + 1) ^ r.u8('unit player')) - 1;
      if (pl < -1 || pl > 3) throw corrupt('unit ' + u + ' has player ' + pl);
      f.player[u] = pl;
    }
    f.moves = readMoves(r, prev);
    // Positions are differences from where each unit's first straight move would take it.
    var guess = Int32Array.from(prev.pos);
    var moved = new Uint8Array(U);
    for (var i = 0; i < f.moves.length; i += 2) {
      var mu = f.moves[i], d = f.moves[i + 1];
      if (d % 2 === 0 && !moved[mu]) {
        moved[mu] = 1;
        guess[mu] += DIRS[d][0] * cols + DIRS[d][1];
      }
    }
    for (u = 0; u < U; u++) {
      var k = guess[u] + r.signed('unit position');
      if (!(k >= 0 && k < cells)) throw corrupt('unit ' + u + ' is off the board');
      f.pos[u] = k;
    }
    for (u = 0; u < U; u++) {
      var v = prev.rfz[u] + r.signed('unit counter');
      if (v < I32_MIN || v > I32_MAX) throw corrupt('unit counter out of range');
      f.rfz[u] = v;
    }
    // Owners: every alive unit owns its cell, then the listed changes.
    f.owner.set(prev.owner);
    for (u = 0; u < U; u++) if (f.kind[u] === ALIVE && f.player[u] >= 0) f.owner[f.pos[u]] = f.player[u];
    var changed = G.readCells(r, cells, 'owner change');
    for (i = 0; i < changed.length; i++) {
      var o = r.u8('owner');
      if (o > 4) throw corrupt('owner ' + o + ' out of range');
      f.owner[changed[i]] = o - 1;
    }
    f.food = G.readCells(r, cells, 'food');
    [f.strengthPoints, f.zombiesKilled, f.fightsWon].forEach(function (a, j) {
      var before = [prev.strengthPoints, prev.zombiesKilled, prev.fightsWon][j];
      for (var c = 0; c < 4; c++) a[c] = before[c] + r.signed('clan count');
    });
    var nf = r.bounded(U * 4 + 1, 'fight count');
    for (i = 0; i < nf; i++) {
      var a = r.bounded(U, 'attacker'), b = r.bounded(U, 'defender'), flags = r.u8('fight flags');
      f.fights.push({ attacker: a, defender: b, surprise: (flags & 1) !== 0, attacker_won: (flags & 2) !== 0 });
    }
    var nk = r.bounded(U + 1, 'zombie kill count');
    for (i = 0; i < nk; i++) f.zombieKills.push([r.bounded(U, 'killed zombie'), clan(r, 'killer clan')]);
    var nb = r.bounded(U + 1, 'bite count');
    for (i = 0; i < nb; i++) f.bites.push([r.bounded(U, 'biting zombie'), r.bounded(U, 'bitten unit')]);
    var sw = r.u8('clan switch');
    if (sw === 1) f.clanSwitch = [r.bounded(U, 'switched unit'), clan(r, 'clan left'), clan(r, 'clan joined')];
    else if (sw !== 0) throw corrupt('clan switch flag ' + sw);
    return f;
  }

  function stepFrame(board, prev, bytes) {
    var r = new AR.Reader(bytes);
    var f = readBody(r, board, prev);
    r.finish('a round');
    f.index = prev.index + 1;
    return f;
  }

  /** floor(points / alive units), 0 with none. */
  function strength(points, alive) {
    return alive > 0 ? Math.floor(points / alive) : 0;
  }

  // -------------------------------------------------------------------------------------
  // The model.

  function decode(c) {
    var r = new AR.Reader(c.initial);
    var board = readBoard(r);
    var nbUnits = r.bounded(board.n + 1, 'unit count');
    var f0 = readBody(r, board, baseline(nbUnits, board));
    r.finish('the initial state');
    f0.index = 0;
    var F = c.rounds.count + 1;
    var snapBytes = 2 * board.n + nbUnits * 12 + 256;
    var stats = G.newStats(F, ['alive', 'dead', 'cells', 'strength']);
    var kept = G.decodeFrames(c, f0, snapBytes, function (prev, bytes) {
      return stepFrame(board, prev, bytes);
    }, function (f) {
      var o = 4 * f.index, k;
      for (k = 0; k < f.kind.length; k++) {
        if (f.player[k] < 0) continue;
        if (f.kind[k] === ALIVE) stats.alive[o + f.player[k]]++;
        else if (f.kind[k] === DEAD) stats.dead[o + f.player[k]]++;
      }
      for (k = 0; k < f.owner.length; k++) if (f.owner[k] >= 0) stats.cells[o + f.owner[k]]++;
      for (var p = 0; p < 4; p++) stats.strength[o + p] = strength(f.strengthPoints[p], stats.alive[o + p]);
    });
    return new WalkingDeadModel(c, board, nbUnits, kept, stats);
  }

  function WalkingDeadModel(c, board, nbUnits, kept, stats) {
    G.initModel(this, c, board, nbUnits, kept, stats, 'The Walking Dead');
    var p = c.header.params || {};
    this.roundsToZombie = p.rounds_before_becoming_zombie || 5;
  }

  WalkingDeadModel.prototype.step = function (f, bytes) {
    return stepFrame(this.board, f, bytes);
  };
  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  WalkingDeadModel.prototype.fields = [
    { key: 'alive', label: 'Alive', title: 'alive units of the clan' },
    { key: 'dead', label: 'Dead', title: 'dead units of the clan, turning into zombies' },
    { key: 'cells', label: 'Cells', title: 'cells the clan owns' },
    { key: 'strength', label: 'Strength', title: 'strength points / alive units, rounded down' },
  ];

  /** The same JSON as `arena replay FILE --frame N`. */
  WalkingDeadModel.prototype.frameJson = function (n) {
    var f = this.frame(n), s = this.stats, cols = this.board.cols;
    var units = [], zombies = 0;
    for (var u = 0; u < f.kind.length; u++) {
      if (f.kind[u] === ZOMBIE) zombies++;
      units.push({
        id: u,
        kind: KIND_NAMES[f.kind[u]],
        player: f.player[u],
        row: Math.floor(f.pos[u] / cols),
        col: f.pos[u] % cols,
        rounds_for_zombie: f.rfz[u],
      });
    }
    var moves = [];
    for (var i = 0; i < f.moves.length; i += 2) moves.push([f.moves[i], DIR_NAMES[f.moves[i + 1]]]);
    return {
      round: f.round,
      scores: this.scores(n),
      cpu: this.cpu(n),
      frozen: this.frozen(n),
      alive: G.slice4(s.alive, n),
      dead: G.slice4(s.dead, n),
      zombies: zombies,
      cells: G.slice4(s.cells, n),
      strength_points: f.strengthPoints.slice(),
      strength: G.slice4(s.strength, n),
      zombies_killed: f.zombiesKilled.slice(),
      fights_won: f.fightsWon.slice(),
      food: Array.prototype.map.call(f.food, function (k) {
        return [Math.floor(k / cols), k % cols];
      }),
      units: units,
      moves: moves,
      fights: f.fights.map(function (x) {
        return { attacker: x.attacker, defender: x.defender, surprise: x.surprise, attacker_won: x.attacker_won };
      }),
      bites: f.bites.map(function (b) {
        return b.slice();
      }),
      clan_switch: f.clanSwitch ? f.clanSwitch.slice() : null,
    };
  };

  WalkingDeadModel.prototype.foodAt = function (f) {
    if (f.foodAt) return f.foodAt;
    var a = new Uint8Array(this.board.n);
    for (var i = 0; i < f.food.length; i++) a[f.food[i]] = 1;
    f.foodAt = a;
    return a;
  };

  /** What happened to unit u in frame n's round, as text. */
  WalkingDeadModel.prototype.storyOf = function (n, u) {
    if (n === 0) return '—';
    var f = this.frame(n), out = [];
    for (var i = 0; i < f.moves.length; i += 2) {
      if (f.moves[i] === u) {
        out.push('ordered ' + DIR_NAMES[f.moves[i + 1]]);
        break;
      }
    }
    f.fights.forEach(function (x) {
      if (x.attacker === u) out.push((x.attacker_won ? 'killed' : 'died attacking') + ' unit ' + x.defender + (x.surprise ? ' (surprise)' : ''));
      if (x.defender === u) out.push((x.attacker_won ? 'killed by' : 'fought off') + ' unit ' + x.attacker);
    });
    f.zombieKills.forEach(function (z) {
      if (z[0] === u) out.push('killed as a zombie; reborn for clan ' + z[1]);
    });
    f.bites.forEach(function (b) {
      if (b[0] === u) out.push('bit unit ' + b[1]);
      if (b[1] === u) out.push('bitten by zombie ' + b[0]);
    });
    if (f.clanSwitch && f.clanSwitch[0] === u) out.push('left clan ' + f.clanSwitch[1] + ' for clan ' + f.clanSwitch[2]);
    return out.length ? out.join('; ') + ' in round ' + n : 'nothing in round ' + n;
  };

  /** Rows of [label, value] describing unit `u` in frame n. */
  WalkingDeadModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n), kind = f.kind[u];
    var rows = [['Unit', String(u)], ['Type', KIND_NAMES[kind]]];
    if (f.player[u] >= 0) rows.push(['Player', this.playerText(f.player[u])]);
    rows.push(['Position', this.positionText(f.pos[u])]);
    if (f.rfz[u] >= 0) rows.push(['Zombie in', f.rfz[u] + ' round' + (f.rfz[u] === 1 ? '' : 's')]);
    rows.push(['Round', this.storyOf(n, u)]);
    return rows;
  };
  /** Rows of [label, value] describing cell k in frame n. */
  WalkingDeadModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board;
    var rows = [['Cell', this.positionText(k) + ' (' + (b.waste[k] ? 'waste' : 'street') + ')']];
    if (!b.waste[k]) rows.push(['Owner', this.ownerText(f.owner[k])]);
    if (this.foodAt(f)[k]) rows.push(['Food', 'yes']);
    return rows;
  };
  G.mixin(WalkingDeadModel.prototype, G.modelMethods);
  WalkingDeadModel.prototype.createView = function (canvas, colors) {
    return new WalkingDeadView(this, canvas, colors);
  };

  // -------------------------------------------------------------------------------------
  // Drawing, after the kit's viewer: waste dark grey, owned cells tinted by clan, alive units
  // as discs (squares while turning into zombies), dead units as crosses, zombies as red
  // squares framed in black, food as red discs framed in black.

  var STREET_RGB = [246, 246, 242];
  var WASTE_RGB = [72, 72, 76];
  var CELL_RGB = [STREET_RGB, WASTE_RGB];

  function WalkingDeadView(model, canvas, colors) {
    G.initView(this, model, canvas, colors);
  }

  WalkingDeadView.prototype.cellRgb = function (f, k, out) {
    var b = this.model.board, base = b.waste[k] ? WASTE_RGB : STREET_RGB;
    out[0] = base[0];
    out[1] = base[1];
    out[2] = base[2];
    if (!b.waste[k] && f.owner[k] >= 0) G.tint(out, this.rgb[f.owner[k]], 0.45);
  };

  /** Where unit u is drawn, sliding from its previous cell when it moved to a neighbour (zombies
   * diagonally too). */
  WalkingDeadView.prototype.unitXY = function (f, prev, u, anim, c) {
    var cols = this.model.board.cols;
    var x = (f.pos[u] % cols) * c, y = Math.floor(f.pos[u] / cols) * c;
    if (prev) {
      var pk = prev.pos[u], px = (pk % cols) * c, py = Math.floor(pk / cols) * c;
      if (pk !== f.pos[u] && Math.abs(px - x) <= c && Math.abs(py - y) <= c) {
        var e = G.ease(anim);
        return [px + (x - px) * e, py + (y - py) * e, true];
      }
    }
    return [x, y, false];
  };

  WalkingDeadView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell, cols = b.cols;
    this.drawCells(f);
    for (var i = 0; i < f.food.length; i++) {
      var k = f.food[i];
      drawFood(ctx, (k % cols) * c, Math.floor(k / cols) * c, c);
    }
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      var xy = this.unitXY(f, prev, u, anim, c);
      this.drawUnit(ctx, f.kind[u], f.player[u], f.rfz[u], xy[0], xy[1], c, u === opts.selected);
    }
    if (opts.moves && n > 0) this.drawMoves(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) this.drawHover(ctx, opts.hover, c);
  };

  /** Food: a red disc framed in black, as in the kit, smaller than a unit and with a green leaf
   * so that it is not taken for a unit of the red clan. */
  function drawFood(ctx, x, y, c) {
    ctx.beginPath();
    ctx.arc(x + c / 2, y + c * 0.55, c * 0.26, 0, 2 * Math.PI);
    ctx.fillStyle = '#e02020';
    ctx.fill();
    ctx.lineWidth = Math.max(1, c / 12);
    ctx.strokeStyle = '#000';
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(x + c * 0.62, y + c * 0.2, c * 0.13, c * 0.07, -0.6, 0, 2 * Math.PI);
    ctx.fillStyle = '#2e9e3a';
    ctx.fill();
  }

  WalkingDeadView.prototype.drawUnit = function (ctx, kind, player, rfz, x, y, c, selected) {
    var cx = x + c / 2, cy = y + c / 2, r = c * 0.4, lw = Math.max(1, c / 12);
    if (kind === ZOMBIE) {
      ctx.fillStyle = '#d01818';
      ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
      ctx.lineWidth = Math.max(1, c / 7);
      ctx.strokeStyle = '#000';
      ctx.strokeRect(cx - r, cy - r, 2 * r, 2 * r);
    } else if (kind === DEAD) {
      ctx.strokeStyle = '#111';
      ctx.lineWidth = Math.max(2, c / 4);
      crossPath(ctx, cx, cy, r);
      ctx.stroke();
      ctx.strokeStyle = this.colors[player];
      ctx.lineWidth = Math.max(1, c / 7);
      crossPath(ctx, cx, cy, r);
      ctx.stroke();
    } else {
      ctx.fillStyle = this.colors[player];
      ctx.beginPath();
      if (rfz >= 0) ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
      else ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.lineWidth = lw;
      ctx.strokeStyle = '#111';
      ctx.stroke();
    }
    // The conversion counter, when the cell is large enough to read it.
    if (rfz >= 0 && c >= 12) {
      ctx.font = 'bold ' + Math.floor(c * 0.6) + 'px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = Math.max(2, c / 8);
      ctx.strokeStyle = '#000';
      ctx.strokeText(String(rfz), cx, cy);
      ctx.fillStyle = '#fff';
      ctx.fillText(String(rfz), cx, cy);
    }
    if (selected) {
      ctx.beginPath();
      ctx.arc(cx, cy, c * 0.62, 0, 2 * Math.PI);
      ctx.lineWidth = Math.max(2, c / 7);
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.lineWidth = Math.max(1, c / 14);
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
  };

  function crossPath(ctx, cx, cy, r) {
    ctx.beginPath();
    ctx.moveTo(cx - r, cy - r);
    ctx.lineTo(cx + r, cy + r);
    ctx.moveTo(cx + r, cy - r);
    ctx.lineTo(cx - r, cy + r);
  }

  /** The round's moves as arrows from each unit's cell before the round. */
  WalkingDeadView.prototype.drawMoves = function (ctx, prev, f, c) {
    var cols = this.model.board.cols;
    for (var pass = 0; pass < 2; pass++) {
      for (var i = 0; i < f.moves.length; i += 2) {
        var u = f.moves[i], d = DIRS[f.moves[i + 1]];
        var k = prev.pos[u];
        var xc = (k % cols) * c + c / 2, yc = Math.floor(k / cols) * c + c / 2;
        G.arrow(ctx, xc + d[1] * c * 0.1, yc + d[0] * c * 0.1, xc + d[1] * c * 0.95, yc + d[0] * c * 0.95, c, pass);
      }
    }
  };

  /** Legend entries: { label, draw(ctx, size) }. */
  WalkingDeadView.prototype.legend = function () {
    var self = this;
    function cellSwatch(waste, owner) {
      return function (ctx, s) {
        var base = (waste ? WASTE_RGB : STREET_RGB).slice();
        if (owner >= 0) G.tint(base, self.rgb[owner], 0.45);
        ctx.fillStyle = G.cssRgb(base);
        ctx.fillRect(0, 0, s, s);
      };
    }
    function unitSwatch(kind, rfz) {
      return function (ctx, s) {
        cellSwatch(false, -1)(ctx, s);
        self.drawUnit(ctx, kind, 0, rfz, 0, 0, s, false);
      };
    }
    return [
      { label: 'street', draw: cellSwatch(false, -1) },
      { label: 'waste', draw: cellSwatch(true, -1) },
      { label: 'owned street', draw: cellSwatch(false, 0) },
      { label: 'food', draw: function (ctx, s) {
        cellSwatch(false, -1)(ctx, s);
        drawFood(ctx, 0, 0, s);
      } },
      { label: 'alive unit', draw: unitSwatch(ALIVE, -1) },
      { label: 'turning into a zombie (rounds left)', draw: unitSwatch(ALIVE, 3) },
      { label: 'dead unit (rounds left)', draw: unitSwatch(DEAD, 4) },
      { label: 'zombie', draw: unitSwatch(ZOMBIE, -1) },
    ];
  };

  G.mixin(WalkingDeadView.prototype, G.viewMethods);

  var module_ = {
    name: 'walking-dead',
    title: 'The Walking Dead',
    decode: decode,
    DIR_NAMES: DIR_NAMES,
    CELL_RGB: CELL_RGB,
  };
  AR.registerGame('walking-dead', module_);
  if (typeof module !== 'undefined' && module.exports) module.exports = module_;
})(typeof self !== 'undefined' ? self : this);
