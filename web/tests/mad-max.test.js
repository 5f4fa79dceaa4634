// Mad Max in the viewer: the reader (js/games/mad-max.js) under Node against the Rust reader
// (`arena replay --frame`, damaged files), then the page in Debian's chromium (playwright-core):
// a match served by `arena view`, its frames and scoreboard against `arena replay --frame`, desert, roads, water,
// stations, walls and cities in their owner's colour, warriors and cars with their gauges, the
// turn frame and column, a city changing hands, hover and selection, moves, and the screenshot in
// docs/img/mad-max.png.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const fzstd = require('../vendor/fzstd.js');
const AR = require('../js/replay.js');
AR.setZstd(fzstd);
const MM = require('../js/games/mad-max.js');

const { waitRound, boardHash, cellPoint, near, pixel } = h;

const DESERT = 0, ROAD = 1, CITY = 2, WATER = 3, STATION = 4, WALL = 5;

let dir;
let browser;
let replay; // arena run mad-max Dummy Demo Demo Null --seed 3: 60x60, 500 rounds

/** `arena run mad-max BOTS --seed SEED --out FILE`; a frozen bot is an error here. */
function makeMadMaxReplay(seed, bots = ['Dummy', 'Demo', 'Demo', 'Null'], extra = []) {
  const file = path.join(dir, `mad-max-seed${seed}.replay`);
  const out = JSON.parse(h.arena(['run', 'mad-max', ...bots, '--seed', String(seed), '--out', file, '--json', ...extra]));
  for (const [seat, p] of out.players.entries()) {
    if (p.frozen) throw new Error(`mad-max seed ${seed}: player ${seat} (${p.name}) was frozen: ${JSON.stringify(p.frozen)}`);
  }
  return file;
}

test.before(async () => {
  dir = h.tmpDir('arena-mad-max-');
  replay = makeMadMaxReplay(3);
  browser = await h.launchBrowser();
});

test.after(async () => {
  if (browser) await browser.close();
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
  for (const n of frames) assert.deepEqual(model.frameJson(n), h.rustFrame(file, n), `frame ${n} of ${file}`);
  return model;
}

// -------------------------------------------------------------------------------------------
// The reader.

test('Mad Max: every frame of a default match equals `arena replay --frame`', () => {
  const model = sameAsRust(replay, 1);
  assert.equal(model.game, 'mad-max');
  assert.equal(model.title, 'Mad Max');
  assert.equal(model.frameCount, 501);
  assert.deepEqual([model.board.rows, model.board.cols], [60, 60]);
  assert.equal(model.nbUnits, 92);
  assert.equal(model.board.cities.length, 8);
  // A generated board has every cell type; cities are 4-connected City cells.
  assert.deepEqual([...new Set(model.board.types)].sort(), [DESERT, ROAD, CITY, WATER, STATION, WALL]);
  const b = model.board;
  for (let k = 0; k < b.n; k++) assert.equal(b.cityId[k] >= 0, b.types[k] === CITY, `cell ${k}`);
  // Round 0: two cities each, already scored once; 20 warriors and 3 cars each, full.
  const f0 = model.frameJson(0);
  assert.deepEqual(f0.scores, [2, 2, 2, 2]);
  assert.deepEqual(f0.cities, [2, 2, 2, 2]);
  assert.deepEqual(f0.warriors, [20, 20, 20, 20]);
  assert.deepEqual(f0.cars, [3, 3, 3, 3]);
  assert.ok(f0.units.every((u) => (u.kind === 'warrior' ? u.food === 40 && u.water === 40 : u.food === 100 && u.water === 0)));
  // The story of the match: moves every round, units lost and back for another team, cities
  // changing hands; warriors may move only in their team's turn (cars also on a road with fuel).
  let changes = 0, cities = 0;
  for (let n = 1; n <= model.lastFrame; n++) {
    const f = model.frame(n), prev = model.frame(n - 1);
    for (let u = 0; u < model.nbUnits; u++) if (f.player[u] !== prev.player[u]) changes++;
    for (let c = 0; c < f.cityOwner.length; c++) if (f.cityOwner[c] !== prev.cityOwner[c]) cities++;
    for (let i = 0; i < f.moves.length; i += 2) {
      const u = f.moves[i];
      assert.ok(model.canMove(prev, u), `round ${prev.round}: unit ${u} moved out of its turn`);
      if (model.kinds[u] === 0) assert.equal(prev.player[u], prev.round % 4, `round ${prev.round}: warrior ${u}`);
    }
  }
  assert.ok(changes > 0 && cities > 0, `${changes} units changed team, ${cities} cities changed hands`);
  assert.equal(model.turnOf(model.frame(7)), 3);
  assert.equal(model.turnOf(model.frame(500)), -1);
});

test('Mad Max: other seeds and bots agree, and damaged files give the Rust messages', () => {
  sameAsRust(makeMadMaxReplay(11, ['Demo', 'Demo', 'Demo', 'Demo']), 9);
  const file = makeMadMaxReplay(12, ['Dummy', 'Dummy', 'Null', 'Demo']);
  sameAsRust(file, 13);
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
  let r = 0;
  const cut = sections.map((s) => (s.tag === 'R' && ++r === 9 ? { tag: 'R', payload: s.payload.subarray(0, Math.floor(s.payload.length / 2)) } : s));
  assert.match(same(write('mm-cut.replay', cut)), /^damaged replay: round 9: truncated while reading unit (position|food|water|player) at byte \d+$/);
  // The initial section: rows and cols (a byte each), 3600 cells, the unit count (a byte), types.
  const initial = (name, at, v) => {
    const payload = Buffer.from(sections[1].payload);
    payload[at] = v;
    return write(name, sections.map((s, i) => (i === 1 ? { tag: 'I', payload } : s)));
  };
  assert.equal(same(initial('mm-cell.replay', 2 + 100, 9)), 'damaged replay: cell type 9');
  assert.equal(same(initial('mm-unit.replay', 2 + 3600 + 1 + 5, 7)), 'damaged replay: unit type 7');
  // A wall turned into a lone city cell: one city more, so the owners run one byte further.
  const model = openFile(file);
  const wall = model.board.types.findIndex((t, k) => t === WALL && model.board.cityId[k] < 0);
  assert.match(same(initial('mm-city.replay', 2 + wall, CITY)), /^damaged replay: /);
  // Another game's sections under this game's name.
  const pandemic = h.readSections(h.makeReplay(dir, 30));
  assert.match(same(write('pandemic-as-mad-max.replay', [{ tag: 'H', payload: Buffer.from(JSON.stringify({ ...JSON.parse(pandemic[0].payload.toString()), game: 'mad-max' })) }, ...pandemic.slice(1)])), /^damaged replay: /);
});

test('Mad Max: a unit\'s and a cell\'s descriptions', () => {
  const model = openFile(replay);
  const f = model.frame(5);
  const warrior = [...model.kinds.keys()].find((u) => model.kinds[u] === 0);
  const car = [...model.kinds.keys()].find((u) => model.kinds[u] === 1);
  const text = (rows) => rows.map((x) => x.join(': ')).join('\n');
  const w = text(model.describeUnit(5, warrior));
  assert.match(w, new RegExp(`^Unit: ${warrior}\\nType: warrior\\nPlayer: ${f.player[warrior]} \\(\\w+\\)\\nPosition: row \\d+, column \\d+\\n` +
    `Food: ${f.food[warrior]} / 40\\nWater: ${f.water[warrior]} / 40\\nMoves in round 5: (yes|no)`));
  const c = text(model.describeUnit(5, car));
  assert.match(c, new RegExp(`Type: car\\n.*\\n.*\\nFuel: ${f.food[car]} / 100\\n`));
  const k = model.board.cities[0][0];
  const cell = text(model.describeCell(5, k));
  assert.match(cell, new RegExp(`^Cell: row \\d+, column \\d+ \\(city\\)\\nCity: 0 \\(\\d+ cells\\), owned by ${f.cityOwner[0]} \\(\\w+\\)`));
  assert.match(cell, /Turn: round 5: player 1 \(Demo\) moves$/);
  assert.match(text(model.describeCell(500, k)), /Turn: the match is over$/);
});

// -------------------------------------------------------------------------------------------
// The page.

const FIELDS = ['cities', 'warriors', 'cars'];

function scoreboard(page) {
  return page.evaluate((fields) => {
    const rows = [...document.querySelectorAll('#scoreboard tbody tr[data-player]')];
    const cell = (tr, f) => tr.querySelector(`[data-field="${f}"]`);
    const out = { scores: rows.map((tr) => Number(cell(tr, 'score').dataset.value)) };
    for (const f of fields) out[f] = rows.map((tr) => Number(cell(tr, f).dataset.value));
    out.turn = rows.map((tr) => cell(tr, 'turn').textContent);
    return out;
  }, FIELDS);
}

async function expectScoreboard(page, n) {
  const want = h.rustFrame(replay, n);
  const got = await scoreboard(page);
  assert.deepEqual(got.scores, want.scores, `scores at round ${n}`);
  for (const k of FIELDS) assert.deepEqual(got[k], want[k], `${k} at round ${n}`);
  const mark = await page.evaluate(() => window.ArenaReplay.games['mad-max'].TURN_MARK);
  assert.deepEqual(got.turn, [0, 1, 2, 3].map((p) => (n < 500 && p === want.turn ? mark : '')), `turn at round ${n}`);
  return want;
}

async function goRound(page, n) {
  await page.evaluate((r) => window.arenaViewer.setRound(r), n);
  await waitRound(page, n);
  // The board is drawn on the next animation frame.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** The canvas pixel [r, g, b] at device pixel (x, y). */
function rawPixel(page, x, y) {
  return page.evaluate(([px, py]) => {
    const c = document.getElementById('board');
    return Array.from(c.getContext('2d').getImageData(px, py, 1, 1).data.slice(0, 3));
  }, [x, y]);
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const tint = (base, to, a) => base.map((v, i) => v + (to[i] - v) * a);

test('`arena view` of a Mad Max match: frames, scoreboard, cells, cities, units, gauges, turn, hover, moves', async () => {
  const server = await h.startArenaView(replay);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.arenaViewer.metrics.firstFrameMs != null || document.getElementById('message').dataset.error);
    assert.equal(await page.getAttribute('#message', 'data-error'), null);
    assert.match(await page.textContent('#match-info'), /^Mad Max · replay\.bin · seed 3 · 500 rounds · 60×60 · engine /);
    assert.deepEqual(await page.$$eval('#scoreboard-head th', (ths) => ths.map((t) => t.textContent)),
      ['Player', 'Score', 'Cities', 'Warriors', 'Cars', 'Turn', 'CPU']);
    const f0 = await expectScoreboard(page, 0);
    assert.deepEqual(f0.scores, [2, 2, 2, 2]);
    for (const n of [0, 1, 2, 3, 4, 77, 250, 499, 500]) {
      assert.deepEqual(await page.evaluate((k) => window.arenaViewer.frameJson(k), n), h.rustFrame(replay, n), `frame ${n}`);
    }
    const mod = await page.evaluate(() => {
      const g = window.ArenaReplay.games['mad-max'];
      return { cell: g.CELL_RGB, tint: g.CITY_TINT, gauge: g.GAUGE };
    });
    const colors = (await page.evaluate(() => window.arenaViewer.colors)).map(rgb);
    const cols = 60;

    // Round 0: a free cell of every type away from the board's edge (the turn frame runs along
    // it), and a free cell of every city in its owner's colour.
    const spots = await page.evaluate((n) => {
      const m = window.arenaViewer.model, b = m.board, f = m.frame(n), busy = m.unitAt(f), cols = b.cols;
      const types = [-1, -1, -1, -1, -1, -1], cities = [];
      for (let k = 0; k < b.n; k++) {
        const i = Math.floor(k / cols), j = k % cols;
        if (busy[k] >= 0 || i === 0 || j === 0 || i === b.rows - 1 || j === cols - 1) continue;
        if (types[b.types[k]] < 0) types[b.types[k]] = k;
        if (b.cityId[k] >= 0 && cities[b.cityId[k]] === undefined) cities[b.cityId[k]] = k;
      }
      return { types, cities };
    }, 0);
    for (const [t, name] of [[DESERT, 'desert'], [ROAD, 'road'], [WATER, 'water'], [WALL, 'wall']]) {
      near(await pixel(page, spots.types[t], 0.5, 0.5), mod.cell[t], 1, name);
    }
    near(await pixel(page, spots.types[STATION], 0.12, 0.12), mod.cell[STATION], 1, 'station (beside its mark)');
    for (const [c, k] of spots.cities.entries()) {
      const owner = f0.city_owners[c];
      near(await pixel(page, k, 0.5, 0.5), tint(mod.cell[CITY], colors[owner], mod.tint), 2, `city ${c} of player ${owner}`);
    }
    // Warriors as discs and cars as boxes in their team's colour, full gauges.
    const c = await page.evaluate(() => document.getElementById('board').width / 60);
    for (const u of f0.units.filter((_, i) => i % 7 === 0)) {
      const fx = u.kind === 'warrior' ? 0.5 : 0.3;
      near(await pixel(page, u.row * cols + u.col, fx, 0.4), colors[u.player], 2, `${u.kind} ${u.id}`);
    }
    /** Checks unit u's gauges (food and water, or fuel): filled up to their level, dark after. */
    const gauges = async (u, what) => {
      const g = MM.gaugeRects(u.kind === 'warrior' ? 0 : 1, u.col * c, u.row * c, c);
      const bars = u.kind === 'warrior' ? [['food', u.food / 40], ['water', u.water / 40]] : [['fuel', u.food / 100]];
      for (const [bar, level] of bars) {
        const r = g[bar], filled = Math.round(r.w * level), y = r.y + Math.floor(r.h / 2);
        if (filled >= 2) near(await rawPixel(page, r.x + Math.floor(filled / 2), y), rgb(mod.gauge[bar]), 2, `${what}: ${bar} gauge filled`);
        if (r.w - filled >= 2) near(await rawPixel(page, r.x + filled + Math.floor((r.w - filled) / 2), y), rgb(mod.gauge.empty), 2, `${what}: ${bar} gauge empty part`);
      }
    };
    const w0 = f0.units.find((u) => u.kind === 'warrior');
    await gauges(w0, 'a fresh warrior');

    // The turn: a frame round the board in the colour of player round % 4, and the Turn column.
    const width = await page.evaluate(() => Math.max(2, Math.round(document.getElementById('board').width / 60 / 5)));
    const edge = Math.floor(width / 2);
    for (const n of [0, 1, 2, 3, 6]) {
      await goRound(page, n);
      const want = await expectScoreboard(page, n);
      // Free cells on the left and bottom edges (units are drawn over the frame).
      const busy = new Set(want.units.map((u) => u.row * cols + u.col));
      const left = [...Array(58).keys()].map((i) => (i + 1) * cols).find((k) => !busy.has(k));
      const bottom = [...Array(58).keys()].map((j) => 59 * cols + j + 1).find((k) => !busy.has(k));
      near(await rawPixel(page, edge, Math.floor((Math.floor(left / cols) + 0.5) * c)), colors[n % 4], 1, `turn frame at round ${n} (left)`);
      near(await rawPixel(page, Math.floor(((bottom % cols) + 0.5) * c), Math.floor(c * 60) - 1 - edge), colors[n % 4], 1, `turn frame at round ${n} (bottom)`);
    }

    // Gauges later on: a warrior hungry and thirsty, and a car half empty, off the board's edge.
    const found = await page.evaluate(() => {
      const m = window.arenaViewer.model, b = m.board, out = {};
      const inner = (k) => {
        const i = Math.floor(k / b.cols), j = k % b.cols;
        return i > 0 && j > 0 && i < b.rows - 1 && j < b.cols - 1;
      };
      for (let n = 1; n < m.lastFrame && !(out.warrior && out.car); n++) {
        const f = m.frame(n);
        for (let u = 0; u < m.nbUnits; u++) {
          if (!inner(f.pos[u])) continue;
          if (!out.warrior && m.kinds[u] === 0 && f.food[u] >= 8 && f.food[u] <= 30 && f.water[u] >= 8 && f.water[u] <= 30) out.warrior = { n, u };
          if (!out.car && m.kinds[u] === 1 && f.food[u] >= 20 && f.food[u] <= 80) out.car = { n, u };
        }
      }
      return out;
    });
    assert.ok(found.warrior && found.car, `units with part-full gauges: ${JSON.stringify(found)}`);
    for (const kind of ['warrior', 'car']) {
      const { n, u } = found[kind];
      await goRound(page, n);
      const want = await expectScoreboard(page, n);
      const unit = want.units[u];
      near(await pixel(page, unit.row * cols + unit.col, kind === 'warrior' ? 0.5 : 0.3, 0.4), colors[unit.player], 2, `${kind} ${u} at round ${n}`);
      await gauges(unit, `${kind} ${u} at round ${n}`);
    }

    // A city changing hands: its cells turn from the old owner's colour to the new one's.
    const change = await page.evaluate(() => {
      const m = window.arenaViewer.model, b = m.board;
      for (let n = 1; n <= m.lastFrame; n++) {
        const f = m.frame(n), prev = m.frame(n - 1), busy = m.unitAt(f), busyBefore = m.unitAt(prev);
        for (let c = 0; c < f.cityOwner.length; c++) {
          if (f.cityOwner[c] === prev.cityOwner[c]) continue;
          const k = Array.from(b.cities[c]).find((x) => busy[x] < 0 && busyBefore[x] < 0);
          if (k !== undefined) return { n, c, k, from: prev.cityOwner[c], to: f.cityOwner[c] };
        }
      }
      return null;
    });
    assert.ok(change, 'a city changes hands in this match');
    await goRound(page, change.n - 1);
    let before = await expectScoreboard(page, change.n - 1);
    near(await pixel(page, change.k, 0.5, 0.5), tint(mod.cell[CITY], colors[change.from], mod.tint), 2, `city ${change.c} before`);
    await goRound(page, change.n);
    const after = await expectScoreboard(page, change.n);
    assert.equal(after.city_owners[change.c], change.to);
    assert.equal(after.cities[change.to], before.cities[change.to] + 1);
    near(await pixel(page, change.k, 0.5, 0.5), tint(mod.cell[CITY], colors[change.to], mod.tint), 2, `city ${change.c} after`);

    // Hovering a city cell: its owner and the turn in the side panel; clicking a warrior and a
    // car selects them.
    let p = await cellPoint(page, change.k);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() => /City/.test(document.getElementById('unit-details').textContent));
    let details = await page.textContent('#unit-details');
    const names = (await page.evaluate(() => window.arenaViewer.model.players));
    assert.ok(details.includes(`City${change.c} (`) && details.includes(`owned by ${change.to} (${names[change.to]})`), details);
    assert.ok(details.includes(`Turnround ${change.n}: player ${change.n % 4} (${names[change.n % 4]}) moves`), details);
    assert.equal(await page.isVisible('#tooltip'), true);
    const w = after.units.find((x) => x.kind === 'warrior');
    p = await cellPoint(page, w.row * cols + w.col);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), String(w.id));
    details = await page.textContent('#unit-details');
    assert.match(details, /Typewarrior/);
    assert.match(details, new RegExp(`Food${w.food} / 40Water${w.water} / 40`));
    const car = after.units.find((x) => x.kind === 'car');
    p = await cellPoint(page, car.row * cols + car.col);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), String(car.id));
    details = await page.textContent('#unit-details');
    assert.match(details, /Typecar/);
    assert.match(details, new RegExp(`Fuel${car.food} / 100`));
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), null);
    await page.mouse.move(0, 0);

    // Legend, moves as arrows.
    const legend = await page.$$eval('#legend li', (lis) => lis.map((li) => li.textContent));
    for (const want of ['desert', 'road', 'water', 'station', 'wall', 'city (its owner\'s colour)', 'warrior (food and water gauges)',
      'car (fuel gauge)', 'frame: the team whose turn it is']) {
      assert.ok(legend.includes(want), `legend has "${want}": ${legend}`);
    }
    // (Player 3 is Null: the rounds it plays may have no move at all.)
    const withMoves = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      let n = 41;
      while (m.frame(n).moves.length === 0) n++;
      return n;
    });
    await goRound(page, withMoves);
    before = await boardHash(page);
    await page.keyboard.press('m');
    await page.waitForFunction((b) => {
      const cv = document.getElementById('board');
      const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      let x = 0;
      for (let i = 0; i < d.length; i++) x = (x * 31 + d[i]) | 0;
      return x !== b;
    }, before);
    await page.keyboard.press('m');

    // The last frame: the scoreboard equals the Rust reader's, nobody's turn, no frame.
    await page.keyboard.press('End');
    await waitRound(page, 500);
    const last = await expectScoreboard(page, 500);
    assert.ok(last.scores.some((x) => x > 100));
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const corner = await page.evaluate(() => {
      const m = window.arenaViewer.model, f = m.frame(m.lastFrame), busy = m.unitAt(f), b = m.board;
      for (let i = 1; i < b.rows - 1; i++) {
        const k = i * b.cols;
        if (busy[k] < 0 && busy[k - b.cols] < 0 && busy[k + b.cols] < 0 && b.types[k] !== 2) return { k, type: b.types[k] };
      }
      return null;
    });
    near(await pixel(page, corner.k, 0.02, 0.5), mod.cell[corner.type], 1, 'no turn frame once the match is over');
    const stats = await h.canvasStats(page);
    assert.ok(stats.colors > 10 && stats.stddev > 10, `board looks blank: ${JSON.stringify(stats)}`);
    await goRound(page, 120);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(100);
    const shot = await page.screenshot();
    h.saveArtifact('mad-max.png', shot);
    fs.mkdirSync(path.join(h.ROOT, 'docs', 'img'), { recursive: true });
    fs.writeFileSync(path.join(h.ROOT, 'docs', 'img', 'mad-max.png'), shot);
    assert.deepEqual(browser.errors, []);
  } finally {
    await page.close();
    await server.stop();
  }
});
