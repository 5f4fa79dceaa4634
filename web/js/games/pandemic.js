// Pandemic's part of the viewer: decoding its replay sections, rebuilding virus levels, and
// drawing the board.
//
// Mirrors engine/src/games/pandemic/replay.rs (sections I and R) and
// engine/src/games/pandemic/virus.rs (the spread rule). Registers itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var corrupt = AR.corrupt;
  var NB_PLAYERS = AR.NB_PLAYERS;

  var WALL = 0, GRASS = 1, CITY = 2, PATH = 3;
  var TYPE_NAMES = ['Wall', 'Grass', 'City', 'Path'];
  var VIRUS_PER_SOURCE = 3;
  var VIRUS_CAP_GRASS = 4, VIRUS_CAP_URBAN = 10;
  var DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1], [0, 0]]; // bottom, right, top, left, none
  var DIR_NAMES = ['bottom', 'right', 'top', 'left', 'none'];
  var I32_MIN = -2147483648, I32_MAX = 2147483647;
  /** Frames kept in memory at most, in bytes (beyond it, keyframes and re-decoding). */
  var SNAPSHOT_BUDGET = 48 * 1024 * 1024;

  // -------------------------------------------------------------------------------------
  // Board (section I, first part) and its checks (Board::from_parts, Board::check).

  function readCells(r, limit, what) {
    var n = r.bounded(limit + 1, what);
    var out = new Int32Array(n);
    var last = 0;
    for (var i = 0; i < n; i++) {
      last += r.bounded(limit, what);
      if (last >= limit) throw corrupt(what + ': cell index out of the board');
      out[i] = last;
    }
    return out;
  }

  function pos(k, cols) {
    return '(' + Math.floor(k / cols) + ', ' + (k % cols) + ')';
  }

  function readBoard(r) {
    var rows = r.bounded(1001, 'rows');
    var cols = r.bounded(1001, 'cols');
    var n = rows * cols;
    var raw = r.bytes(n, 'cells');
    var types = new Uint8Array(n);
    for (var k = 0; k < n; k++) {
      if (raw[k] > 3) throw corrupt('cell type ' + raw[k]);
      types[k] = raw[k];
    }
    function typed(k, t) {
      if (types[k] !== t) throw corrupt('cell ' + k + ' listed as ' + TYPE_NAMES[t] + ' but is ' + TYPE_NAMES[types[k]]);
    }
    var nc = r.bounded(n + 1, 'city count');
    var cities = [];
    var cityId = new Int32Array(n).fill(-1);
    for (var c = 0; c < nc; c++) {
      var cells = readCells(r, n, 'city');
      for (var i = 0; i < cells.length; i++) {
        typed(cells[i], CITY);
        cityId[cells[i]] = c;
      }
      cities.push(cells);
    }
    var np = r.bounded(n + 1, 'path count');
    var paths = [];
    var pathId = new Int32Array(n).fill(-1);
    for (var p = 0; p < np; p++) {
      var a = r.bounded(nc, 'path end');
      var b = r.bounded(nc, 'path end');
      var len = r.bounded(n + 1, 'path length');
      var pc = new Int32Array(len);
      for (i = 0; i < len; i++) {
        pc[i] = r.bounded(n, 'path cell');
        typed(pc[i], PATH);
        pathId[pc[i]] = p;
      }
      paths.push({ ends: [a, b], cells: pc });
    }
    var board = { rows: rows, cols: cols, n: n, types: types, cities: cities, paths: paths, cityId: cityId, pathId: pathId };
    checkBoard(board);
    board.region = new Uint8Array(n);
    board.cap = new Uint8Array(n);
    for (k = 0; k < n; k++) {
      var t = types[k];
      board.region[k] = t === WALL ? 0 : t === GRASS ? 1 : 2;
      board.cap[k] = t === WALL ? 0 : t === GRASS ? VIRUS_CAP_GRASS : VIRUS_CAP_URBAN;
    }
    return board;
  }

  function checkBoard(b) {
    var rows = b.rows, cols = b.cols;
    if (rows !== cols || rows < 20) {
      throw corrupt('board: the board must be square and at least 20x20, got ' + rows + 'x' + cols);
    }
    for (var k = 0; k < b.n; k++) {
      var i = Math.floor(k / cols), j = k % cols;
      if ((i === 0 || j === 0 || i === rows - 1 || j === cols - 1) && b.types[k] !== WALL) {
        throw corrupt('board: the outer ring must be WALL, but ' + pos(k, cols) + ' is not');
      }
    }
    if (b.cities.length === 0) throw corrupt('board: the board has 0 cities; at least 1 is needed');
    // Every open cell 4-connected to the first open cell.
    var start = -1;
    for (k = 0; k < b.n && start < 0; k++) if (b.types[k] !== WALL) start = k;
    if (start < 0) return;
    var seen = new Uint8Array(b.n), stack = [start];
    seen[start] = 1;
    while (stack.length) {
      var c = stack.pop();
      var nb = [c - cols, c + cols, c - 1, c + 1];
      for (var d = 0; d < 4; d++) {
        var q = nb[d];
        if (!seen[q] && b.types[q] !== WALL) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    for (k = 0; k < b.n; k++) {
      if (b.types[k] !== WALL && !seen[k]) {
        throw corrupt('board: cell ' + pos(k, cols) + ' cannot be reached from the rest of the board');
      }
    }
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

  function readColumn(r, prev, out, what) {
    for (var u = 0; u < out.length; u++) {
      var v = prev[u] + r.signed(what);
      if (v < I32_MIN || v > I32_MAX) throw corrupt(what + ' out of range');
      out[u] = v;
    }
  }

  function readOwners(r, n, what) {
    var out = new Int8Array(n);
    for (var i = 0; i < n; i++) {
      var o = r.u8(what);
      if (o > 4) throw corrupt(what + ' ' + o + ' out of range');
      out[i] = o - 1;
    }
    return out;
  }

  /** Reads one round body against `prev`; the virus levels are left to the caller. */
  function readBody(r, board, prev) {
    var U = prev.player.length, cells = board.n;
    var f = emptyFrame(U, board);
    var round = r.varint('round');
    if (round > 0xffffffff) throw corrupt('round out of range');
    f.round = round;
    for (var u = 0; u < U; u++) {
      var pl = prev.player[u] ^ r.u8('unit player');
      if (pl >= NB_PLAYERS) throw corrupt('unit ' + u + ' has player ' + pl);
      f.player[u] = pl;
    }
    for (u = 0; u < U; u++) {
      var k = prev.pos[u] + r.signed('unit position');
      if (!(k >= 0 && k < cells)) throw corrupt('unit ' + u + ' is off the board');
      f.pos[u] = k;
    }
    readColumn(r, prev.health, f.health, 'unit health');
    readColumn(r, prev.damage, f.damage, 'unit damage');
    readColumn(r, prev.turns, f.turns, 'unit turns');
    for (u = 0; u < U; u++) f.flags[u] = r.u8('unit flags') & 3;
    f.cityOwner = readOwners(r, board.cities.length, 'city owner');
    f.pathOwner = readOwners(r, board.paths.length, 'path owner');
    f.masks = readCells(r, cells, 'masks');
    f.sources = readCells(r, cells, 'virus sources');
    var m = r.bounded(U + 1, 'move count');
    f.moves = new Int32Array(2 * m);
    for (var i = 0; i < m; i++) {
      f.moves[2 * i] = r.bounded(U, 'moved unit');
      var code = r.u8('move direction');
      if (code > 4) throw corrupt('direction ' + code);
      f.moves[2 * i + 1] = code;
    }
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
    var board;
    var r = new AR.Reader(c.initial);
    board = readBoard(r);
    var nbUnits = r.bounded(board.n + 1, 'unit count');
    var virus0 = Uint8Array.from(r.bytes(board.n, 'virus levels'));
    var zero = emptyFrame(nbUnits, board);
    var f0 = readBody(r, board, zero);
    r.finish('the initial state');
    f0.virus = virus0;
    f0.index = 0;

    var F = c.rounds.count + 1;
    var snapBytes = board.n + nbUnits * 18 + board.cities.length + board.paths.length + 64;
    var every = Math.max(1, Math.ceil((F * snapBytes) / SNAPSHOT_BUDGET));
    var snaps = new Array(Math.ceil(F / every));
    var stats = {
      units: new Int32Array(4 * F),
      cities: new Int32Array(4 * F),
      paths: new Int32Array(4 * F),
      infected: new Int32Array(4 * F),
    };
    function record(f) {
      var o = 4 * f.index, k;
      for (k = 0; k < f.player.length; k++) {
        stats.units[o + f.player[k]]++;
        if (f.damage[k] > 0) stats.infected[o + f.player[k]]++;
      }
      for (k = 0; k < f.cityOwner.length; k++) if (f.cityOwner[k] >= 0) stats.cities[o + f.cityOwner[k]]++;
      for (k = 0; k < f.pathOwner.length; k++) if (f.pathOwner[k] >= 0) stats.paths[o + f.pathOwner[k]]++;
      if (f.index % every === 0) snaps[f.index / every] = f;
    }
    record(f0);
    var prev = f0;
    for (var k = 0; k < c.rounds.count; k++) {
      var f;
      try {
        f = stepFrame(board, prev, c.rounds.game[k]);
      } catch (e) {
        if (AR.isReplayError(e)) throw corrupt('round ' + (k + 1) + ': ' + e.message.replace(/^damaged replay: /, ''));
        throw e;
      }
      record(f);
      prev = f;
    }
    return new PandemicModel(c, board, nbUnits, snaps, every, stats);
  }

  function PandemicModel(c, board, nbUnits, snaps, every, stats) {
    this.container = c;
    this.header = c.header;
    this.summary = c.summary;
    this.game = c.header.game;
    this.title = c.header.game_title || 'Pandemic';
    this.board = board;
    this.nbUnits = nbUnits;
    this.frameCount = c.rounds.count + 1;
    this.lastFrame = c.rounds.count;
    this.players = c.header.players.map(function (p) {
      return p.name;
    });
    this.initialHealth = (c.header.params && c.header.params.initial_health) || 100;
    this.snaps = snaps;
    this.every = every;
    this.stats = stats;
    this.cache = [];
  }

  /** The decoded state after frame n (0 = initial). */
  PandemicModel.prototype.frame = function (n) {
    if (n % this.every === 0) return this.snaps[n / this.every];
    for (var i = 0; i < this.cache.length; i++) if (this.cache[i].index === n) return this.cache[i];
    var f = this.snaps[Math.floor(n / this.every)];
    for (i = 0; i < this.cache.length; i++) {
      var c = this.cache[i];
      if (c.index < n && c.index > f.index) f = c;
    }
    while (f.index < n) f = stepFrame(this.board, f, this.container.rounds.game[f.index]);
    this.cache.push(f);
    if (this.cache.length > 6) this.cache.shift();
    return f;
  };

  PandemicModel.prototype.scores = function (n) {
    return Array.prototype.slice.call(this.container.rounds.scores, 4 * n, 4 * n + 4);
  };
  PandemicModel.prototype.cpu = function (n) {
    return Array.prototype.slice.call(this.container.rounds.cpu, 4 * n, 4 * n + 4);
  };
  PandemicModel.prototype.frozen = function (n) {
    return AR.frozenAt(this.container, n);
  };
  function slice4(a, n) {
    return Array.prototype.slice.call(a, 4 * n, 4 * n + 4);
  }
  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  PandemicModel.prototype.fields = [
    { key: 'units', label: 'Units', title: 'units the player owns' },
    { key: 'cities', label: 'Cities', title: 'cities the player owns' },
    { key: 'paths', label: 'Paths', title: 'paths the player owns' },
  ];
  PandemicModel.prototype.fieldValues = function (n) {
    return { units: slice4(this.stats.units, n), cities: slice4(this.stats.cities, n), paths: slice4(this.stats.paths, n) };
  };
  /** The same JSON as `arena replay FILE --frame N`. */
  PandemicModel.prototype.frameJson = function (n) {
    var f = this.frame(n);
    return {
      round: f.round,
      scores: this.scores(n),
      cpu: this.cpu(n),
      units: slice4(this.stats.units, n),
      cities: slice4(this.stats.cities, n),
      paths: slice4(this.stats.paths, n),
      frozen: this.frozen(n),
      virus_total: virusTotal(f),
    };
  };
  function virusTotal(f) {
    var t = 0;
    for (var k = 0; k < f.virus.length; k++) t += f.virus[k];
    return t;
  }
  /** Unit id standing on each cell of frame n (-1 when none). */
  PandemicModel.prototype.unitAt = function (f) {
    if (f.unitAt) return f.unitAt;
    var a = new Int32Array(this.board.n).fill(-1);
    for (var u = 0; u < f.pos.length; u++) a[f.pos[u]] = u;
    f.unitAt = a;
    return a;
  };
  PandemicModel.prototype.maskAt = function (f) {
    if (f.maskAt) return f.maskAt;
    var a = new Uint8Array(this.board.n);
    for (var i = 0; i < f.masks.length; i++) a[f.masks[i]] = 1;
    f.maskAt = a;
    return a;
  };

  /** Rows of [label, value] describing unit `u` in frame n. */
  PandemicModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n), cols = this.board.cols, k = f.pos[u];
    var infected = f.damage[u] > 0;
    return [
      ['Unit', String(u)],
      ['Player', f.player[u] + ' (' + this.players[f.player[u]] + ')'],
      ['Position', 'row ' + Math.floor(k / cols) + ', column ' + (k % cols)],
      ['Health', f.health[u] + ' / ' + this.initialHealth],
      ['Infected', infected ? 'yes: −' + f.damage[u] + ' health a round, for ' + f.turns[u] + ' round' +
        (f.turns[u] === 1 ? '' : 's') : 'no'],
      ['Immune', f.flags[u] & 1 ? 'yes' : 'no'],
      ['Mask', f.flags[u] & 2 ? 'wearing one' : 'no'],
      ['Order', orderText(f, u, n)],
    ];
  };
  function orderText(f, u, n) {
    if (n === 0) return '—';
    for (var i = 0; i < f.moves.length; i += 2) {
      if (f.moves[i] === u) return DIR_NAMES[f.moves[i + 1]] + ' in round ' + n;
    }
    return 'no move in round ' + n;
  }
  /** Rows of [label, value] describing cell k in frame n. */
  PandemicModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board, t = b.types[k];
    var rows = [['Cell', 'row ' + Math.floor(k / b.cols) + ', column ' + (k % b.cols) + ' (' + TYPE_NAMES[t].toLowerCase() + ')']];
    if (t !== WALL) rows.push(['Virus', f.virus[k] + ' / ' + b.cap[k]]);
    var owner = -1;
    if (t === CITY) {
      owner = f.cityOwner[b.cityId[k]];
      rows.push(['City', b.cityId[k] + ' (' + b.cities[b.cityId[k]].length + ' cells), ' + ownerText(this, owner)]);
    } else if (t === PATH) {
      var p = b.pathId[k];
      owner = f.pathOwner[p];
      rows.push(['Path', p + ' (cities ' + b.paths[p].ends[0] + '–' + b.paths[p].ends[1] + ', ' +
        b.paths[p].cells.length + ' cells), ' + ownerText(this, owner)]);
    }
    if (this.maskAt(f)[k]) rows.push(['Mask', 'one lies here']);
    return rows;
  };
  function ownerText(model, owner) {
    return owner < 0 ? 'no owner' : 'owned by ' + owner + ' (' + model.players[owner] + ')';
  }
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

  function hexRgb(h) {
    var v = parseInt(h.slice(1), 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }

  function PandemicView(model, canvas, colors) {
    this.model = model;
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.colors = colors;
    this.rgb = colors.map(hexRgb);
    var b = model.board;
    this.cellCanvas = makeCanvas(b.cols, b.rows);
    this.cellCtx = this.cellCanvas.getContext('2d');
    this.cellImage = this.cellCtx.createImageData(b.cols, b.rows);
    this.cellFrame = -1;
    this.gridCanvas = null;
    this.cell = 1;
  }

  function makeCanvas(w, h) {
    var c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    return c;
  }

  /** Fits the board in cssW x cssH CSS pixels: whole device pixels per cell, so it stays crisp. */
  PandemicView.prototype.layout = function (cssW, cssH, dpr) {
    var b = this.model.board;
    var cell = Math.max(1, Math.floor(Math.min((cssW * dpr) / b.cols, (cssH * dpr) / b.rows)));
    this.cell = cell;
    this.dpr = dpr;
    this.canvas.width = cell * b.cols;
    this.canvas.height = cell * b.rows;
    this.canvas.style.width = this.canvas.width / dpr + 'px';
    this.canvas.style.height = this.canvas.height / dpr + 'px';
    this.gridCanvas = null;
    if (cell >= 6) {
      var g = makeCanvas(this.canvas.width, this.canvas.height), gc = g.getContext('2d');
      gc.fillStyle = 'rgba(0,0,0,0.07)';
      for (var i = 1; i < b.rows; i++) gc.fillRect(0, i * cell, g.width, 1);
      for (var j = 1; j < b.cols; j++) gc.fillRect(j * cell, 0, 1, g.height);
      this.gridCanvas = g;
    }
  };

  /** Recolours the one-pixel-per-cell layer: type, owner, virus. */
  PandemicView.prototype.paintCells = function (f) {
    var b = this.model.board, d = this.cellImage.data, rgb = this.rgb;
    for (var k = 0; k < b.n; k++) {
      var t = b.types[k], base = CELL_RGB[t], r = base[0], g = base[1], bl = base[2];
      var owner = t === CITY ? f.cityOwner[b.cityId[k]] : t === PATH ? f.pathOwner[b.pathId[k]] : -1;
      if (owner >= 0) {
        var o = rgb[owner], a = t === CITY ? 0.55 : 0.45;
        r += (o[0] - r) * a;
        g += (o[1] - g) * a;
        bl += (o[2] - bl) * a;
      }
      var v = f.virus[k];
      if (v > 0) {
        var s = 0.12 + 0.068 * v; // level 1: 19%, 4: 39%, 10: 80%
        r += (VIRUS_RGB[0] - r) * s;
        g += (VIRUS_RGB[1] - g) * s;
        bl += (VIRUS_RGB[2] - bl) * s;
      }
      var q = 4 * k;
      d[q] = r;
      d[q + 1] = g;
      d[q + 2] = bl;
      d[q + 3] = 255;
    }
    this.cellCtx.putImageData(this.cellImage, 0, 0);
    this.cellFrame = f.index;
  };

  /**
   * Draws frame n. opts: { anim: 0..1 (units slide from their previous cells; 1 = still),
   * moves: bool, selected: unit id or -1, hover: cell index or -1 }.
   */
  PandemicView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell;
    var W = this.canvas.width, Hh = this.canvas.height;
    if (this.cellFrame !== f.index) this.paintCells(f);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cellCanvas, 0, 0, W, Hh);
    if (this.gridCanvas) ctx.drawImage(this.gridCanvas, 0, 0);
    var cols = b.cols;
    // Masks lying on the board.
    for (var i = 0; i < f.masks.length; i++) {
      var k = f.masks[i];
      drawGroundMask(ctx, (k % cols) * c, Math.floor(k / cols) * c, c);
    }
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      var x = (f.pos[u] % cols) * c, y = Math.floor(f.pos[u] / cols) * c;
      if (prev) {
        var pk = prev.pos[u];
        var px = (pk % cols) * c, py = Math.floor(pk / cols) * c;
        if (Math.abs(px - x) + Math.abs(py - y) === c) {
          var e = ease(anim);
          x = px + (x - px) * e;
          y = py + (y - py) * e;
        }
      }
      this.drawUnit(ctx, f, u, x, y, c, u === opts.selected);
    }
    if (opts.moves && n > 0) this.drawMoves(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) {
      ctx.strokeStyle = 'rgba(0,0,0,0.8)';
      ctx.lineWidth = Math.max(1, c / 12);
      ctx.strokeRect((opts.hover % cols) * c + 0.5, Math.floor(opts.hover / cols) * c + 0.5, c - 1, c - 1);
    }
  };

  function ease(t) {
    return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
  }

  function drawGroundMask(ctx, x, y, c) {
    var w = c * 0.56, h = c * 0.34;
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#2d6fa8';
    ctx.lineWidth = Math.max(1, c / 14);
    roundRect(ctx, x + (c - w) / 2, y + (c - h) / 2, w, h, h / 3);
    ctx.fill();
    ctx.stroke();
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.lineTo(x + w - r, y);
    ctx.arcTo(x + w, y, x + w, y + r, r);
    ctx.lineTo(x + w, y + h - r);
    ctx.arcTo(x + w, y + h, x + w - r, y + h, r);
    ctx.lineTo(x + r, y + h);
    ctx.arcTo(x, y + h, x, y + h - r, r);
    ctx.lineTo(x, y + r);
    ctx.arcTo(x, y, x + r, y, r);
    ctx.closePath();
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

  /** The round's moves as arrows (white, outlined) from each unit's cell before the round
   * towards the cell it moved or tried to move into. */
  PandemicView.prototype.drawMoves = function (ctx, prev, f, c) {
    var cols = this.model.board.cols;
    for (var pass = 0; pass < 2; pass++) {
      for (var i = 0; i < f.moves.length; i += 2) {
        var u = f.moves[i], d = DIRS[f.moves[i + 1]];
        if (d[0] === 0 && d[1] === 0) continue;
        var k = prev.pos[u];
        var xc = (k % cols) * c + c / 2, yc = Math.floor(k / cols) * c + c / 2;
        arrow(ctx, xc + d[1] * c * 0.1, yc + d[0] * c * 0.1, xc + d[1] * c * 0.95, yc + d[0] * c * 0.95, c, pass);
      }
    }
  };

  /** pass 0 draws the dark outline of every arrow, pass 1 the white inside. */
  function arrow(ctx, x0, y0, x1, y1, c, pass) {
    var dx = x1 - x0, dy = y1 - y0, len = Math.sqrt(dx * dx + dy * dy);
    var ux = dx / len, uy = dy / len, hw = c * 0.26, hl = c * 0.38;
    var grow = pass ? 0 : Math.max(1, c / 16);
    var bx = x1 - ux * hl, by = y1 - uy * hl;
    ctx.strokeStyle = ctx.fillStyle = pass ? '#ffffff' : '#111111';
    ctx.lineWidth = Math.max(1, c / 8) + 2 * grow;
    ctx.lineCap = 'butt';
    ctx.beginPath();
    ctx.moveTo(x0 - ux * grow, y0 - uy * grow);
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x1 + ux * grow * 1.5, y1 + uy * grow * 1.5);
    ctx.lineTo(bx - uy * (hw + grow) - ux * grow, by + ux * (hw + grow) - uy * grow);
    ctx.lineTo(bx + uy * (hw + grow) - ux * grow, by - ux * (hw + grow) - uy * grow);
    ctx.closePath();
    ctx.fill();
  }

  /** The cell under canvas CSS coordinates (x, y), or -1. */
  PandemicView.prototype.cellAt = function (x, y) {
    var b = this.model.board, c = this.cell / this.dpr;
    var i = Math.floor(y / c), j = Math.floor(x / c);
    if (i < 0 || j < 0 || i >= b.rows || j >= b.cols) return -1;
    return i * b.cols + j;
  };

  /** The unit on cell k in frame n, or -1. */
  PandemicView.prototype.unitOn = function (n, k) {
    if (k < 0) return -1;
    return this.model.unitAt(this.model.frame(n))[k];
  };

  /** Legend entries: { label, draw(ctx, size) }. */
  PandemicView.prototype.legend = function () {
    var self = this;
    function cellSwatch(t, owner, virus) {
      return function (ctx, s) {
        var base = CELL_RGB[t].slice();
        if (owner >= 0) {
          var o = self.rgb[owner];
          for (var i = 0; i < 3; i++) base[i] += (o[i] - base[i]) * 0.55;
        }
        if (virus) for (var q = 0; q < 3; q++) base[q] += (VIRUS_RGB[q] - base[q]) * (0.12 + 0.068 * virus);
        ctx.fillStyle = 'rgb(' + base.map(Math.round).join(',') + ')';
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
