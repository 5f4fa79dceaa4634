// The Walking Dead in the viewer, in Debian's chromium (playwright-core): a match served by
// `arena view`, its frames and scoreboard against `arena replay --frame`, street, waste, owners,
// food, units, dead units and zombies on the canvas, hover, moves, and the screenshot in
// docs/img/walking-dead.png.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const { waitRound, boardHash, cellPoint, near, pixel } = h;

let dir;
let browser;
let replay; // arena run walking-dead Dummy Demo Demo Null --seed 3: 60x60, 200 rounds

test.before(async () => {
  dir = h.tmpDir('arena-wd-');
  replay = h.makeWalkingDeadReplay(dir, 3);
  browser = await h.launchBrowser();
});

test.after(async () => {
  if (browser) await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function scoreboard(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('#scoreboard tbody tr[data-player]')];
    const val = (tr, f) => Number(tr.querySelector(`[data-field="${f}"]`).dataset.value);
    const col = (f) => rows.map((tr) => val(tr, f));
    return { scores: col('score'), alive: col('alive'), dead: col('dead'), cells: col('cells'), strength: col('strength') };
  });
}

async function expectScoreboard(page, n) {
  const want = h.rustFrame(replay, n);
  const got = await scoreboard(page);
  for (const k of ['scores', 'alive', 'dead', 'cells', 'strength']) assert.deepEqual(got[k], want[k], `${k} at round ${n}`);
  return want;
}

test('`arena view` of a Walking Dead match: frames, scoreboard, cells, units, zombies, food, hover, moves', async () => {
  const server = await h.startArenaView(replay);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.arenaViewer.metrics.firstFrameMs != null || document.getElementById('message').dataset.error);
    assert.equal(await page.getAttribute('#message', 'data-error'), null);
    assert.match(await page.textContent('#match-info'), /^The Walking Dead · replay\.bin · seed 3 · 200 rounds · 60×60 · engine /);
    assert.deepEqual(await page.$$eval('#scoreboard-head th', (ths) => ths.map((t) => t.textContent)),
      ['Player', 'Score', 'Alive', 'Dead', 'Cells', 'Strength', 'CPU']);
    const f0 = await expectScoreboard(page, 0);
    assert.deepEqual(f0.alive, [20, 20, 20, 20]);
    for (const n of [0, 1, 2, 77, 200]) {
      assert.deepEqual(await page.evaluate((k) => window.arenaViewer.frameJson(k), n), h.rustFrame(replay, n), `frame ${n}`);
    }

    // Round 0: a street cell and a waste cell with nothing on them, the units in their clan's
    // colour, zombies red, food red.
    const palette = await page.evaluate(() => window.ArenaReplay.games['walking-dead'].CELL_RGB);
    const spots = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      const f = m.frame(0);
      const busy = m.unitAt(f), food = m.foodAt(f);
      let street = -1, waste = -1;
      for (let k = 0; k < m.board.n; k++) {
        if (busy[k] >= 0 || food[k] || f.owner[k] >= 0) continue;
        if (m.board.waste[k] && waste < 0) waste = k;
        if (!m.board.waste[k] && street < 0) street = k;
      }
      return { street, waste };
    });
    near(await pixel(page, spots.street, 0.1, 0.1), palette[0], 1, 'street');
    near(await pixel(page, spots.waste, 0.5, 0.5), palette[1], 1, 'waste');
    const colors = await page.evaluate(() => window.arenaViewer.colors);
    const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    for (const u of f0.units.filter((x) => x.kind === 'alive').slice(0, 80).filter((_, i) => i % 19 === 0)) {
      near(await pixel(page, u.row * 60 + u.col, 0.5, 0.5), rgb(colors[u.player]), 2, `unit ${u.id}`);
    }
    const z = f0.units.find((x) => x.kind === 'zombie');
    near(await pixel(page, z.row * 60 + z.col, 0.5, 0.5), [208, 24, 24], 2, 'zombie');
    const food = f0.food[0];
    near(await pixel(page, food[0] * 60 + food[1], 0.5, 0.55), [224, 32, 32], 2, 'food');

    // A round with a dead unit: it is drawn as a cross (its centre dark or its clan's colour,
    // not the street's), and its counter shows in the side panel.
    const deadAt = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      for (let n = 1; n <= m.lastFrame; n++) {
        const f = m.frame(n);
        for (let u = 0; u < f.kind.length; u++) if (f.kind[u] === 1) return { n, u, k: f.pos[u] };
      }
      return null;
    });
    assert.ok(deadAt, 'a unit dies in this match');
    await page.evaluate((n) => window.arenaViewer.setRound(n), deadAt.n);
    await waitRound(page, deadAt.n);
    await expectScoreboard(page, deadAt.n);
    const p = await cellPoint(page, deadAt.k);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), String(deadAt.u));
    const details = await page.textContent('#unit-details');
    assert.match(details, /Typedead/);
    assert.match(details, /Zombie in\d+ rounds?/);

    // Legend, moves as arrows.
    const legend = await page.$$eval('#legend li', (lis) => lis.map((li) => li.textContent));
    for (const want of ['street', 'waste', 'owned street', 'food', 'alive unit', 'dead unit (rounds left)', 'zombie']) {
      assert.ok(legend.includes(want), `legend has "${want}": ${legend}`);
    }
    await page.evaluate(() => window.arenaViewer.setRound(40));
    await waitRound(page, 40);
    const before = await boardHash(page);
    await page.keyboard.press('m');
    await page.waitForFunction((b) => {
      const c = document.getElementById('board');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let x = 0;
      for (let i = 0; i < d.length; i++) x = (x * 31 + d[i]) | 0;
      return x !== b;
    }, before);
    await page.keyboard.press('m');

    // Playing to the end keeps the scoreboard equal to the Rust reader's.
    await page.keyboard.press('End');
    await waitRound(page, 200);
    const last = await expectScoreboard(page, 200);
    assert.ok(last.cells.some((c) => c > 0));
    const stats = await h.canvasStats(page);
    assert.ok(stats.colors > 10 && stats.stddev > 10, `board looks blank: ${JSON.stringify(stats)}`);
    await page.evaluate(() => window.arenaViewer.setRound(60));
    await waitRound(page, 60);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(100);
    const shot = await page.screenshot();
    h.saveArtifact('walking-dead.png', shot);
    fs.mkdirSync(path.join(h.ROOT, 'docs', 'img'), { recursive: true });
    fs.writeFileSync(path.join(h.ROOT, 'docs', 'img', 'walking-dead.png'), shot);
    assert.deepEqual(browser.errors, []);
  } finally {
    await page.close();
    await server.stop();
  }
});
