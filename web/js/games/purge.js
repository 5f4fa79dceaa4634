// The Purge's part of the viewer: decoding its replay sections, retelling each round (orders,
// fights, deaths, rebirths) and drawing the city by day and by night.
//
// Mirrors engine/src/games/purge/replay.rs (docs/replay-format.md, section 9d): the board is
// street or building, the citizens columns (alive, position, weapon, life) with new ids as they
// are reborn, the items and barricades as changes, the clans' money and kill points, and the
// round's orders and fights. Frames, the scoreboard figures and the drawing helpers come from
// js/grid.js. Registers itself with ArenaReplay.
(function (root) {
  'use strict';

  var AR = root.ArenaReplay || (typeof require !== 'undefined' ? require('../replay.js') : null);
  var G = root.ArenaGrid || (typeof require !== 'undefined' ? require('../grid.js') : null);
  var corrupt = AR.corrupt;

  var BUILDER = 0, WARRIOR = 1;
  var KIND_NAMES = ['builder', 'warrior'];
  /** Weapon codes of the bot ABI: the kit's WeaponType order. */
  var WEAPON_NAMES = ['hammer', 'gun', 'bazooka', 'none'];
  var NO_WEAPON = 3;
  /** Item codes of the bot ABI (0 none). */
  var ITEM_NAMES = [null, 'money', 'food', 'gun', 'bazooka'];
  /** Direction codes: the kit's Dir order (Down, Right, Up, Left), then 4 for none. */
  var DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1], [0, 0]];
  var DIR_NAMES = ['Down', 'Right', 'Up', 'Left', 'none'];

  // -------------------------------------------------------------------------------------
  // Board and frames.

  function readBoard(r) {
    var rows = r.bounded(1001, 'rows');
    var cols = r.bounded(1001, 'cols');
    var n = rows * cols;
    var raw = r.bytes(n, 'cells');
    var building = new Uint8Array(n);
    for (var k = 0; k < n; k++) {
      if (raw[k] > 1) throw corrupt('cell type ' + raw[k]);
      building[k] = raw[k];
    }
    return { rows: rows, cols: cols, n: n, building: building };
  }

  function baseline(cells) {
    return {
      index: 0,
      round: 0,
      kind: new Uint8Array(0),
      player: new Uint8Array(0),
      alive: new Uint8Array(0),
      pos: new Int32Array(0),
      weapon: new Uint8Array(0),
      life: new Float64Array(0),
      item: new Uint8Array(cells),
      bOwner: new Int8Array(cells).fill(-1),
      bResistance: new Float64Array(cells),
      money: [0, 0, 0, 0],
      kills: [0, 0, 0, 0],
      orders: new Int32Array(0),
      fights: [],
      reborn: [],
    };
  }


  /** The orders: per player a count, each citizen as its rank among that player's citizens
   * alive before the round and not named yet, then 4-bit codes (8 for a build, plus the
   * direction); then the execution order as 2-bit player fields. Returns [citizen, code, ...]
   * in execution order. */
  function readOrders(r, prev) {
    var groups = [], total = 0;
    for (var p = 0; p < 4; p++) {
      var left = [];
      for (var c = 0; c < prev.alive.length; c++) if (prev.alive[c] && prev.player[c] === p) left.push(c);
      var len = r.bounded(left.length + 1, 'order count');
      var ids = [];
      for (var i = 0; i < len; i++) {
        var rank = r.varint('ordered citizen');
        if (!(rank < left.length)) throw corrupt('ordered citizen out of range');
        ids.push(left.splice(rank, 1)[0]);
      }
      var codes = G.readPacked(r, len, 4, 'order codes');
      var g = [];
      for (i = 0; i < len; i++) {
        if ((codes[i] & 7) > 4) throw corrupt('order code ' + codes[i]);
        g.push([ids[i], codes[i]]);
      }
      groups.push({ orders: g, next: 0 });
      total += len;
    }
    var order = G.readPacked(r, total, 2, 'order player');
    var out = new Int32Array(2 * total);
    for (i = 0; i < total; i++) {
      var grp = groups[order[i]];
      if (grp.next >= grp.orders.length) throw corrupt('order player names a player with no order left');
      var o = grp.orders[grp.next++];
      out[2 * i] = o[0];
      out[2 * i + 1] = o[1];
    }
    return out;
  }

  function grow(a, n, Type) {
    var b = new Type(n);
    b.set(a);
    return b;
  }

  function readBody(r, board, prev) {
    var cells = board.n, cols = board.cols;
    var f = baseline(0);
    f.round = G.readRound(r);
    var old = prev.alive.length;
    var n = r.varint('citizen count');
    if (!(n >= old && n - old <= cells)) throw corrupt('citizen count ' + n + ' (was ' + old + ')');
    f.kind = grow(prev.kind, n, Uint8Array);
    f.player = grow(prev.player, n, Uint8Array);
    f.alive = grow(prev.alive, n, Uint8Array);
    f.weapon = grow(prev.weapon, n, Uint8Array);
    f.life = grow(prev.life, n, Float64Array);
    for (var id = old; id < n; id++) {
      var t = r.u8('citizen type');
      if (t > 1) throw corrupt('citizen ' + id + ' has type ' + t);
      var pl = r.u8('citizen player');
      if (pl >= 4) throw corrupt('citizen ' + id + ' has player ' + pl);
      f.kind[id] = t;
      f.player[id] = pl;
      f.weapon[id] = NO_WEAPON;
      f.reborn.push(id);
    }
    f.orders = readOrders(r, prev);
    for (var c = 0; c < n; c++) {
      var x = r.u8('citizen alive');
      if (x > 1) throw corrupt('citizen ' + c + ' alive flag ' + x);
      f.alive[c] ^= x;
    }
    // Positions are differences from where each citizen's move order would take it.
    var guess = new Float64Array(n);
    for (c = 0; c < old; c++) guess[c] = prev.pos[c];
    for (var i = 0; i < f.orders.length; i += 2) {
      var code = f.orders[i + 1];
      if (code < 8) guess[f.orders[i]] += DIRS[code & 7][0] * cols + DIRS[code & 7][1];
    }
    f.pos = new Int32Array(n);
    for (c = 0; c < n; c++) {
      var k = guess[c] + r.signed('citizen position');
      if (!(k >= 0 && k < cells)) throw corrupt('citizen ' + c + ' is off the board');
      f.pos[c] = k;
    }
    for (c = 0; c < n; c++) {
      var w = f.weapon[c] ^ r.u8('citizen weapon');
      if (w > NO_WEAPON) throw corrupt('citizen ' + c + ' has weapon ' + w);
      f.weapon[c] = w;
    }
    for (c = 0; c < n; c++) f.life[c] += r.signed('citizen life');
    f.item = Uint8Array.from(prev.item);
    var items = G.readCells(r, cells, 'item change');
    for (i = 0; i < items.length; i++) {
      var it = r.u8('item');
      if (it > 4) throw corrupt('item code ' + it);
      f.item[items[i]] = it;
    }
    f.bOwner = Int8Array.from(prev.bOwner);
    f.bResistance = Float64Array.from(prev.bResistance);
    var bar = G.readCells(r, cells, 'barricade change');
    for (i = 0; i < bar.length; i++) {
      var o = r.u8('barricade owner');
      if (o > 4) throw corrupt('barricade owner ' + o + ' out of range');
      f.bOwner[bar[i]] = o - 1;
      f.bResistance[bar[i]] = o > 0 ? r.varint('barricade resistance') : 0;
    }
    f.money = prev.money.map(function (v) {
      return v + r.signed('points');
    });
    f.kills = prev.kills.map(function (v) {
      return v + r.signed('points');
    });
    var nf = r.bounded(n * 4 + 1, 'fight count');
    for (i = 0; i < nf; i++) {
      var a = r.bounded(n, 'attacker'), d = r.bounded(n, 'defender'), flags = r.u8('fight flags');
      if (flags > 3) throw corrupt('fight flags ' + flags);
      f.fights.push({ attacker: a, defender: d, attacker_won: (flags & 1) !== 0, killed: (flags & 2) !== 0 });
    }
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
    var f0 = readBody(r, board, baseline(board.n));
    f0.reborn = [];
    r.finish('the initial state');
    f0.index = 0;
    var F = c.rounds.count + 1;
    var snapBytes = 10 * board.n + f0.alive.length * 20 + 256;
    var stats = G.newStats(F, ['builders', 'warriors', 'barricades']);
    stats.money = new Float64Array(4 * F);
    stats.kills = new Float64Array(4 * F);
    var kept = G.decodeFrames(c, f0, snapBytes, function (prev, bytes) {
      return stepFrame(board, prev, bytes);
    }, function (f) {
      var o = 4 * f.index, k;
      for (k = 0; k < f.alive.length; k++) {
        if (f.alive[k]) (f.kind[k] === BUILDER ? stats.builders : stats.warriors)[o + f.player[k]]++;
      }
      for (k = 0; k < f.bOwner.length; k++) if (f.bOwner[k] >= 0) stats.barricades[o + f.bOwner[k]]++;
      for (var p = 0; p < 4; p++) {
        stats.money[o + p] = f.money[p];
        stats.kills[o + p] = f.kills[p];
      }
    });
    return new PurgeModel(c, board, kept, stats);
  }

  function PurgeModel(c, board, kept, stats) {
    G.initModel(this, c, board, kept.snaps[0].alive.length, kept, stats, 'The Purge');
    var p = c.header.params || {};
    this.roundsPerDay = Math.max(2, p.num_rounds_per_day || 50);
  }

  PurgeModel.prototype.step = function (f, bytes) {
    return stepFrame(this.board, f, bytes);
  };
  /** Per-player figures shown in the scoreboard, besides score and CPU. */
  PurgeModel.prototype.fields = [
    { key: 'builders', label: 'Builders', title: 'builders of the clan on the board' },
    { key: 'warriors', label: 'Warriors', title: 'warriors of the clan on the board' },
    { key: 'barricades', label: 'Barricades', title: 'barricades the clan has' },
    { key: 'money', label: 'Money', title: 'points from money' },
    { key: 'kills', label: 'Kills', title: 'points from kills' },
  ];

  /** Whether frame f's round (the next one to play) is daylight. */
  PurgeModel.prototype.isDay = function (f) {
    return f.round % this.roundsPerDay < this.roundsPerDay / 2;
  };

  /** Citizen id standing on each cell of frame f (-1 when none): the alive ones only. */
  PurgeModel.prototype.unitAt = function (f) {
    if (f.unitAt) return f.unitAt;
    var a = new Int32Array(this.board.n).fill(-1);
    for (var u = 0; u < f.pos.length; u++) if (f.alive[u]) a[f.pos[u]] = u;
    f.unitAt = a;
    return a;
  };

  /** The same JSON as `arena replay FILE --frame N`. */
  PurgeModel.prototype.frameJson = function (n) {
    var f = this.frame(n), s = this.stats, cols = this.board.cols;
    var citizens = [], items = [], barricades = [];
    for (var u = 0; u < f.alive.length; u++) {
      citizens.push({
        id: u,
        kind: KIND_NAMES[f.kind[u]],
        player: f.player[u],
        alive: f.alive[u] === 1,
        row: Math.floor(f.pos[u] / cols),
        col: f.pos[u] % cols,
        weapon: WEAPON_NAMES[f.weapon[u]],
        life: f.life[u],
      });
    }
    for (var k = 0; k < this.board.n; k++) {
      if (f.item[k]) items.push([Math.floor(k / cols), k % cols, ITEM_NAMES[f.item[k]]]);
      if (f.bOwner[k] >= 0) barricades.push([f.bOwner[k], Math.floor(k / cols), k % cols, f.bResistance[k]]);
    }
    var orders = [];
    for (var i = 0; i < f.orders.length; i += 2) {
      var code = f.orders[i + 1];
      orders.push([f.orders[i], code & 8 ? 'build' : 'move', DIR_NAMES[code & 7]]);
    }
    return {
      round: f.round,
      scores: this.scores(n),
      cpu: this.cpu(n),
      frozen: this.frozen(n),
      day: this.isDay(f),
      builders: G.slice4(s.builders, n),
      warriors: G.slice4(s.warriors, n),
      barricades: G.slice4(s.barricades, n),
      money_points: f.money.slice(),
      kill_points: f.kills.slice(),
      citizens: citizens,
      items: items,
      barricade_cells: barricades,
      orders: orders,
      fights: f.fights.map(function (x) {
        return { attacker: x.attacker, defender: x.defender, attacker_won: x.attacker_won, killed: x.killed };
      }),
    };
  };

  /** What happened to citizen u in frame n's round, as text. */
  PurgeModel.prototype.storyOf = function (n, u) {
    if (n === 0) return '—';
    var f = this.frame(n), out = [];
    for (var i = 0; i < f.orders.length; i += 2) {
      if (f.orders[i] === u) {
        var code = f.orders[i + 1];
        out.push((code & 8 ? 'built ' : 'ordered ') + DIR_NAMES[code & 7]);
        break;
      }
    }
    f.fights.forEach(function (x) {
      if (x.attacker === u) out.push((x.attacker_won ? (x.killed ? 'killed' : 'wounded') : 'lost against') + ' citizen ' + x.defender);
      if (x.defender === u) out.push((x.attacker_won ? (x.killed ? 'killed by' : 'wounded by') : 'fought off') + ' citizen ' + x.attacker);
    });
    if (f.reborn.indexOf(u) >= 0) out.push('came back');
    return out.length ? out.join('; ') + ' in round ' + n : 'nothing in round ' + n;
  };

  /** Rows of [label, value] describing citizen u in frame n. */
  PurgeModel.prototype.describeUnit = function (n, u) {
    var f = this.frame(n);
    var rows = [['Citizen', String(u)], ['Type', KIND_NAMES[f.kind[u]]], ['Player', this.playerText(f.player[u])]];
    if (!f.alive[u]) rows.push(['State', 'dead']);
    rows.push(['Position', this.positionText(f.pos[u])]);
    if (f.kind[u] === WARRIOR) rows.push(['Weapon', WEAPON_NAMES[f.weapon[u]]]);
    rows.push(['Life', String(f.life[u])]);
    rows.push(['Round', this.storyOf(n, u)]);
    return rows;
  };
  /** Rows of [label, value] describing cell k in frame n. */
  PurgeModel.prototype.describeCell = function (n, k) {
    var f = this.frame(n), b = this.board;
    var rows = [['Cell', this.positionText(k) + ' (' + (b.building[k] ? 'building' : 'street') + ')']];
    if (f.item[k]) rows.push(['Item', ITEM_NAMES[f.item[k]]]);
    if (f.bOwner[k] >= 0) rows.push(['Barricade', this.playerText(f.bOwner[k]) + ', resistance ' + f.bResistance[k]]);
    rows.push(['Time', this.isDay(f) ? 'day' : 'night']);
    return rows;
  };
  G.mixin(PurgeModel.prototype, G.modelMethods);
  PurgeModel.prototype.createView = function (canvas, colors) {
    return new PurgeView(this, canvas, colors);
  };

  // -------------------------------------------------------------------------------------
  // Drawing: streets light by day and dimmed by night, buildings dark, barricades as a frame
  // in their clan's colour (thicker as they resist more), money as a gold coin, food as a
  // green disc, guns and bazookas as grey and black bars; builders as discs, warriors as
  // diamonds with their weapon's mark, in their clan's colour; life as a bar under each citizen.

  var STREET_RGB = [238, 236, 228];
  var NIGHT_RGB = [150, 152, 172];
  var BUILDING_RGB = [88, 84, 96];
  var CELL_RGB = [STREET_RGB, BUILDING_RGB, NIGHT_RGB];
  var ITEM_COLORS = [null, '#e8b400', '#2e9e3a', '#7a7a7a', '#1a1a1a'];

  function PurgeView(model, canvas, colors) {
    G.initView(this, model, canvas, colors);
  }

  PurgeView.prototype.cellRgb = function (f, k, out) {
    var b = this.model.board;
    var base = b.building[k] ? BUILDING_RGB : this.model.isDay(f) ? STREET_RGB : NIGHT_RGB;
    out[0] = base[0];
    out[1] = base[1];
    out[2] = base[2];
    if (!b.building[k] && f.bOwner[k] >= 0) G.tint(out, this.rgb[f.bOwner[k]], 0.3);
  };

  PurgeView.prototype.draw = function (n, opts) {
    var m = this.model, b = m.board, f = m.frame(n), ctx = this.ctx, c = this.cell, cols = b.cols;
    // The cell layer depends on day and night and barricades: repaint it for every frame.
    this.drawCells(f);
    var maxRes = (m.header.params && m.header.params.barricade_max_resistance) || 320;
    for (var k = 0; k < b.n; k++) {
      var x = (k % cols) * c, y = Math.floor(k / cols) * c;
      if (f.bOwner[k] >= 0) {
        this.drawBarricade(ctx, f.bOwner[k], f.bResistance[k] / maxRes, x, y, c);
        if (c >= 18) drawResistance(ctx, f.bResistance[k], x, y, c);
      }
      if (f.item[k]) drawItem(ctx, f.item[k], x, y, c);
    }
    var anim = opts.anim === undefined ? 1 : opts.anim;
    var prev = anim < 1 && n > 0 ? m.frame(n - 1) : null;
    for (var u = 0; u < f.pos.length; u++) {
      if (!f.alive[u]) continue;
      var xy = prev && u < prev.alive.length && prev.alive[u] ? this.unitXY(f, prev, u, anim, c) : [(f.pos[u] % cols) * c, Math.floor(f.pos[u] / cols) * c];
      this.drawCitizen(ctx, f.kind[u], f.player[u], f.weapon[u], f.life[u] / this.maxLife(f.kind[u]), xy[0], xy[1], c, u === opts.selected);
    }
    if (opts.moves && n > 0) this.drawOrders(ctx, m.frame(n - 1), f, c);
    if (opts.hover >= 0) this.drawHover(ctx, opts.hover, c);
  };

  PurgeView.prototype.maxLife = function (kind) {
    var p = this.model.header.params || {};
    return (kind === BUILDER ? p.builder_ini_life : p.warrior_ini_life) || (kind === BUILDER ? 60 : 100);
  };

  PurgeView.prototype.drawBarricade = function (ctx, player, strength, x, y, c) {
    var w = Math.max(1, c * (0.08 + 0.14 * Math.min(1, Math.max(0, strength))));
    ctx.lineWidth = w;
    ctx.strokeStyle = this.colors[player];
    ctx.strokeRect(x + w / 2, y + w / 2, c - w, c - w);
  };

  /** A barricade's resistance, small in its cell's top-left corner. */
  function drawResistance(ctx, value, x, y, c) {
    ctx.font = 'bold ' + Math.floor(c * 0.26) + 'px sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.lineWidth = Math.max(2, c / 10);
    ctx.strokeStyle = '#000';
    ctx.strokeText(String(value), x + c * 0.16, y + c * 0.12);
    ctx.fillStyle = '#fff';
    ctx.fillText(String(value), x + c * 0.16, y + c * 0.12);
  }

  function drawItem(ctx, code, x, y, c) {
    var cx = x + c / 2, cy = y + c / 2;
    ctx.fillStyle = ITEM_COLORS[code];
    ctx.strokeStyle = '#000';
    ctx.lineWidth = Math.max(1, c / 14);
    ctx.beginPath();
    if (code === 1 || code === 2) {
      ctx.arc(cx, cy, c * (code === 1 ? 0.24 : 0.2), 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      // A coin is marked with a dollar sign, so that it is not taken for a citizen of the
      // yellow clan.
      if (code === 1 && c >= 12) {
        ctx.font = 'bold ' + Math.floor(c * 0.34) + 'px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillStyle = '#5a3d00';
        ctx.fillText('$', cx, cy + 1);
      }
    } else {
      var len = code === 4 ? 0.7 : 0.5;
      ctx.rect(cx - (c * len) / 2, cy - c * 0.09, c * len, c * 0.18);
      ctx.fill();
      ctx.stroke();
    }
  }

  /** A builder as a disc, a warrior as a diamond marked with its weapon's initial; a life bar. */
  PurgeView.prototype.drawCitizen = function (ctx, kind, player, weapon, life, x, y, c, selected) {
    var cx = x + c / 2, cy = y + c * 0.45, r = c * 0.36;
    ctx.fillStyle = this.colors[player];
    ctx.beginPath();
    if (kind === BUILDER) {
      ctx.arc(cx, cy, r * 0.9, 0, 2 * Math.PI);
    } else {
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
    }
    ctx.fill();
    ctx.lineWidth = Math.max(1, c / 12);
    ctx.strokeStyle = '#111';
    ctx.stroke();
    if (kind === WARRIOR && weapon !== NO_WEAPON && c >= 12) {
      var mark = 'HGB'[weapon];
      ctx.font = 'bold ' + Math.floor(c * 0.42) + 'px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#fff';
      ctx.fillText(mark, cx, cy + 1);
    }
    if (c >= 8) {
      var bw = c * 0.8, bh = Math.max(1, c * 0.08);
      ctx.fillStyle = '#300';
      ctx.fillRect(x + c * 0.1, y + c * 0.88, bw, bh);
      ctx.fillStyle = '#2ecc40';
      ctx.fillRect(x + c * 0.1, y + c * 0.88, bw * Math.min(1, Math.max(0, life)), bh);
    }
    if (selected) {
      ctx.beginPath();
      ctx.arc(cx, cy, c * 0.6, 0, 2 * Math.PI);
      ctx.lineWidth = Math.max(2, c / 7);
      ctx.strokeStyle = '#000';
      ctx.stroke();
      ctx.lineWidth = Math.max(1, c / 14);
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
  };

  /** The round's orders as arrows from each citizen's cell before the round (builds dashed). */
  PurgeView.prototype.drawOrders = function (ctx, prev, f, c) {
    var cols = this.model.board.cols;
    for (var pass = 0; pass < 2; pass++) {
      for (var i = 0; i < f.orders.length; i += 2) {
        var u = f.orders[i], code = f.orders[i + 1], d = DIRS[code & 7];
        if (d[0] === 0 && d[1] === 0) continue;
        var k = prev.pos[u];
        var xc = (k % cols) * c + c / 2, yc = Math.floor(k / cols) * c + c / 2;
        ctx.setLineDash(code & 8 ? [c / 6, c / 8] : []);
        G.arrow(ctx, xc + d[1] * c * 0.1, yc + d[0] * c * 0.1, xc + d[1] * c * 0.95, yc + d[0] * c * 0.95, c, pass);
      }
    }
    ctx.setLineDash([]);
  };

  /** Legend entries: { label, draw(ctx, size) }. */
  PurgeView.prototype.legend = function () {
    var self = this;
    function cellSwatch(rgb) {
      return function (ctx, s) {
        ctx.fillStyle = G.cssRgb(rgb);
        ctx.fillRect(0, 0, s, s);
      };
    }
    function itemSwatch(code) {
      return function (ctx, s) {
        cellSwatch(STREET_RGB)(ctx, s);
        drawItem(ctx, code, 0, 0, s);
      };
    }
    function citizenSwatch(kind, weapon) {
      return function (ctx, s) {
        cellSwatch(STREET_RGB)(ctx, s);
        self.drawCitizen(ctx, kind, 0, weapon, 1, 0, 0, s, false);
      };
    }
    return [
      { label: 'street by day', draw: cellSwatch(STREET_RGB) },
      { label: 'street by night', draw: cellSwatch(NIGHT_RGB) },
      { label: 'building', draw: cellSwatch(BUILDING_RGB) },
      { label: 'barricade (thicker: more resistance)', draw: function (ctx, s) {
        cellSwatch(STREET_RGB)(ctx, s);
        self.drawBarricade(ctx, 0, 0.6, 0, 0, s);
      } },
      { label: 'money', draw: itemSwatch(1) },
      { label: 'food', draw: itemSwatch(2) },
      { label: 'gun', draw: itemSwatch(3) },
      { label: 'bazooka', draw: itemSwatch(4) },
      { label: 'builder (life bar)', draw: citizenSwatch(BUILDER, NO_WEAPON) },
      { label: 'warrior (H hammer, G gun, B bazooka)', draw: citizenSwatch(WARRIOR, 0) },
    ];
  };

  G.mixin(PurgeView.prototype, G.viewMethods);

  var module_ = {
    name: 'purge',
    title: 'The Purge',
    decode: decode,
    DIR_NAMES: DIR_NAMES,
    CELL_RGB: CELL_RGB,
    ITEM_COLORS: ITEM_COLORS,
  };
  AR.registerGame('purge', module_);
  if (typeof module !== 'undefined' && module.exports) module.exports = module_;
})(typeof self !== 'undefined' ? self : this);
