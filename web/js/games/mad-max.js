// Mad Max's part of the viewer: decoding its replay sections, retelling each round (moves,
// units lost and back for another team) and drawing the desert.
//
// Mirrors engine/src/games/mad_max/replay.rs (docs/replay-format.md, section 9e): the board is
// a cell type per cell (the cities are its 4-connected groups of City cells, numbered in
// row-major order of their first cell), then the units' types and the players' scores at
// round 0; each round body is the round, the moves executed, and per unit its player (XOR), its
// position (difference from where its executed move would take it), its food (a car's fuel)
// and water, then each city's owner (XOR). Player p moves its units in the rounds r with
// r mod 4 = p; cars with fuel on a road move every round. Frames, the scoreboard figures and
// the drawing helpers come from js/grid.js. Registers itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var G = root.ArenaGrid || (typeof require !== 'undefined' ? require('../grid.js') : null);
  var corrupt = AR.corrupt;
  var NB_PLAYERS = AR.NB_PLAYERS;

  /** The kit's CellType codes. */
  var DESERT = 0, ROAD = 1, CITY = 2, WATER = 3, STATION = 4, WALL = 5;
  var CELL_NAMES = ['desert', 'road', 'city', 'water', 'station', 'wall'];
  /** The kit's UnitType codes. */
  var WARRIOR = 0, CAR = 1;
  var KIND_NAMES = ['warrior', 'car'];
  /** The kit's eight directions, counter-clockwise from Bottom: [row, column] steps (code 8,
   * None, is never written). */
  var DIRS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
  var DIR_NAMES = ['Bottom', 'BR', 'Right', 'RT', 'Top', 'TL', 'Left', 'LB', 'None'];
  var I32_MIN = G.I32_MIN, I32_MAX = G.I32_MAX;
  var FOUR = [[-1, 0], [1, 0], [0, -1], [0, 1]];

  // -------------------------------------------------------------------------------------
  // Board and frames.

  /** Rows, cols, a cell type per cell; the cities as Board::new finds them. */
  function readBoard(r) {
    var rows = r.bounded(1001, 'rows');
    var cols = r.bounded(1001, 'cols');
    var n = rows * cols;
    var raw = r.bytes(n, 'cells');
    var types = new Uint8Array(n);
    for (var k = 0; k < n; k++) {
      if (raw[k] > WALL) throw corrupt('cell type ' + raw[k]);
      types[k] = raw[k];
    }
    var cityId = new Int32Array(n).fill(-1);
    var cities = [];
    for (k = 0; k < n; k++) {
      if (types[k] !== CITY || cityId[k] >= 0) continue;
      var id = cities.length, group = [k];
      cityId[k] = id;
      for (var next = 0; next < group.length; next++) {
        var q = group[next], qi = Math.floor(q / cols), qj = q % cols;
        for (var d = 0; d < 4; d++) {
          var i = qi + FOUR[d][0], j = qj + FOUR[d][1];
          if (i < 0 || j < 0 || i >= rows || j >= cols) continue;
          var c = i * cols + j;
          if (types[c] === CITY && cityId[c] < 0) {
            cityId[c] = id;
            group.push(c);
          }
        }
      }
      cities.push(Int32Array.from(group).sort());
    }
    // Whether a Water (a Station) cell is among each cell's 8 neighbours.
    var nearWater = new Uint8Array(n), nearStation = new Uint8Array(n);
    for (k = 0; k < n; k++) {
      var ki = Math.floor(k / cols), kj = k % cols;
      for (d = 0; d < 8; d++) {
        var ni = ki + DIRS[d][0], nj = kj + DIRS[d][1];
        if (ni < 0 || nj < 0 || ni >= rows || nj >= cols) continue;
        var t = types[ni * cols + nj];
        if (t === WATER) nearWater[k] = 1;
        if (t === STATION) nearStation[k] = 1;
      }
    }
    return {
      rows: rows, cols: cols, n: n, types: types, cities: cities, cityId: cityId,
      nearWater: nearWater, nearStation: nearStation,
    };
  }

  function baseline(nbUnits, nbCities) {
    return {
      index: 0,
      round: 0,
      player: new Uint8Array(nbUnits),
      pos: new Int32Array(nbUnits),
      food: new Int32Array(nbUnits),
      water: new Int32Array(nbUnits),
      cityOwner: new Uint8Array(nbCities),
      moves: new Int32Array(0),
    };
  }

  /** A round body (replay.rs read_body) against the previous frame. */
  function readBody(r, board, prev) {
    var U = prev.player.length, cols = board.cols, cells = board.n;
    var f = baseline(U, prev.cityOwner.length);
    f.round = G.readRound(r);
    var count = r.bounded(U + 1, 'move count');
    var moves = new Int32Array(2 * count);
    for (var i = 0; i < count; i++) {
      moves[2 * i] = r.bounded(U, 'moved unit');
      var code = r.u8('move direction');
      if (code > 7) throw corrupt('direction ' + code);
      moves[2 * i + 1] = code;
    }
    G.readPlayers(r, prev.player, f.player, 'unit');
    // Positions are differences from where each executed move would take its unit.
    var guess = Float64Array.from(prev.pos);
    for (i = 0; i < moves.length; i += 2) {
      var dir = DIRS[moves[i + 1]];
      guess[moves[i]] += dir[0] * cols + dir[1];
    }
    for (var u = 0; u < U; u++) {
      var k = guess[u] + r.signed('unit position');
      if (!(k >= 0 && k < cells)) throw corrupt('unit ' + u + ' is off the board');
      f.pos[u] = k;
    }
    for (u = 0; u < U; u++) {
      var food = prev.food[u] + r.signed('unit food');
      var water = prev.water[u] + r.signed('unit water');
      if (food < I32_MIN || food > I32_MAX) throw corrupt('food out of range');
      if (water < I32_MIN || water > I32_MAX) throw corrupt('water out of range');
      f.food[u] = food;
      f.water[u] = water;
    }
    for (var c = 0; c < f.cityOwner.length; c++) {
      var o = prev.cityOwner[c] ^ r.u8('city owner');
      if (o >= NB_PLAYERS) throw corrupt('city owner ' + o);
      f.cityOwner[c] = o;
    }
    f.moves = moves;
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
  // The model.

  function decode(c) {
    var r = new AR.Reader(c.initial);
    var board = readBoard(r);
    var nbUnits = r.bounded(board.n + 1, 'unit count');
    var kinds = new Uint8Array(nbUnits);
    for (var u = 0; u < nbUnits; u++) {
      var t = r.u8('unit type');
      if (t > CAR) throw corrupt('unit type ' + t);
      kinds[u] = t;
    }
    var initialScores = [];
    for (var p = 0; p < NB_PLAYERS; p++) initialScores.push(r.signed('initial score'));
    var f0 = readBody(r, board, baseline(nbUnits, board.cities.length));
    r.finish('the initial state');
    f0.index = 0;
    // The starting cities are scored once before round 0: frame 0's scores are those of the
    // initial section (the container's frame 0 is zeros, the first R being relative to 0).
    for (p = 0; p < NB_PLAYERS; p++) c.rounds.scores[p] = initialScores[p];
    var F = c.rounds.count + 1;
    var snapBytes = nbUnits * 13 + board.cities.length + 256;
    var stats = G.newStats(F, ['warriors', 'cars', 'cities']);
    var kept = G.decodeFrames(c, f0, snapBytes, function (prev, bytes) {
      return stepFrame(board, prev, bytes);
    }, function (f) {
      var o = 4 * f.index, k;
      for (k = 0; k < f.player.length; k++) (kinds[k] === WARRIOR ? stats.warriors : stats.cars)[o + f.player[k]]++;
      for (k = 0; k < f.cityOwner.length; k++) stats.cities[o + f.cityOwner[k]]++;
    });
    return new MadMaxModel(c, board, kinds, kept, stats);
  }

  function MadMaxModel(c, board, kinds, kept, stats) {
    G.initModel(this, c, board, kinds.length, kept, stats, 'Mad Max');
    var p = c.header.params || {};
    this.kinds = kinds;
    this.nbRounds = p.nb_rounds || c.rounds.count;
    this.warriorsHealth = p.warriors_health || 40;
    this.carsFuel = p.cars_fuel || 100;
  }

  MadMaxModel.prototype.step = function (f, bytes) {
    return stepFrame(this.board, f, bytes);
  };
  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  MadMaxModel.prototype.fields = [
    { key: 'cities', label: 'Cities', title: 'cities the team owns (each scores 1 point a round)' },
    { key: 'warriors', label: 'Warriors', title: 'warriors of the team' },
    { key: 'cars', label: 'Cars', title: 'cars of the team' },
    { key: 'turn', label: 'Turn', title: 'the team whose units move in this round (round mod 4); cars with fuel on a road move every round' },
  ];
  /** The mark of the team to move in the Turn column. */
  var TURN_MARK = '▶';

  /** The player whose units move in frame f's round (the next one to play): round mod 4, or
   * -1 once the match is over. */
  MadMaxModel.prototype.turnOf = function (f) {
    return f.round < this.nbRounds ? f.round % NB_PLAYERS : -1;
  };

  /** Values of the scoreboard's fields in frame n: counts, and the turn as a mark. */
  MadMaxModel.prototype.fieldValues = function (n) {
    var s = this.stats, turn = this.turnOf(this.frame(n));
    var out = { cities: G.slice4(s.cities, n), warriors: G.slice4(s.warriors, n), cars: G.slice4(s.cars, n), turn: [] };
    for (var p = 0; p < NB_PLAYERS; p++) out.turn.push(p === turn ? TURN_MARK : '');
    return out;
  };

  /** The same JSON as `arena replay FILE --frame N`. */
  MadMaxModel.prototype.frameJson = function (n) {
    var f = this.frame(n), s = this.stats, cols = this.board.cols;
    var units = [];
    for (var u = 0; u < f.player.length; u++) {
      units.push({
        id: u,
        kind: KIND_NAMES[this.kinds[u]],
        player: f.player[u],
        row: Math.floor(f.pos[u] / cols),
        col: f.pos[u] % cols,
        food: f.food[u],
        water: f.water[u],
      });
    }
    var moves = [];
    for (var i = 0; i < f.moves.length; i += 2) moves.push([f.moves[i], DIR_NAMES[f.moves[i + 1]]]);
    return {
      round: f.round,
      scores: this.scores(n),
      cpu: this.cpu(n),
      frozen: this.frozen(n),
      turn: f.round % NB_PLAYERS,
      warriors: G.slice4(s.warriors, n),
      cars: G.slice4(s.cars, n),
      cities: G.slice4(s.cities, n),
      units: units,
      city_owners: Array.from(f.cityOwner),
      moves: moves,
    };
  };

  /** Whether unit u may move in frame f's round (the kit's can_move). */
  MadMaxModel.prototype.canMove = function (f, u) {
    if (this.turnOf(f) < 0) return false;
    return f.player[u] === this.turnOf(f) || (this.kinds[u] === CAR && f.food[u] > 0 && this.board.types[f.pos[u]] === ROAD);
  };

  /** What happened to unit u in frame n's round, as text. */
  MadMaxModel.prototype.storyOf = function (n, u) {
    if (n === 0) return '—';
    var f = this.frame(n), prev = this.frame(n - 1), out = [];
    for (var i = 0; i < f.moves.length; i += 2) {
      if (f.moves[i] === u) {
        out.push('moved ' + DIR_NAMES[f.moves[i + 1]]);
        break;
      }
    }
    if (f.player[u] !== prev.player[u]) out.push('lost by player ' + prev.player[u] + ', back for player ' + f.player[u]);
    return out.length ? out.join('; ') + ' in round ' + (n - 1) : 'nothing in round ' + (n - 1);
  };

  /** Rows of [label, value] describing unit u in frame n. */
  MadMaxModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n), kind = this.kinds[u];
    var rows = [['Unit', String(u)], ['Type', KIND_NAMES[kind]], ['Player', this.playerText(f.player[u])],
      ['Position', this.positionText(f.pos[u])]];
    if (kind === WARRIOR) {
      rows.push(['Food', f.food[u] + ' / ' + this.warriorsHealth]);
      rows.push(['Water', f.water[u] + ' / ' + this.warriorsHealth]);
    } else {
      rows.push(['Fuel', f.food[u] + ' / ' + this.carsFuel]);
    }
    if (this.turnOf(f) >= 0) {
      var why = f.player[u] === this.turnOf(f) ? 'yes (its team\'s turn)' : this.canMove(f, u) ? 'yes (a car with fuel on a road)' : 'no';
      rows.push(['Moves in round ' + f.round, why]);
    }
    rows.push(['Last round', this.storyOf(n, u)]);
    return rows;
  };

  /** Rows of [label, value] describing cell k in frame n. */
  MadMaxModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board, t = b.types[k];
    var rows = [['Cell', this.positionText(k) + ' (' + CELL_NAMES[t] + ')']];
    var c = b.cityId[k];
    if (c >= 0) rows.push(['City', c + ' (' + b.cities[c].length + ' cells), ' + this.ownerText(f.cityOwner[c])]);
    var near = [];
    if (b.nearWater[k]) near.push('water (warriors refill water)');
    if (b.nearStation[k]) near.push('a station (cars refill fuel)');
    if (near.length) rows.push(['Next to', near.join('; ')]);
    var turn = this.turnOf(f);
    rows.push(['Turn', turn >= 0 ? 'round ' + f.round + ': player ' + this.playerText(turn) + ' moves' : 'the match is over']);
    return rows;
  };
  G.mixin(MadMaxModel.prototype, G.modelMethods);
  MadMaxModel.prototype.createView = function (canvas, colors) {
    return new MadMaxView(this, canvas, colors);
  };

  // -------------------------------------------------------------------------------------
  // Drawing: pale sand desert, grey roads, aqua water, orange stations (a white mark), near-black
  // walls; city cells in their owner's colour (neutral grey without one), outlined; warriors as
  // discs and cars as rounded boxes in their team's colour, with gauges under them (a warrior's
  // food green and water blue, a car's fuel orange); a frame round the board in the colour of
  // the team whose turn the round is.

  var DESERT_RGB = [240, 228, 200];
  var ROAD_RGB = [128, 124, 120];
  var CITY_RGB = [196, 192, 184];
  // Aqua, not blue: a city of the blue team must not look like a lake.
  var WATER_RGB = [80, 196, 204];
  var STATION_RGB = [240, 124, 20];
  var WALL_RGB = [44, 40, 38];
  var CELL_RGB = [DESERT_RGB, ROAD_RGB, CITY_RGB, WATER_RGB, STATION_RGB, WALL_RGB];
  /** How far a city cell goes from CITY_RGB towards its owner's colour. */
  var CITY_TINT = 0.75;
  var GAUGE = { food: '#2ecc40', water: '#29b6f6', fuel: '#ff9800', empty: '#330000' };

  function MadMaxView(model, canvas, colors) {
    G.initView(this, model, canvas, colors);
  }

  MadMaxView.prototype.cellRgb = function (f, k, out) {
    var b = this.model.board, t = b.types[k], base = CELL_RGB[t];
    out[0] = base[0];
    out[1] = base[1];
    out[2] = base[2];
    if (t === CITY) {
      var o = f.cityOwner[b.cityId[k]];
      if (o >= 0 && o < NB_PLAYERS) G.tint(out, this.rgb[o], CITY_TINT);
    }
  };

  /** Where unit u is drawn, sliding from its previous cell when it moved to a neighbour
   * (diagonals too). */
  MadMaxView.prototype.unitXY = function (f, prev, u, anim, c) {
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

  MadMaxView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell, cols = b.cols;
    // City owners change: the cell layer is repainted for every frame.
    this.drawCells(f);
    this.drawCityEdges(ctx, c);
    if (c >= 10) {
      for (var k = 0; k < b.n; k++) {
        if (b.types[k] === STATION) drawStationMark(ctx, (k % cols) * c, Math.floor(k / cols) * c, c);
      }
    }
    // The turn frame runs along the edge cells, under the units on them.
    var turn = m.turnOf(f);
    if (turn >= 0) this.drawTurn(ctx, turn);
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      var xy = this.unitXY(f, prev, u, anim, c);
      var kind = m.kinds[u];
      var full = kind === WARRIOR ? m.warriorsHealth : m.carsFuel;
      this.drawUnit(ctx, kind, f.player[u], f.food[u] / full, f.water[u] / m.warriorsHealth, xy[0], xy[1], c, u === opts.selected);
    }
    if (opts.moves && n > 0) this.drawMoves(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) this.drawHover(ctx, opts.hover, c);
  };

  /** The width in device pixels of the turn frame round the board. */
  MadMaxView.prototype.turnWidth = function () {
    return Math.max(2, Math.round(this.cell / 5));
  };

  /** A frame round the board in the colour of the team whose turn the round is. */
  MadMaxView.prototype.drawTurn = function (ctx, player) {
    var w = this.turnWidth();
    ctx.lineWidth = w;
    ctx.strokeStyle = this.colors[player];
    ctx.strokeRect(w / 2, w / 2, this.canvas.width - w, this.canvas.height - w);
  };

  /** Each city's outline: a dark line where a city cell meets a cell of another kind. */
  MadMaxView.prototype.drawCityEdges = function (ctx, c) {
    if (c < 4) return;
    var b = this.model.board, cols = b.cols, rows = b.rows, w = Math.max(1, Math.round(c / 10));
    ctx.fillStyle = 'rgba(20,16,12,0.75)';
    for (var id = 0; id < b.cities.length; id++) {
      var cells = b.cities[id];
      for (var i = 0; i < cells.length; i++) {
        var k = cells[i], ki = Math.floor(k / cols), kj = k % cols, x = kj * c, y = ki * c;
        if (ki === 0 || b.cityId[k - cols] !== id) ctx.fillRect(x, y, c, w);
        if (ki === rows - 1 || b.cityId[k + cols] !== id) ctx.fillRect(x, y + c - w, c, w);
        if (kj === 0 || b.cityId[k - 1] !== id) ctx.fillRect(x, y, w, c);
        if (kj === cols - 1 || b.cityId[k + 1] !== id) ctx.fillRect(x + c - w, y, w, c);
      }
    }
  };

  /** A station: a white fuel drop on its orange cell. */
  function drawStationMark(ctx, x, y, c) {
    var cx = x + c / 2, cy = y + c * 0.56, r = c * 0.2;
    ctx.beginPath();
    ctx.moveTo(cx, cy - r * 2);
    ctx.quadraticCurveTo(cx + r * 1.1, cy - r * 0.4, cx + r, cy);
    ctx.arc(cx, cy, r, 0, Math.PI);
    ctx.quadraticCurveTo(cx - r * 1.1, cy - r * 0.4, cx, cy - r * 2);
    ctx.closePath();
    ctx.fillStyle = '#fff';
    ctx.fill();
  }

  /**
   * Where a unit's gauges go in its cell (top-left corner x, y; c device pixels a side), in
   * whole device pixels so that they stay crisp: { food, water } for a warrior, { fuel } for a
   * car, each { x, y, w, h }; null when the cell is too small for gauges.
   */
  function gaugeRects(kind, x, y, c) {
    if (c < 8) return null;
    var bx = Math.round(x + c * 0.1), bw = Math.max(1, Math.round(c * 0.8));
    if (kind === WARRIOR) {
      var h = Math.max(1, Math.round(c * 0.1)), fy = Math.round(y + c * 0.74);
      return {
        food: { x: bx, y: fy, w: bw, h: h },
        water: { x: bx, y: fy + h + (c >= 12 ? 1 : 0), w: bw, h: h },
      };
    }
    return { fuel: { x: bx, y: Math.round(y + c * 0.76), w: bw, h: Math.max(1, Math.round(c * 0.14)) } };
  }

  /** A gauge: a dark bar filled from the left to `level` (0..1) in `color`. */
  function gauge(ctx, r, level, color) {
    ctx.fillStyle = GAUGE.empty;
    ctx.fillRect(r.x, r.y, r.w, r.h);
    ctx.fillStyle = color;
    ctx.fillRect(r.x, r.y, Math.round(r.w * Math.min(1, Math.max(0, level))), r.h);
  }

  /** A warrior as a disc with its food and water gauges, a car as a rounded box with its fuel
   * gauge, in the team's colour. */
  MadMaxView.prototype.drawUnit = function (ctx, kind, player, food, water, x, y, c, selected) {
    var cx = x + c / 2, cy = y + c * 0.4;
    ctx.fillStyle = this.colors[player];
    ctx.lineWidth = Math.max(1, c / 12);
    ctx.strokeStyle = '#111';
    if (kind === WARRIOR) {
      ctx.beginPath();
      ctx.arc(cx, cy, c * 0.3, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    } else {
      G.roundRect(ctx, x + c * 0.1, y + c * 0.14, c * 0.8, c * 0.52, c * 0.12);
      ctx.fill();
      ctx.stroke();
      if (c >= 10) {
        // A windscreen, so that a car reads as one.
        ctx.fillStyle = 'rgba(255,255,255,0.85)';
        ctx.fillRect(x + c * 0.56, y + c * 0.24, c * 0.2, c * 0.32);
      }
    }
    var g = gaugeRects(kind, x, y, c);
    if (g && kind === WARRIOR) {
      gauge(ctx, g.food, food, GAUGE.food);
      gauge(ctx, g.water, water, GAUGE.water);
    } else if (g) {
      gauge(ctx, g.fuel, food, GAUGE.fuel);
    }
    if (selected) {
      ctx.beginPath();
      ctx.arc(cx, y + c / 2, c * 0.62, 0, 2 * Math.PI);
      ctx.lineWidth = Math.max(2, c / 7);
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.lineWidth = Math.max(1, c / 14);
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
  };

  /** The round's moves as arrows from each unit's cell before the round. */
  MadMaxView.prototype.drawMoves = function (ctx, prev, f, c) {
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
  MadMaxView.prototype.legend = function () {
    var self = this;
    function cellSwatch(t, owner) {
      return function (ctx, s) {
        var base = CELL_RGB[t].slice();
        if (owner >= 0) G.tint(base, self.rgb[owner], CITY_TINT);
        ctx.fillStyle = G.cssRgb(base);
        ctx.fillRect(0, 0, s, s);
        if (t === STATION) drawStationMark(ctx, 0, 0, s);
      };
    }
    function unitSwatch(kind) {
      return function (ctx, s) {
        cellSwatch(DESERT, -1)(ctx, s);
        self.drawUnit(ctx, kind, 0, 0.8, 0.5, 0, 0, s, false);
      };
    }
    return [
      { label: 'desert', draw: cellSwatch(DESERT, -1) },
      { label: 'road', draw: cellSwatch(ROAD, -1) },
      { label: 'water', draw: cellSwatch(WATER, -1) },
      { label: 'station', draw: cellSwatch(STATION, -1) },
      { label: 'wall', draw: cellSwatch(WALL, -1) },
      { label: 'city (its owner\'s colour)', draw: cellSwatch(CITY, 0) },
      { label: 'warrior (food and water gauges)', draw: unitSwatch(WARRIOR) },
      { label: 'car (fuel gauge)', draw: unitSwatch(CAR) },
      { label: 'frame: the team whose turn it is', draw: function (ctx, s) {
        cellSwatch(DESERT, -1)(ctx, s);
        var w = Math.max(2, Math.round(s / 6));
        ctx.lineWidth = w;
        ctx.strokeStyle = self.colors[0];
        ctx.strokeRect(w / 2, w / 2, s - w, s - w);
      } },
    ];
  };

  G.mixin(MadMaxView.prototype, G.viewMethods);

  var module_ = {
    name: 'mad-max',
    title: 'Mad Max',
    decode: decode,
    DIR_NAMES: DIR_NAMES,
    CELL_NAMES: CELL_NAMES,
    CELL_RGB: CELL_RGB,
    CITY_TINT: CITY_TINT,
    GAUGE: GAUGE,
    gaugeRects: gaugeRects,
    TURN_MARK: TURN_MARK,
  };
  AR.registerGame('mad-max', module_);
  if (typeof module !== 'undefined' && module.exports) module.exports = module_;
})(typeof self !== 'undefined' ? self : this);
