// Pandemic's part of the viewer: decoding its replay sections, rebuilding virus levels, and
// drawing the board.
//
// Mirrors engine/src/games/pandemic/replay.rs (sections I and R) and
// engine/src/games/pandemic/virus.rs (the spread rule). The board, owners, unit columns and
// moves are read, and the board drawn, with js/grid.js (shared with Ork Island). Registers
// itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var G = root.ArenaGrid || (typeof require !== 'undefined' ? require('../grid.js') : null);

  var WALL = 0, GRASS = 1, CITY = 2, PATH = 3;
  var TYPE_NAMES = ['Wall', 'Grass', 'City', 'Path'];
  var TERRAIN = {
    names: TYPE_NAMES,
    city: CITY,
    path: PATH,
    offBoard: WALL,
    ring: 'WALL',
    noCities: function (n) {
      return 'the board has ' + n + ' cities; at least 1 is needed';
    },
    area: 'board',
  };
  var VIRUS_PER_SOURCE = 3;
  var VIRUS_CAP_GRASS = 4, VIRUS_CAP_URBAN = 10;
  var DIR_NAMES = G.DIR_NAMES;

  // -------------------------------------------------------------------------------------
  // Board (section I, first part): js/grid.js reads and checks it (Board::from_parts,
  // Board::check); the virus regions and caps are Pandemic's.

  function readBoard(r) {
    var board = G.readBoard(r, TERRAIN);
    var n = board.n, types = board.types;
    board.region = new Uint8Array(n);
    board.cap = new Uint8Array(n);
    for (var k = 0; k < n; k++) {
      var t = types[k];
      board.region[k] = t === WALL ? 0 : t === GRASS ? 1 : 2;
      board.cap[k] = t === WALL ? 0 : t === GRASS ? VIRUS_CAP_GRASS : VIRUS_CAP_URBAN;
    }
    return board;
  }

  // -------------------------------------------------------------------------------------
  // Frames: the state after each round (round bodies, section 8 of the format).

  function emptyFrame(nbUnits, board) {
    return {
      index: 0,
      round: 0,
      player: new Uint8Array(nbUnits),
      pos: new Int32Array(nbUnits),
      health: new Int32Array(nbUnits),
      damage: new Int32Array(nbUnits),
      turns: new Int32Array(nbUnits),
      flags: new Uint8Array(nbUnits),
      cityOwner: new Int8Array(board.cities.length),
      pathOwner: new Int8Array(board.paths.length),
      masks: new Int32Array(0),
      sources: new Int32Array(0),
      moves: new Int32Array(0),
      virus: new Uint8Array(board.n),
    };
  }

  /** Reads one round body against `prev`; the virus levels are left to the caller. */
  function readBody(r, board, prev) {
    var U = prev.player.length, cells = board.n;
    var f = emptyFrame(U, board);
    f.round = G.readRound(r);
    G.readPlayers(r, prev.player, f.player, 'unit');
    G.readPositions(r, prev.pos, f.pos, cells, 'unit');
    G.readColumn(r, prev.health, f.health, 'unit health');
    G.readColumn(r, prev.damage, f.damage, 'unit damage');
    G.readColumn(r, prev.turns, f.turns, 'unit turns');
    for (var u = 0; u < U; u++) f.flags[u] = r.u8('unit flags') & 3;
    f.cityOwner = G.readOwners(r, board.cities.length, 'city owner');
    f.pathOwner = G.readOwners(r, board.paths.length, 'path owner');
    f.masks = G.readCells(r, cells, 'masks');
    f.sources = G.readCells(r, cells, 'virus sources');
    f.moves = G.readMoves(r, U, 'unit');
    return f;
  }

  /**
   * One round of virus (virus.rs `spread`): +3 on every source cell (saturating at 255), then
   * each non-wall cell takes the maximum of its own and its same-region neighbours' levels,
   * minus one, clamped to [0, cap]. Every cell reads the old levels.
   *
   * As in virus.rs, most cells hold no virus, so each cell with a level v >= 2 pushes v - 1 to
   * itself and its same-region neighbours, and every other cell ends at 0: the same maximum.
   */
  function spread(board, prev, sources, out) {
    var old = prev;
    if (sources.length) {
      old = Uint8Array.from(prev);
      for (var s = 0; s < sources.length; s++) {
        var c = sources[s];
        old[c] = Math.min(255, old[c] + VIRUS_PER_SOURCE);
      }
    }
    var cols = board.cols, region = board.region, cap = board.cap, n = board.n;
    out.fill(0);
    for (var k = 0; k < n; k++) {
      var v = old[k];
      if (v <= 1) continue;
      var r = region[k];
      if (r === 0) continue;
      // Non-wall cells are never on the outer ring (checked), so neighbours are on the board.
      v -= 1;
      push(out, cap, k, v);
      if (region[k - cols] === r) push(out, cap, k - cols, v);
      if (region[k + cols] === r) push(out, cap, k + cols, v);
      if (region[k - 1] === r) push(out, cap, k - 1, v);
      if (region[k + 1] === r) push(out, cap, k + 1, v);
    }
    return out;
  }

  function push(out, cap, k, v) {
    if (v > cap[k]) v = cap[k];
    if (v > out[k]) out[k] = v;
  }

  function stepFrame(board, prev, bytes) {
    var r = new AR.Reader(bytes);
    var f = readBody(r, board, prev);
    r.finish('a round');
    spread(board, prev.virus, f.sources, f.virus);
    f.index = prev.index + 1;
    return f;
  }

  // -------------------------------------------------------------------------------------
  // The model: decodes and checks everything once, keeps per-frame figures, and gives any
  // frame on demand (every frame is kept when it fits the budget, else keyframes).

  function decode(c) {
    var r = new AR.Reader(c.initial);
    var board = readBoard(r);
    var nbUnits = r.bounded(board.n + 1, 'unit count');
    var virus0 = Uint8Array.from(r.bytes(board.n, 'virus levels'));
    var zero = emptyFrame(nbUnits, board);
    var f0 = readBody(r, board, zero);
    r.finish('the initial state');
    f0.virus = virus0;
    f0.index = 0;

    var F = c.rounds.count + 1;
    var snapBytes = board.n + nbUnits * 18 + board.cities.length + board.paths.length + 64;
    var stats = G.newStats(F, ['units', 'cities', 'paths', 'infected']);
    var kept = G.decodeFrames(c, f0, snapBytes, function (prev, bytes) {
      return stepFrame(board, prev, bytes);
    }, function (f) {
      G.countFrame(stats, f);
      var o = 4 * f.index;
      for (var k = 0; k < f.player.length; k++) if (f.damage[k] > 0) stats.infected[o + f.player[k]]++;
    });
    return new PandemicModel(c, board, nbUnits, kept, stats);
  }

  function PandemicModel(c, board, nbUnits, kept, stats) {
    G.initModel(this, c, board, nbUnits, kept, stats, 'Pandemic');
  }

  PandemicModel.prototype.step = function (f, bytes) {
    return stepFrame(this.board, f, bytes);
  };
  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  PandemicModel.prototype.fields = [
    { key: 'units', label: 'Units', title: 'units the player owns' },
    { key: 'cities', label: 'Cities', title: 'cities the player owns' },
    { key: 'paths', label: 'Paths', title: 'paths the player owns' },
  ];
  /** The same JSON as `arena replay FILE --frame N`. */
  PandemicModel.prototype.frameJson = function (n) {
    var out = this.commonJson(n);
    out.virus_total = virusTotal(this.frame(n));
    return out;
  };
  function virusTotal(f) {
    var t = 0;
    for (var k = 0; k < f.virus.length; k++) t += f.virus[k];
    return t;
  }
  PandemicModel.prototype.maskAt = function (f) {
    if (f.maskAt) return f.maskAt;
    var a = new Uint8Array(this.board.n);
    for (var i = 0; i < f.masks.length; i++) a[f.masks[i]] = 1;
    f.maskAt = a;
    return a;
  };

  /** Rows of [label, value] describing unit `u` in frame n. */
  PandemicModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n), k = f.pos[u];
    var infected = f.damage[u] > 0;
    return [
      ['Unit', String(u)],
      ['Player', this.playerText(f.player[u])],
      ['Position', this.positionText(k)],
      ['Health', f.health[u] + ' / ' + this.initialHealth],
      ['Infected', infected ? 'yes: −' + f.damage[u] + ' health a round, for ' + f.turns[u] + ' round' +
        (f.turns[u] === 1 ? '' : 's') : 'no'],
      ['Immune', f.flags[u] & 1 ? 'yes' : 'no'],
      ['Mask', f.flags[u] & 2 ? 'wearing one' : 'no'],
      ['Order', G.orderText(f, u, n)],
    ];
  };
  /** Rows of [label, value] describing cell k in frame n. */
  PandemicModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board, t = b.types[k];
    var rows = [['Cell', 'row ' + Math.floor(k / b.cols) + ', column ' + (k % b.cols) + ' (' + TYPE_NAMES[t].toLowerCase() + ')']];
    if (t !== WALL) rows.push(['Virus', f.virus[k] + ' / ' + b.cap[k]]);
    var region = this.regionRow(f, k);
    if (region) rows.push(region);
    if (this.maskAt(f)[k]) rows.push(['Mask', 'one lies here']);
    return rows;
  };
  G.mixin(PandemicModel.prototype, G.modelMethods);
  PandemicModel.prototype.createView = function (canvas, colors) {
    return new PandemicView(this, canvas, colors);
  };

  // -------------------------------------------------------------------------------------
  // Drawing.

  var CELL_RGB = [
    [52, 56, 64], // wall
    [203, 226, 170], // grass
    [222, 219, 210], // city
    [196, 178, 140], // path
  ];
  var VIRUS_RGB = [38, 46, 8];

  function PandemicView(model, canvas, colors) {
    G.initView(this, model, canvas, colors);
  }

  /** A cell's colour: its type, its owner's tint (cities and paths), darker with virus. */
  PandemicView.prototype.cellRgb = function (f, k, out) {
    var b = this.model.board, t = b.types[k], base = CELL_RGB[t];
    out[0] = base[0];
    out[1] = base[1];
    out[2] = base[2];
    var owner = t === CITY ? f.cityOwner[b.cityId[k]] : t === PATH ? f.pathOwner[b.pathId[k]] : -1;
    if (owner >= 0) G.tint(out, this.rgb[owner], t === CITY ? 0.55 : 0.45);
    var v = f.virus[k];
    if (v > 0) G.tint(out, VIRUS_RGB, 0.12 + 0.068 * v); // level 1: 19%, 4: 39%, 10: 80%
  };

  /**
   * Draws frame n. opts: { anim: 0..1 (units slide from their previous cells; 1 = still),
   * moves: bool, selected: unit id or -1, hover: cell index or -1 }.
   */
  PandemicView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell;
    this.drawCells(f);
    var cols = b.cols;
    // Masks lying on the board.
    for (var i = 0; i < f.masks.length; i++) {
      var k = f.masks[i];
      drawGroundMask(ctx, (k % cols) * c, Math.floor(k / cols) * c, c);
    }
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      var xy = this.unitXY(f, prev, u, anim, c);
      this.drawUnit(ctx, f, u, xy[0], xy[1], c, u === opts.selected);
    }
    if (opts.moves && n > 0) this.drawMoves(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) this.drawHover(ctx, opts.hover, c);
  };

  function drawGroundMask(ctx, x, y, c) {
    var w = c * 0.56, h = c * 0.34;
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#2d6fa8';
    ctx.lineWidth = Math.max(1, c / 14);
    G.roundRect(ctx, x + (c - w) / 2, y + (c - h) / 2, w, h, h / 3);
    ctx.fill();
    ctx.stroke();
  }

  /** A unit: a disc in its player's colour, the lost health as a dark wedge, an inner white ring
   * when immune, a lime dot when infected, a white band when it wears a mask. */
  PandemicView.prototype.drawUnit = function (ctx, f, u, x, y, c, selected) {
    var cx = x + c / 2, cy = y + c / 2, r = c * 0.42;
    var lw = Math.max(1, c / 14);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    ctx.fillStyle = this.colors[f.player[u]];
    ctx.fill();
    var hp = Math.max(0, Math.min(1, f.health[u] / this.model.initialHealth));
    if (hp < 1) {
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.arc(cx, cy, r, -Math.PI / 2 + hp * 2 * Math.PI, 1.5 * Math.PI);
      ctx.closePath();
      ctx.fillStyle = 'rgba(0,0,0,0.55)';
      ctx.fill();
    }
    if (f.flags[u] & 2) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(cx - r * 0.7, cy + r * 0.15, r * 1.4, r * 0.42);
    }
    if (f.flags[u] & 1) {
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.62, 0, 2 * Math.PI);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = Math.max(1, c / 10);
      ctx.stroke();
    }
    if (f.damage[u] > 0) {
      ctx.beginPath();
      ctx.arc(cx, cy - r * 0.12, r * 0.34, 0, 2 * Math.PI);
      ctx.fillStyle = '#9bff2e';
      ctx.fill();
      ctx.lineWidth = lw;
      ctx.strokeStyle = '#1b2a00';
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    ctx.lineWidth = lw;
    ctx.strokeStyle = '#111';
    ctx.stroke();
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

  /** Legend entries: { label, draw(ctx, size) }. */
  PandemicView.prototype.legend = function () {
    var self = this;
    function cellSwatch(t, owner, virus) {
      return function (ctx, s) {
        var base = CELL_RGB[t].slice();
        if (owner >= 0) G.tint(base, self.rgb[owner], 0.55);
        if (virus) G.tint(base, VIRUS_RGB, 0.12 + 0.068 * virus);
        ctx.fillStyle = G.cssRgb(base);
        ctx.fillRect(0, 0, s, s);
      };
    }
    function unitSwatch(flags, health, damage) {
      return function (ctx, s) {
        cellSwatch(GRASS, -1, 0)(ctx, s);
        var f = { player: [0], health: [health], damage: [damage], flags: [flags] };
        self.drawUnit(ctx, f, 0, 0, 0, s, false);
      };
    }
    var hp = this.model.initialHealth;
    return [
      { label: 'grass', draw: cellSwatch(GRASS, -1, 0) },
      { label: 'city', draw: cellSwatch(CITY, -1, 0) },
      { label: 'path', draw: cellSwatch(PATH, -1, 0) },
      { label: 'wall', draw: cellSwatch(WALL, -1, 0) },
      { label: 'owned city', draw: cellSwatch(CITY, 0, 0) },
      { label: 'virus (darker: more)', draw: cellSwatch(CITY, -1, 7) },
      { label: 'mask on the ground', draw: function (ctx, s) {
        cellSwatch(GRASS, -1, 0)(ctx, s);
        drawGroundMask(ctx, 0, 0, s);
      } },
      { label: 'unit (dark part: health lost)', draw: unitSwatch(0, Math.round(hp * 0.7), 0) },
      { label: 'infected', draw: unitSwatch(0, hp, 3) },
      { label: 'immune', draw: unitSwatch(1, hp, 0) },
      { label: 'wears a mask', draw: unitSwatch(2, hp, 0) },
    ];
  };

  G.mixin(PandemicView.prototype, G.viewMethods);

  var module_ = {
    name: 'pandemic',
    title: 'Pandemic',
    decode: decode,
    spread: spread,
    DIR_NAMES: DIR_NAMES,
  };
  AR.registerGame('pandemic', module_);
  if (typeof module !== 'undefined' && module.exports) module.exports = module_;
})(typeof self !== 'undefined' ? self : this);
