// What the viewers of the grid games (Pandemic, Ork Island) share: reading the board with its
// cities and paths, owner columns, unit columns and moves (engine/src/games/shared/replay_parts.rs and
// each game's replay.rs), keeping decoded frames under a memory budget, the per-player figures
// of the scoreboard, and drawing (layout, the cell layer, sliding units, move arrows, hover).
//
// A classic script like js/replay.js: it sets `ArenaGrid` on the page and module.exports under
// Node. A game's file (js/games/<game>.js) uses it and registers itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('./replay.js') : null);
  var corrupt = AR.corrupt;
  var NB_PLAYERS = AR.NB_PLAYERS;

  var DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1], [0, 0]]; // bottom, right, top, left, none
  var DIR_NAMES = ['bottom', 'right', 'top', 'left', 'none'];
  var I32_MIN = -2147483648, I32_MAX = 2147483647;
  /** Frames kept in memory at most, in bytes (beyond it, keyframes and re-decoding). */
  var SNAPSHOT_BUDGET = 48 * 1024 * 1024;

  // -------------------------------------------------------------------------------------
  // Reading (replay_parts.rs).

  /** A cell list: a count, then ascending indices below `limit` as gaps. */
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

  /** Values of `bits` bits (2 or 4), 8 / bits to a byte, the first in the low bits
   * (replay_parts::read_packed). */
  function readPacked(r, count, bits, what) {
    var per = 8 / bits, mask = (1 << bits) - 1;
    var bytes = r.bytes(Math.ceil(count / per), what);
    var out = new Uint8Array(count);
    for (var i = 0; i < count; i++) out[i] = (bytes[(i / per) | 0] >> ((i % per) * bits)) & mask;
    return out;
  }

  function pos(k, cols) {
    return '(' + Math.floor(k / cols) + ', ' + (k % cols) + ')';
  }

  /**
   * The board: rows, cols, a type byte per cell, the cities (cell lists), the paths (ends,
   * length, absolute cells), then the game's checks (its Board::from_regions). `terrain`
   * describes the game's cell types: { names (Debug names by code), city, path, offBoard (the
   * code of the outer ring), ring (its name in messages), noCities(count) (the message), area
   * (what an unreachable cell cannot be reached from the rest of) }.
   */
  function readBoard(r, terrain) {
    var rows = r.bounded(1001, 'rows');
    var cols = r.bounded(1001, 'cols');
    var n = rows * cols;
    var raw = r.bytes(n, 'cells');
    var types = new Uint8Array(n);
    var maxCode = terrain.names.length - 1;
    for (var k = 0; k < n; k++) {
      if (raw[k] > maxCode) throw corrupt('cell type ' + raw[k]);
      types[k] = raw[k];
    }
    var names = terrain.names;
    function typed(k, t) {
      if (types[k] !== t) throw corrupt('cell ' + k + ' listed as ' + names[t] + ' but is ' + names[types[k]]);
    }
    var nc = r.bounded(n + 1, 'city count');
    var cities = [];
    var cityId = new Int32Array(n).fill(-1);
    for (var c = 0; c < nc; c++) {
      var cells = readCells(r, n, 'city');
      for (var i = 0; i < cells.length; i++) {
        typed(cells[i], terrain.city);
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
        typed(pc[i], terrain.path);
        pathId[pc[i]] = p;
      }
      paths.push({ ends: [a, b], cells: pc });
    }
    var board = { rows: rows, cols: cols, n: n, types: types, cities: cities, paths: paths, cityId: cityId, pathId: pathId };
    checkBoard(board, terrain);
    return board;
  }

  /** Square, at least 20x20, the outer ring off the board, a city, every open cell connected. */
  function checkBoard(b, terrain) {
    var rows = b.rows, cols = b.cols, off = terrain.offBoard;
    if (rows !== cols || rows < 20) {
      throw corrupt('board: the board must be square and at least 20x20, got ' + rows + 'x' + cols);
    }
    for (var k = 0; k < b.n; k++) {
      var i = Math.floor(k / cols), j = k % cols;
      if ((i === 0 || j === 0 || i === rows - 1 || j === cols - 1) && b.types[k] !== off) {
        throw corrupt('board: the outer ring must be ' + terrain.ring + ', but ' + pos(k, cols) + ' is not');
      }
    }
    if (b.cities.length === 0) throw corrupt('board: ' + terrain.noCities(0));
    // Every open cell 4-connected to the first open cell.
    var start = -1;
    for (k = 0; k < b.n && start < 0; k++) if (b.types[k] !== off) start = k;
    if (start < 0) return;
    var seen = new Uint8Array(b.n), stack = [start];
    seen[start] = 1;
    while (stack.length) {
      var c = stack.pop();
      var nb = [c - cols, c + cols, c - 1, c + 1];
      for (var d = 0; d < 4; d++) {
        var q = nb[d];
        if (!seen[q] && b.types[q] !== off) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    for (k = 0; k < b.n; k++) {
      if (b.types[k] !== off && !seen[k]) {
        throw corrupt('board: cell ' + pos(k, cols) + ' cannot be reached from the rest of the ' + terrain.area);
      }
    }
  }

  /** Owners, a byte each: owner + 1 (0 = none). */
  function readOwners(r, n, what) {
    var out = new Int8Array(n);
    for (var i = 0; i < n; i++) {
      var o = r.u8(what);
      if (o > 4) throw corrupt(what + ' ' + o + ' out of range');
      out[i] = o - 1;
    }
    return out;
  }

  /** The units' players, each XOR the previous one. `noun` is "unit" or "ork". */
  function readPlayers(r, prev, out, noun) {
    for (var u = 0; u < out.length; u++) {
      var pl = prev[u] ^ r.u8(noun + ' player');
      if (pl >= NB_PLAYERS) throw corrupt(noun + ' ' + u + ' has player ' + pl);
      out[u] = pl;
    }
  }

  /** The units' cells, each as the signed difference from the previous one. */
  function readPositions(r, prev, out, cells, noun) {
    for (var u = 0; u < out.length; u++) {
      var k = prev[u] + r.signed(noun + ' position');
      if (!(k >= 0 && k < cells)) throw corrupt(noun + ' ' + u + ' is off the board');
      out[u] = k;
    }
  }

  /** A column of 32-bit signed values, each as the difference from the previous one. */
  function readColumn(r, prev, out, what) {
    for (var u = 0; u < out.length; u++) {
      var v = prev[u] + r.signed(what);
      if (v < I32_MIN || v > I32_MAX) throw corrupt(what + ' out of range');
      out[u] = v;
    }
  }

  /** The moves: a count up to the number of units, then unit id and direction code each, as
   * [unit, dir, unit, dir, ...]. */
  function readMoves(r, nbUnits, noun) {
    var m = r.bounded(nbUnits + 1, 'move count');
    var moves = new Int32Array(2 * m);
    for (var i = 0; i < m; i++) {
      moves[2 * i] = r.bounded(nbUnits, 'moved ' + noun);
      var code = r.u8('move direction');
      if (code > 4) throw corrupt('direction ' + code);
      moves[2 * i + 1] = code;
    }
    return moves;
  }

  function readRound(r) {
    var round = r.varint('round');
    if (round > 0xffffffff) throw corrupt('round out of range');
    return round;
  }

  // -------------------------------------------------------------------------------------
  // Frames and the model's shared part.

  /**
   * Decodes every round after frame 0 with `step(prev, bytes)` (which returns the next frame,
   * its index set), calling `record(f)` on each frame, frame 0 included. Keeps every `every`-th
   * frame so that the kept frames, of about `frameBytes` each, fit the budget. Errors name the
   * round. Returns { snaps, every }.
   */
  function decodeFrames(c, f0, frameBytes, step, record) {
    var F = c.rounds.count + 1;
    var every = Math.max(1, Math.ceil((F * frameBytes) / SNAPSHOT_BUDGET));
    var snaps = new Array(Math.ceil(F / every));
    function keep(f) {
      record(f);
      if (f.index % every === 0) snaps[f.index / every] = f;
    }
    keep(f0);
    var prev = f0;
    for (var k = 0; k < c.rounds.count; k++) {
      var f;
      try {
        f = step(prev, c.rounds.game[k]);
      } catch (e) {
        if (AR.isReplayError(e)) throw corrupt('round ' + (k + 1) + ': ' + e.message.replace(/^damaged replay: /, ''));
        throw e;
      }
      keep(f);
      prev = f;
    }
    return { snaps: snaps, every: every };
  }

  /** Per-player, per-frame counters: { key: Int32Array(4 × frames) } for each key. */
  function newStats(frames, keys) {
    var s = {};
    keys.forEach(function (k) {
      s[k] = new Int32Array(4 * frames);
    });
    return s;
  }

  /** Counts each player's units, cities and paths in frame f into `stats`. */
  function countFrame(stats, f) {
    var o = 4 * f.index, k;
    for (k = 0; k < f.player.length; k++) stats.units[o + f.player[k]]++;
    for (k = 0; k < f.cityOwner.length; k++) if (f.cityOwner[k] >= 0) stats.cities[o + f.cityOwner[k]]++;
    for (k = 0; k < f.pathOwner.length; k++) if (f.pathOwner[k] >= 0) stats.paths[o + f.pathOwner[k]]++;
  }

  function slice4(a, n) {
    return Array.prototype.slice.call(a, 4 * n, 4 * n + 4);
  }

  /**
   * Sets up the shared fields of a game's model. The model's prototype gets `modelMethods`
   * (see `mixin`) and must have step(prev, bytes) giving the next frame.
   */
  function initModel(m, c, board, nbUnits, kept, stats, title) {
    m.container = c;
    m.header = c.header;
    m.summary = c.summary;
    m.game = c.header.game;
    m.title = c.header.game_title || title;
    m.board = board;
    m.nbUnits = nbUnits;
    m.frameCount = c.rounds.count + 1;
    m.lastFrame = c.rounds.count;
    m.players = c.header.players.map(function (p) {
      return p.name;
    });
    m.initialHealth = (c.header.params && c.header.params.initial_health) || 100;
    m.snaps = kept.snaps;
    m.every = kept.every;
    m.stats = stats;
    m.cache = [];
  }

  var modelMethods = {
    /** The decoded state after frame n (0 = initial). */
    frame: function (n) {
      if (n % this.every === 0) return this.snaps[n / this.every];
      for (var i = 0; i < this.cache.length; i++) if (this.cache[i].index === n) return this.cache[i];
      var f = this.snaps[Math.floor(n / this.every)];
      for (i = 0; i < this.cache.length; i++) {
        var c = this.cache[i];
        if (c.index < n && c.index > f.index) f = c;
      }
      while (f.index < n) f = this.step(f, this.container.rounds.game[f.index]);
      this.cache.push(f);
      if (this.cache.length > 6) this.cache.shift();
      return f;
    },
    scores: function (n) {
      return slice4(this.container.rounds.scores, n);
    },
    cpu: function (n) {
      return slice4(this.container.rounds.cpu, n);
    },
    frozen: function (n) {
      return AR.frozenAt(this.container, n);
    },
    /** Values of the scoreboard's fields (`this.fields`) in frame n. */
    fieldValues: function (n) {
      var out = {}, stats = this.stats;
      this.fields.forEach(function (f) {
        out[f.key] = slice4(stats[f.key], n);
      });
      return out;
    },
    /** The figures every grid game's `arena replay --frame N` has. */
    commonJson: function (n) {
      var f = this.frame(n);
      return {
        round: f.round,
        scores: this.scores(n),
        cpu: this.cpu(n),
        units: slice4(this.stats.units, n),
        cities: slice4(this.stats.cities, n),
        paths: slice4(this.stats.paths, n),
        frozen: this.frozen(n),
      };
    },
    /** Unit id standing on each cell of frame f (-1 when none). */
    unitAt: function (f) {
      if (f.unitAt) return f.unitAt;
      var a = new Int32Array(this.board.n).fill(-1);
      for (var u = 0; u < f.pos.length; u++) a[f.pos[u]] = u;
      f.unitAt = a;
      return a;
    },
    /** "Player 2 (Demo)" */
    playerText: function (p) {
      return p + ' (' + this.players[p] + ')';
    },
    ownerText: function (owner) {
      return owner < 0 ? 'no owner' : 'owned by ' + owner + ' (' + this.players[owner] + ')';
    },
    positionText: function (k) {
      var cols = this.board.cols;
      return 'row ' + Math.floor(k / cols) + ', column ' + (k % cols);
    },
    /** The city or path row of cell k's description, or null. */
    regionRow: function (f, k) {
      var b = this.board;
      var c = b.cityId[k], p = b.pathId[k];
      if (c >= 0) return ['City', c + ' (' + b.cities[c].length + ' cells), ' + this.ownerText(f.cityOwner[c])];
      if (p >= 0) {
        return ['Path', p + ' (cities ' + b.paths[p].ends[0] + '–' + b.paths[p].ends[1] + ', ' + b.paths[p].cells.length +
          ' cells), ' + this.ownerText(f.pathOwner[p])];
      }
      return null;
    },
  };

  /** The order unit u was given in frame f's round, as text. */
  function orderText(f, u, n) {
    if (n === 0) return '—';
    for (var i = 0; i < f.moves.length; i += 2) {
      if (f.moves[i] === u) return DIR_NAMES[f.moves[i + 1]] + ' in round ' + n;
    }
    return 'no move in round ' + n;
  }

  /** Copies `methods` onto `proto` (without replacing what the game defines itself). */
  function mixin(proto, methods) {
    for (var k in methods) {
      if (Object.prototype.hasOwnProperty.call(methods, k) && !Object.prototype.hasOwnProperty.call(proto, k)) {
        proto[k] = methods[k];
      }
    }
  }

  // -------------------------------------------------------------------------------------
  // Drawing.

  function hexRgb(h) {
    var v = parseInt(h.slice(1), 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }

  /** Moves the colour `c` ([r, g, b], changed in place) a fraction `a` towards `to`. */
  function tint(c, to, a) {
    c[0] += (to[0] - c[0]) * a;
    c[1] += (to[1] - c[1]) * a;
    c[2] += (to[2] - c[2]) * a;
    return c;
  }

  function cssRgb(c) {
    return 'rgb(' + c.map(Math.round).join(',') + ')';
  }

  function makeCanvas(w, h) {
    var c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    return c;
  }

  function ease(t) {
    return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
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

  /** Sets up the shared fields of a game's view; its prototype gets `viewMethods`. */
  function initView(v, model, canvas, colors) {
    v.model = model;
    v.canvas = canvas;
    v.ctx = canvas.getContext('2d');
    v.colors = colors;
    v.rgb = colors.map(hexRgb);
    var b = model.board;
    v.cellCanvas = makeCanvas(b.cols, b.rows);
    v.cellCtx = v.cellCanvas.getContext('2d');
    v.cellImage = v.cellCtx.createImageData(b.cols, b.rows);
    v.cellFrame = -1;
    v.gridCanvas = null;
    v.cell = 1;
    v.dpr = 1;
  }

  var viewMethods = {
    /** Fits the board in cssW x cssH CSS pixels: whole device pixels per cell, so it stays crisp. */
    layout: function (cssW, cssH, dpr) {
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
    },

    /** Recolours the one-pixel-per-cell layer with the game's cellRgb(frame, k, out). */
    paintCells: function (f) {
      var b = this.model.board, d = this.cellImage.data, c = [0, 0, 0];
      for (var k = 0; k < b.n; k++) {
        this.cellRgb(f, k, c);
        var q = 4 * k;
        d[q] = c[0];
        d[q + 1] = c[1];
        d[q + 2] = c[2];
        d[q + 3] = 255;
      }
      this.cellCtx.putImageData(this.cellImage, 0, 0);
      this.cellFrame = f.index;
    },

    /** The cell layer scaled to the canvas, and the grid lines when cells are large enough. */
    drawCells: function (f) {
      var ctx = this.ctx;
      if (this.cellFrame !== f.index) this.paintCells(f);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(this.cellCanvas, 0, 0, this.canvas.width, this.canvas.height);
      if (this.gridCanvas) ctx.drawImage(this.gridCanvas, 0, 0);
    },

    /**
     * Where unit u is drawn: its cell's top-left corner, sliding from its previous cell (in
     * `prev`, or none) when it moved one cell, eased by `anim` (0..1). Returns [x, y, slid].
     */
    unitXY: function (f, prev, u, anim, c) {
      var cols = this.model.board.cols;
      var x = (f.pos[u] % cols) * c, y = Math.floor(f.pos[u] / cols) * c;
      if (prev) {
        var pk = prev.pos[u];
        var px = (pk % cols) * c, py = Math.floor(pk / cols) * c;
        if (Math.abs(px - x) + Math.abs(py - y) === c) {
          var e = ease(anim);
          return [px + (x - px) * e, py + (y - py) * e, true];
        }
      }
      return [x, y, false];
    },

    /** The round's moves as arrows (white, outlined) from each unit's cell before the round
     * towards the cell it moved or tried to move into. */
    drawMoves: function (ctx, prev, f, c) {
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
    },

    drawHover: function (ctx, k, c) {
      var cols = this.model.board.cols;
      ctx.strokeStyle = 'rgba(0,0,0,0.8)';
      ctx.lineWidth = Math.max(1, c / 12);
      ctx.strokeRect((k % cols) * c + 0.5, Math.floor(k / cols) * c + 0.5, c - 1, c - 1);
    },

    /** The cell under canvas CSS coordinates (x, y), or -1. */
    cellAt: function (x, y) {
      var b = this.model.board, c = this.cell / this.dpr;
      var i = Math.floor(y / c), j = Math.floor(x / c);
      if (i < 0 || j < 0 || i >= b.rows || j >= b.cols) return -1;
      return i * b.cols + j;
    },

    /** The unit on cell k in frame n, or -1. */
    unitOn: function (n, k) {
      if (k < 0) return -1;
      return this.model.unitAt(this.model.frame(n))[k];
    },
  };

  var api = {
    DIRS: DIRS,
    DIR_NAMES: DIR_NAMES,
    I32_MIN: I32_MIN,
    I32_MAX: I32_MAX,
    readCells: readCells,
    readPacked: readPacked,
    readBoard: readBoard,
    checkBoard: checkBoard,
    readOwners: readOwners,
    readPlayers: readPlayers,
    readPositions: readPositions,
    readColumn: readColumn,
    readMoves: readMoves,
    readRound: readRound,
    pos: pos,
    decodeFrames: decodeFrames,
    newStats: newStats,
    countFrame: countFrame,
    slice4: slice4,
    initModel: initModel,
    modelMethods: modelMethods,
    orderText: orderText,
    mixin: mixin,
    hexRgb: hexRgb,
    tint: tint,
    cssRgb: cssRgb,
    makeCanvas: makeCanvas,
    ease: ease,
    roundRect: roundRect,
    arrow: arrow,
    initView: initView,
    viewMethods: viewMethods,
  };
  root.ArenaGrid = api;
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
})(typeof self !== 'undefined' ? self : this);
