// The replay reader (js/replay.js, js/grid.js, js/games/pandemic.js, js/games/ork-island.js)
// under Node, against the Rust reader (`arena replay`): every frame of real matches, damaged
// files, Ork Island's retelling of rounds, and the vendored decoder.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const fzstd = require('../vendor/fzstd.js');
const AR = require('../js/replay.js');
AR.setZstd(fzstd);
require('../js/games/pandemic.js');
const ORK = require('../js/games/ork-island.js');
require('../js/games/walking-dead.js');
require('../js/games/purge.js');
require('../js/games/mad-max.js');

const SMALL_CNF = `Pandemic v1
rows 20
cols 20
nb_rounds 50
nb_units 2
FIXED
XXXXXXXXXXXXXXXXXXXX
X..................X
X..................X
X..CCC........CCC..X
X..CCCPPPPPPPPCCC..X
X..CCC........CCC..X
X..................X
X..................X
X..................X
X..................X
X..................X
X..................X
X.......XXXX.......X
X.......XXXX.......X
X.......XXXX.......X
X..................X
X..................X
X..................X
X..................X
XXXXXXXXXXXXXXXXXXXX
units 8
id player row col health damage turns immune mask
0 0 1 1 100 2 0 0 0
1 0 1 3 100 0 0 0 1
2 1 1 18 100 3 0 0 0
3 1 1 16 100 0 0 1 0
4 2 18 1 100 4 0 0 0
5 2 18 3 100 0 0 0 0
6 3 18 18 100 0 0 0 0
7 3 18 16 100 0 0 0 0
masks 2
row col
9 9
10 2
`;

let dir;
test.before(() => {
  dir = h.tmpDir('arena-reader-');
});
test.after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function openFile(file) {
  return AR.open(fs.readFileSync(file));
}

function sameAsRust(file, step) {
  const model = openFile(file);
  const frames = [];
  for (let n = 0; n < model.frameCount; n += step) frames.push(n);
  if (frames[frames.length - 1] !== model.lastFrame) frames.push(model.lastFrame);
  for (const n of frames) {
    assert.deepEqual(model.frameJson(n), h.rustFrame(file, n), `frame ${n} of ${file}`);
  }
  return model;
}

test('every frame of a default match equals `arena replay --frame`', () => {
  const file = h.makeReplay(dir, 30);
  const model = sameAsRust(file, 1);
  assert.equal(model.frameCount, 201);
  assert.equal(model.board.rows, 70);
  const t = model.container.timings;
  console.log(`# node decode of a 200-round replay: zstd + checksum ${t.decompressMs.toFixed(1)} ms, ` +
    `container ${t.containerMs.toFixed(1)} ms, pandemic frames ${t.gameMs.toFixed(1)} ms`);
});

test('other seeds and bots agree with the Rust reader (every 7th frame)', () => {
  sameAsRust(h.makeReplay(dir, 7, ['Demo', 'Demo', 'Demo', 'Demo']), 7);
  sameAsRust(h.makeReplay(dir, 1234567, ['Null', 'Demo', 'Null', 'Demo']), 7);
});

test('a FIXED board with listed units and masks', () => {
  const cnf = path.join(dir, 'small.cnf');
  fs.writeFileSync(cnf, SMALL_CNF);
  const file = h.makeReplay(dir, 5, ['Demo', 'Demo', 'Null', 'Null'], ['--config', cnf]);
  const model = sameAsRust(file, 1);
  const f0 = model.frame(0);
  assert.equal(model.board.rows, 20);
  assert.deepEqual(Array.from(f0.masks), [9 * 20 + 9, 10 * 20 + 2]);
  assert.deepEqual(Array.from(f0.flags), [0, 2, 0, 1, 0, 0, 0, 0]);
  assert.deepEqual(Array.from(f0.damage), [2, 0, 3, 0, 4, 0, 0, 0]);
  assert.equal(f0.pos[2], 1 * 20 + 18);
  assert.match(model.describeUnit(0, 1).map((r) => r.join(': ')).join('\n'), /Mask: wearing one/);
});

test('frames come back the same through keyframes as when decoded in order', () => {
  const file = h.makeReplay(dir, 11);
  const a = openFile(file);
  const b = openFile(file);
  // Force a keyframe spacing of 16 on b and compare random accesses.
  b.every = 16;
  b.snaps = b.snaps.filter((_, i) => i % 16 === 0);
  b.cache = [];
  for (const n of [199, 3, 150, 151, 17, 16, 0, 200, 64, 63]) {
    const fa = a.frame(n);
    const fb = b.frame(n);
    for (const k of ['player', 'pos', 'health', 'damage', 'turns', 'flags', 'cityOwner', 'pathOwner', 'masks', 'virus']) {
      assert.deepEqual(Array.from(fb[k]), Array.from(fa[k]), `frame ${n} field ${k}`);
    }
  }
});

test('freezes and CPU shares, as the Rust reader reads them', () => {
  const sections = h.editCommon(h.readSections(h.makeReplay(dir, 30)), (round, c) => {
    c.cpu = [Math.min(10000, round * 31), 3700, round >= 50 ? 0xffff : 1234, round >= 90 ? 0xffff : 0];
    if (round === 50) c.frozen.push({ player: 2, reason: 0, round: 49, message: 'fuel budget exhausted' });
    if (round === 90) c.frozen.push({ player: 3, reason: 2, round: 89, message: 'wasm trap: unreachable' });
  });
  const file = path.join(dir, 'frozen.replay');
  fs.writeFileSync(file, h.writeSections(sections));
  const model = sameAsRust(file, 10);
  assert.deepEqual(model.frameJson(120).cpu, [0.372, 0.37, -1, -1]);
  assert.equal(model.frameJson(49).frozen[2], null);
  assert.deepEqual(model.frameJson(50).frozen[2], { round: 49, reason: 'cpu', message: 'fuel budget exhausted' });
});

function damaged(name, bytes) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  let err;
  assert.throws(() => openFile(file), (e) => {
    err = e;
    return true;
  });
  return { file, message: err.message, rust: h.rustError(file) };
}

test('damaged files give the Rust reader\'s messages', () => {
  const good = fs.readFileSync(h.makeReplay(dir, 30));
  const cases = [
    damaged('truncated.replay', good.subarray(0, 2000)),
    damaged('short.replay', good.subarray(0, 12)),
    damaged('empty-body.replay', good.subarray(0, 10)),
    damaged('checksum.replay', Buffer.concat([good.subarray(0, good.length - 1), Buffer.from([good[good.length - 1] ^ 0xff])])),
    damaged('version.replay', Buffer.concat([Buffer.from('ARENARPL'), Buffer.from([9, 0]), good.subarray(10)])),
    damaged('text.replay', Buffer.from('hello, world\n')),
    damaged('tiny.replay', Buffer.from('ARENA')),
    damaged('trailing.replay', Buffer.concat([good, Buffer.from('xxxxxxxx')])),
    damaged('frame-magic.replay', Buffer.concat([good.subarray(0, 10), Buffer.from([0]), good.subarray(11)])),
  ];
  for (const c of cases) assert.equal(c.message, c.rust, path.basename(c.file));
  // A flipped byte inside a compressed block: both readers call it damaged compressed data
  // (zstd and fzstd may notice it at different steps, so the last words can differ).
  // Offsets relative to the file's size: Demo replays are a few KB.
  for (const at of [100, Math.floor(good.length / 3), Math.floor((2 * good.length) / 3)]) {
    const b = Buffer.from(good);
    b[at] ^= 0x5a;
    const c = damaged(`flipped${at}.replay`, b);
    assert.match(c.message, /^damaged replay: compressed data: /);
    assert.match(c.rust, /^damaged replay: compressed data: /);
  }
});

test('damaged sections inside a valid zstd frame', () => {
  const sections = h.readSections(h.makeReplay(dir, 30));
  // A round cut short: its unit columns end early.
  const cut = sections.map((s, i) => (i === 10 ? { tag: s.tag, payload: s.payload.subarray(0, 20) } : s));
  let file = path.join(dir, 'cut.replay');
  fs.writeFileSync(file, h.writeSections(cut));
  // The Rust reader repeats "damaged replay: " after the round number; the viewer does not.
  const rust = h.rustError(file).replace('round 9: damaged replay: ', 'round 9: ');
  assert.match(rust, /^damaged replay: round 9: truncated while reading unit player at byte \d+$/);
  assert.throws(() => openFile(file), (e) => e.message === rust);
  // A wrong section tag.
  const tagged = sections.map((s, i) => (i === 5 ? { tag: 'X', payload: s.payload } : s));
  file = path.join(dir, 'tag.replay');
  fs.writeFileSync(file, h.writeSections(tagged));
  assert.throws(() => openFile(file), (e) => e.message === h.rustError(file));
  // Another game.
  const header = JSON.parse(sections[0].payload.toString());
  header.game = 'chess';
  const other = [{ tag: 'H', payload: Buffer.from(JSON.stringify(header)) }, ...sections.slice(1)];
  file = path.join(dir, 'other.replay');
  fs.writeFileSync(file, h.writeSections(other));
  assert.throws(() => openFile(file), /cannot show game `chess` \(it knows: mad-max, ork-island, pandemic, purge, walking-dead\)/);
});

test('XXH64 equals a plain BigInt implementation', () => {
  for (let n = 0; n < 200; n++) {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = (i * 131 + n * 7 + ((i * i) >> 3)) & 255;
    const [hi, lo] = AR.xxh64(b);
    assert.equal((BigInt(hi) << 32n) | BigInt(lo), h.xxh64Ref(b), `length ${n}`);
  }
  assert.equal(h.xxh64Ref(Buffer.alloc(0)), 0xef46db3751d8e999n);
});

test('the virus rule matches the plain statement on random boards', () => {
  const P = AR.games.pandemic;
  const rows = 24;
  const cols = 24;
  const n = rows * cols;
  const types = new Uint8Array(n);
  let seed = 12345;
  const rnd = (k) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  for (let k = 0; k < n; k++) {
    const i = Math.floor(k / cols);
    const j = k % cols;
    types[k] = i === 0 || j === 0 || i === rows - 1 || j === cols - 1 ? 0 : [1, 1, 1, 2, 3, 0][rnd(6)];
  }
  const region = types.map((t) => (t === 0 ? 0 : t === 1 ? 1 : 2));
  const cap = types.map((t) => (t === 0 ? 0 : t === 1 ? 4 : 10));
  const board = { rows, cols, n, types, region, cap };
  let virus = new Uint8Array(n);
  for (let round = 0; round < 100; round++) {
    const sources = [...new Set(Array.from({ length: 6 }, () => rnd(n)))].sort((a, b) => a - b);
    const old = Uint8Array.from(virus);
    for (const c of sources) old[c] = Math.min(255, old[c] + 3);
    const want = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      if (!region[k]) continue;
      let m = old[k] - 1;
      for (const q of [k - cols, k + cols, k - 1, k + 1]) if (region[q] === region[k]) m = Math.max(m, old[q] - 1);
      want[k] = Math.max(0, Math.min(cap[k], m));
    }
    virus = P.spread(board, virus, Int32Array.from(sources), new Uint8Array(n));
    assert.deepEqual(virus, want, `round ${round}`);
  }
});

test('vendor/fzstd.js is the pinned npm package (npm run vendor)', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(h.WEB, 'package.json'), 'utf8'));
  const mod = path.join(h.WEB, 'node_modules', 'fzstd');
  assert.equal(JSON.parse(fs.readFileSync(path.join(mod, 'package.json'), 'utf8')).version, pkg.devDependencies.fzstd);
  const dist = fs.readFileSync(path.join(mod, 'umd', 'index.js'));
  assert.ok(dist.equals(fs.readFileSync(path.join(h.WEB, 'vendor', 'fzstd.js'))), 'run `npm run vendor` in web/');
});

// ----------------------------------------------------------------------------------------
// Ork Island (js/games/ork-island.js).

const SMALL_ORK_CNF = `OrkIsland v1
rows 20
cols 20
nb_rounds 40
nb_orks 2
FIXED
WWWWWWWWWWWWWWWWWWWW
W..................W
W..CCC......CCC....W
W..CCCPPPPPPCCC....W
W..CCC......CCC....W
W.....FFFF.........W
W.....FFFF...SSS...W
W.....FFFF...SSS...W
W..................W
W..........WW......W
W..........WW......W
W..................W
W..CC..........CC..W
W..CCPPPPPPPPPPCC..W
W..................W
W....SSSS..FFF.....W
W....SSSS..FFF.....W
W..................W
W..................W
WWWWWWWWWWWWWWWWWWWW
orks 8
id player row col health
0 0 8 8 100
1 0 8 9 40
2 1 9 8 100
3 1 9 9 35
4 2 1 1 100
5 2 5 6 7
6 3 18 18 100
7 3 16 12 60
`;

/** Every round of an Ork Island replay retold: it ends in the recorded frame, every fight
 * turns its loser to the winner's side, nobody else changes sides. Returns the fight count. */
function retellAll(model) {
  let fights = 0;
  for (let n = 1; n < model.frameCount; n++) {
    const story = model.story(n);
    assert.ok(story, `round ${n} cannot be retold`);
    const f = model.frame(n);
    const prev = model.frame(n - 1);
    const fs = model.fights(n);
    const changed = [];
    for (let u = 0; u < f.player.length; u++) if (f.player[u] !== prev.player[u]) changed.push(u);
    assert.deepEqual(fs.map((x) => x.loser).sort((a, b) => a - b), changed, `round ${n}: sides changed by fights only`);
    for (const x of fs) {
      assert.equal(f.player[x.loser], prev.player[x.winner], `round ${n}: the loser joins the winner`);
      assert.equal(f.health[x.loser], model.initialHealth, `round ${n}: back with full health`);
      assert.notEqual(prev.player[x.mover], prev.player[x.defender]);
    }
    for (const x of model.exhausted(n)) assert.equal(f.player[x.ork], prev.player[x.ork]);
    fights += fs.length;
  }
  return fights;
}

test('Ork Island: every frame of a default match equals `arena replay --frame`', () => {
  const file = h.makeOrkReplay(dir, 3);
  const model = sameAsRust(file, 1);
  assert.equal(model.game, 'ork-island');
  assert.equal(model.title, 'Ork Island');
  assert.equal(model.frameCount, 201);
  assert.equal(model.board.rows, 70);
  assert.equal(model.nbUnits, 60);
  // A generated island has all six terrains, and a shore.
  const seen = new Set(model.board.types);
  assert.deepEqual([...seen].sort(), [0, 1, 2, 3, 4, 5]);
  assert.ok(model.board.shore.some((x) => x === 1));
  assert.equal(model.header.rules_version, 2);
  // The shore is each row's two ends (rules version 2), and the orks were placed in id order on
  // free shore cells, or on the first free plain cell in row-major order once none was left.
  const b = model.board, cols = b.cols, pos0 = model.frame(0).pos;
  const plain = (k) => b.types[k] >= 1 && b.types[k] <= 3;
  for (let k = 0; k < b.n; k++) {
    const i = Math.floor(k / cols), j = k % cols;
    let left = true, right = true;
    for (let c = 0; c < j; c++) if (b.types[i * cols + c] !== 0) left = false;
    for (let c = j + 1; c < cols; c++) if (b.types[i * cols + c] !== 0) right = false;
    assert.equal(b.shore[k], plain(k) && (left || right) ? 1 : 0, `shore at (${i}, ${j})`);
  }
  const taken = [];
  const clear = (k) => taken.every((t) => Math.abs(Math.floor(t / cols) - Math.floor(k / cols)) + Math.abs((t % cols) - (k % cols)) > 1);
  let fallbacks = 0;
  for (let u = 0; u < 60; u++) {
    const spots = [];
    for (let k = 0; k < b.n; k++) if (b.shore[k] && clear(k)) spots.push(k);
    if (spots.length > 0) {
      assert.ok(spots.includes(pos0[u]), `ork ${u} starts on a free shore cell`);
    } else {
      fallbacks++;
      let first = -1;
      for (let k = 0; k < b.n && first < 0; k++) if (plain(k) && clear(k)) first = k;
      assert.equal(pos0[u], first, `ork ${u} starts on the fallback cell`);
    }
    taken.push(pos0[u]);
  }
  assert.ok(fallbacks < 60);
  const fights = retellAll(model);
  assert.ok(fights > 0, 'orks fight in this match');
  console.log(`# ork island seed 3: ${fights} fights in 200 rounds, all retold`);
});

test('Ork Island: other seeds and bots agree with the Rust reader and are retold', () => {
  for (const [seed, bots] of [[7, ['Demo', 'Demo', 'Demo', 'Demo']], [99, ['Null', 'Demo', 'Null', 'Demo']]]) {
    const model = sameAsRust(h.makeOrkReplay(dir, seed, bots), 9);
    retellAll(model);
  }
});

test('Ork Island: a FIXED board with listed orks', () => {
  const cnf = path.join(dir, 'small-ork.cnf');
  fs.writeFileSync(cnf, SMALL_ORK_CNF);
  const file = h.makeOrkReplay(dir, 5, ['Demo', 'Demo', 'Demo', 'Demo'], ['--config', cnf]);
  const model = sameAsRust(file, 1);
  retellAll(model);
  const f0 = model.frame(0);
  assert.equal(model.board.rows, 20);
  assert.equal(model.board.cities.length, 4);
  assert.equal(model.board.paths.length, 2);
  assert.deepEqual(Array.from(f0.player), [0, 0, 1, 1, 2, 2, 3, 3]);
  assert.deepEqual(Array.from(f0.health), [100, 40, 100, 35, 100, 7, 100, 60]);
  assert.equal(f0.pos[5], 5 * 20 + 6);
  const unit = model.describeUnit(0, 5).map((r) => r.join(': ')).join('\n');
  assert.match(unit, /^Ork: 5\nPlayer: 2 \(Demo\)\nPosition: row 5, column 6\nHealth: 7 \/ 100\nOrder: —$/);
  const forest = model.describeCell(0, 5 * 20 + 6).map((r) => r.join(': ')).join('\n');
  assert.equal(forest, 'Cell: row 5, column 6 (forest)\nCost: entering costs 2 health');
  assert.match(model.describeCell(0, 3 * 20 + 7).map((r) => r.join(': ')).join('\n'),
    /^Cell: row 3, column 7 \(path\)\nCost: entering costs 0 health\nPath: 0 \(cities 0–1, 6 cells\), no owner$/);
  assert.match(model.describeCell(0, 20 + 1).map((r) => r.join(': ')).join('\n'), /Shore: dead orks come back/);
  assert.match(model.describeCell(0, 0).map((r) => r.join(': ')).join('\n'), /Cost: orks cannot enter water/);
});

// A toy island for retelling rounds by hand: water all round, then
//   row 1: grass forest sand
//   row 2: city  path   grass
//   row 3: grass grass  grass
// Costs: grass 1, forest 2, sand 3, city 0, path 0; initial health 10.
const TOY = (() => {
  const rows = 5;
  const cols = 5;
  const types = new Uint8Array(rows * cols);
  [[1, 1, 1], [1, 2, 2], [1, 3, 3], [2, 1, 4], [2, 2, 5], [2, 3, 1], [3, 1, 1], [3, 2, 1], [3, 3, 1]].forEach(([i, j, t]) => {
    types[i * cols + j] = t;
  });
  return { rows, cols, n: rows * cols, types };
})();
const TOY_COSTS = [null, 1, 2, 3, 0, 0];
const at = (i, j) => i * 5 + j;
const O = ORK.OUTCOMES;
const [BOTTOM, RIGHT, TOP] = [0, 1, 2];

/** tellRound on the toy island: orks [player, cell, health] before and after, moves [ork, dir]. */
function tell(before, after, moves) {
  const frame = (orks) => ({
    player: Uint8Array.from(orks.map((o) => o[0])),
    pos: Int32Array.from(orks.map((o) => o[1])),
    health: Int32Array.from(orks.map((o) => o[2])),
    moves: Int32Array.from(moves.flat()),
  });
  return ORK.tellRound(TOY, TOY_COSTS, 10, frame(before), frame(after));
}

test('Ork Island: retelling a round follows the rules (moves, costs, water, fights, ties)', () => {
  // A move pays the cost of the cell entered; water and own orks block for free.
  let s = tell([[0, at(1, 1), 10]], [[0, at(1, 2), 8]], [[0, RIGHT]]);
  assert.deepEqual(Array.from(s.outcome), [O.MOVED]);
  s = tell([[0, at(1, 1), 10]], [[0, at(1, 1), 10]], [[0, TOP]]);
  assert.deepEqual(Array.from(s.outcome), [O.BLOCKED]);
  s = tell([[0, at(1, 1), 10], [0, at(1, 2), 10]], [[0, at(1, 1), 10], [0, at(1, 2), 10]], [[0, RIGHT]]);
  assert.deepEqual(Array.from(s.outcome), [O.BLOCKED]);
  // Not enough health for the sand: the ork dies where it stood and comes back for its player.
  s = tell([[0, at(1, 2), 2]], [[0, at(3, 3), 10]], [[0, RIGHT]]);
  assert.deepEqual(Array.from(s.outcome), [O.EXHAUSTED]);
  assert.deepEqual([s.dead[0], s.deadAt[0], s.killer[0]], [0, at(1, 2), -1]);
  // A fight won (10 - 2 > 5): the defender joins the mover's side; lost (6 - 2 < 7): the mover
  // joins the defender's.
  s = tell([[0, at(1, 1), 10], [1, at(1, 2), 5]], [[0, at(1, 2), 8], [0, at(3, 1), 10]], [[0, RIGHT]]);
  assert.deepEqual([s.outcome[0], s.other[0], s.target[0], s.dead[1], s.killer[1], s.deadAt[1]],
    [O.WON, 1, at(1, 2), 0, 0, at(1, 2)]);
  s = tell([[0, at(1, 1), 6], [1, at(1, 2), 7]], [[1, at(3, 3), 10], [1, at(1, 2), 7]], [[0, RIGHT]]);
  assert.deepEqual([s.outcome[0], s.dead[0], s.killer[0], s.deadAt[0], s.dead[1]], [O.LOST, 1, 1, at(1, 1), -1]);
  // A tie (9 - 2 = 7) is a coin: the recorded frame says which way it fell.
  s = tell([[0, at(1, 1), 9], [1, at(1, 2), 7]], [[0, at(1, 2), 7], [0, at(3, 1), 10]], [[0, RIGHT]]);
  assert.equal(s.outcome[0], O.WON);
  s = tell([[0, at(1, 1), 9], [1, at(1, 2), 7]], [[1, at(3, 1), 10], [1, at(1, 2), 7]], [[0, RIGHT]]);
  assert.equal(s.outcome[0], O.LOST);
  // A tie, then the defender moves on: it must have won the coin, even if it dies later.
  s = tell(
    [[0, at(1, 1), 9], [1, at(1, 2), 7], [2, at(3, 2), 10]],
    [[1, at(3, 1), 10], [2, at(3, 3), 10], [2, at(2, 2), 10]],
    [[0, RIGHT], [1, BOTTOM], [2, TOP]],
  );
  assert.deepEqual(Array.from(s.outcome), [O.LOST, O.MOVED, O.WON]);
  assert.deepEqual([s.killer[0], s.killer[1]], [1, 2]);
  // A frame that no outcome reaches (a teleport), and a dead ork's order listed: not retold.
  assert.equal(tell([[0, at(1, 1), 10]], [[0, at(3, 3), 10]], [[0, RIGHT]]), null);
  assert.equal(tell([[0, at(1, 1), 6], [1, at(1, 2), 7]], [[1, at(3, 3), 10], [1, at(1, 2), 7]], [[0, RIGHT], [0, BOTTOM]]), null);
  // A stay order (never written, accepted by the reader) does nothing.
  s = tell([[0, at(1, 1), 10]], [[0, at(1, 1), 10]], [[0, 4]]);
  assert.deepEqual(Array.from(s.outcome), [O.STAYED]);
});

test('Ork Island: damaged files give the Rust reader\'s messages', () => {
  const file = h.makeOrkReplay(dir, 3);
  const sections = h.readSections(file);
  const write = (name, secs) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, h.writeSections(secs));
    return f;
  };
  const same = (f) => {
    const rust = h.rustError(f).replace(/round (\d+): damaged replay: /, 'round $1: ');
    assert.throws(() => openFile(f), (e) => {
      assert.equal(e.message, rust, path.basename(f));
      return true;
    });
    return rust;
  };
  // A round cut short.
  let rust = same(write('ork-cut.replay', sections.map((s, i) => (i === 10 ? { tag: s.tag, payload: s.payload.subarray(0, 20) } : s))));
  assert.match(rust, /^damaged replay: round 9: truncated while reading ork (player|position|health) at byte \d+$/);
  // The island: a cell type out of range, an open ring. Cells start after rows and cols (a byte each).
  const island = (name, k, v) => {
    const payload = Buffer.from(sections[1].payload);
    payload[2 + k] = v;
    return write(name, sections.map((s, i) => (i === 1 ? { tag: 'I', payload } : s)));
  };
  assert.equal(same(island('ork-type.replay', 75, 9)), 'damaged replay: cell type 9');
  assert.equal(same(island('ork-ring.replay', 3, 1)), 'damaged replay: board: the outer ring must be WATER, but (0, 3) is not');
  // Another game's sections under this game's name, both ways round.
  const relabel = (name, secs, game) => {
    const header = JSON.parse(secs[0].payload.toString());
    header.game = game;
    return write(name, [{ tag: 'H', payload: Buffer.from(JSON.stringify(header)) }, ...secs.slice(1)]);
  };
  rust = same(relabel('ork-as-pandemic.replay', sections, 'pandemic'));
  assert.match(rust, /^damaged replay: /);
  rust = same(relabel('pandemic-as-ork.replay', h.readSections(h.makeReplay(dir, 30)), 'ork-island'));
  assert.match(rust, /^damaged replay: cell \d+ listed as City but is Forest$/);
  // The whole file cut short: the container's message.
  const good = fs.readFileSync(file);
  const cut = path.join(dir, 'ork-truncated.replay');
  fs.writeFileSync(cut, good.subarray(0, 3000));
  assert.equal(same(cut), 'damaged replay: compressed data: incomplete frame');
});

test('The Walking Dead: every frame of a default match equals `arena replay --frame`', () => {
  const file = h.makeWalkingDeadReplay(dir, 3);
  const model = sameAsRust(file, 1);
  assert.equal(model.game, 'walking-dead');
  assert.equal(model.title, 'The Walking Dead');
  assert.equal(model.frameCount, 201);
  assert.deepEqual([model.board.rows, model.board.cols], [60, 60]);
  assert.equal(model.nbUnits, 90);
  // The story of the match: fights, zombie kills and bites happen, and units convert.
  let fights = 0, kills = 0, bites = 0, dead = 0;
  for (let n = 1; n <= model.lastFrame; n++) {
    const f = model.frame(n);
    fights += f.fights.length;
    kills += f.zombieKills.length;
    bites += f.bites.length;
    dead += f.kind.filter((k) => k === 1).length;
  }
  assert.ok(fights > 0 && kills > 0 && bites > 0 && dead > 0, `${fights} fights, ${kills} kills, ${bites} bites`);
});

test('The Walking Dead: other seeds and bots agree, and damaged rounds give the Rust messages', () => {
  sameAsRust(h.makeWalkingDeadReplay(dir, 11, ['Demo', 'Demo', 'Demo', 'Demo']), 9);
  const file = h.makeWalkingDeadReplay(dir, 12, ['Dummy', 'Dummy', 'Null', 'Demo']);
  sameAsRust(file, 13);
  const sections = h.readSections(file);
  let r = 0;
  const cut = sections.map((s) => (s.tag === 'R' && ++r === 9 ? { tag: 'R', payload: s.payload.subarray(0, Math.floor(s.payload.length / 2)) } : s));
  const bad = path.join(dir, 'wd-cut.replay');
  fs.writeFileSync(bad, h.writeSections(cut));
  const rust = h.rustError(bad);
  assert.throws(() => openFile(bad), (e) => e.message.replace(/damaged replay: /g, '') === rust.replace(/damaged replay: /g, ''));
});

test('The Walking Dead: diagonal orders (tried, ignored by the rules) read as the Rust reader reads them', () => {
  // The kit-style corpus player orders one unit diagonally every round; the house bots never do.
  const wasm = path.join(dir, 'wd-tolerant.wasm');
  h.arena(['build', path.join(h.ROOT, 'server/tests/cpp/corpus/walking_dead/AITolerant.cc'), '--game', 'walking-dead', '-o', wasm]);
  const file = h.makeWalkingDeadReplay(dir, 5, ['Demo', wasm, 'Demo', 'Null']);
  const model = sameAsRust(file, 4);
  let diagonal = 0;
  for (let n = 1; n <= model.lastFrame; n++) {
    const m = model.frame(n).moves;
    for (let i = 1; i < m.length; i += 2) diagonal += m[i] % 2;
  }
  assert.ok(diagonal >= 100, `${diagonal} diagonal moves`);
});

test('The Purge: every frame of a default match equals `arena replay --frame`', () => {
  const file = h.makePurgeReplay(dir, 3);
  const model = sameAsRust(file, 1);
  assert.equal(model.game, 'purge');
  assert.equal(model.title, 'The Purge');
  assert.equal(model.frameCount, 251);
  assert.deepEqual([model.board.rows, model.board.cols], [15, 30]);
  assert.equal(model.nbUnits, 24);
  // The story of the match: orders of both kinds, fights with deaths, rebirths with new ids,
  // barricades, and day and night.
  let builds = 0, fights = 0, deaths = 0, reborn = 0, barricades = 0, nights = 0;
  for (let n = 1; n <= model.lastFrame; n++) {
    const f = model.frame(n);
    for (let i = 1; i < f.orders.length; i += 2) builds += f.orders[i] >= 8 ? 1 : 0;
    fights += f.fights.length;
    deaths += f.fights.filter((x) => x.killed).length;
    reborn += f.reborn.length;
    barricades += f.bOwner.some((o) => o >= 0) ? 1 : 0;
    nights += model.isDay(f) ? 0 : 1;
  }
  assert.ok(builds > 0 && fights > 0 && deaths > 0 && reborn > 0 && barricades > 0,
    `${builds} builds, ${fights} fights, ${deaths} deaths, ${reborn} rebirths, ${barricades} frames with barricades`);
  assert.equal(nights, 125);
  assert.ok(model.frame(model.lastFrame).alive.length > 24, 'reborn citizens have new ids');
});

test('The Purge: other seeds and bots agree, and damaged rounds give the Rust messages', () => {
  sameAsRust(h.makePurgeReplay(dir, 11, ['Demo', 'Demo', 'Demo', 'Demo']), 9);
  const file = h.makePurgeReplay(dir, 12, ['Dummy', 'Dummy', 'Null', 'Demo']);
  sameAsRust(file, 13);
  const sections = h.readSections(file);
  let r = 0;
  const cut = sections.map((s) => (s.tag === 'R' && ++r === 9 ? { tag: 'R', payload: s.payload.subarray(0, Math.floor(s.payload.length / 2)) } : s));
  const bad = path.join(dir, 'purge-cut.replay');
  fs.writeFileSync(bad, h.writeSections(cut));
  const rust = h.rustError(bad);
  assert.throws(() => openFile(bad), (e) => e.message.replace(/damaged replay: /g, '') === rust.replace(/damaged replay: /g, ''));
});
