// The Purge in the viewer, in Debian's chromium (playwright-core): a match served by
// `arena view`, its frames and scoreboard against `arena replay --frame`, streets by day and by
// night, buildings, items, barricades and citizens on the canvas, a citizen's details, orders,
// and the screenshot in docs/img/purge.png.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const { waitRound, boardHash, cellPoint, near, pixel } = h;

let dir;
let browser;
let replay; // arena run purge Dummy Demo Demo Null --seed 3: 15x30, 250 rounds

test.before(async () => {
  dir = h.tmpDir('arena-purge-');
  replay = h.makePurgeReplay(dir, 3);
  browser = await h.launchBrowser();
});

test.after(async () => {
  if (browser) await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const FIELDS = ['builders', 'warriors', 'barricades', 'money', 'kills'];

function scoreboard(page) {
  return page.evaluate((fields) => {
    const rows = [...document.querySelectorAll('#scoreboard tbody tr[data-player]')];
    const val = (tr, f) => Number(tr.querySelector(`[data-field="${f}"]`).dataset.value);
    const out = { scores: rows.map((tr) => val(tr, 'score')) };
    for (const f of fields) out[f] = rows.map((tr) => val(tr, f));
    return out;
  }, FIELDS);
}

async function expectScoreboard(page, n) {
  const want = h.rustFrame(replay, n);
  const got = await scoreboard(page);
  assert.deepEqual(got.scores, want.scores, `scores at round ${n}`);
  for (const k of ['builders', 'warriors', 'barricades']) assert.deepEqual(got[k], want[k], `${k} at round ${n}`);
  assert.deepEqual(got.money, want.money_points, `money at round ${n}`);
  assert.deepEqual(got.kills, want.kill_points, `kills at round ${n}`);
  return want;
}

/** An empty street cell and a building cell of frame n, as the model sees them. */
function spots(page, n) {
  return page.evaluate((k) => {
    const m = window.arenaViewer.model;
    const f = m.frame(k);
    const busy = m.unitAt(f);
    let street = -1, building = -1;
    for (let c = 0; c < m.board.n; c++) {
      if (m.board.building[c]) {
        if (building < 0) building = c;
      } else if (street < 0 && busy[c] < 0 && !f.item[c] && f.bOwner[c] < 0) {
        street = c;
      }
    }
    return { street, building };
  }, n);
}

test('`arena view` of a Purge match: frames, scoreboard, day and night, items, barricades, citizens, details, orders', async () => {
  const server = await h.startArenaView(replay);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.arenaViewer.metrics.firstFrameMs != null || document.getElementById('message').dataset.error);
    assert.equal(await page.getAttribute('#message', 'data-error'), null);
    assert.match(await page.textContent('#match-info'), /^The Purge · replay\.bin · seed 3 · 250 rounds · 15×30 · engine /);
    assert.deepEqual(await page.$$eval('#scoreboard-head th', (ths) => ths.map((t) => t.textContent)),
      ['Player', 'Score', 'Builders', 'Warriors', 'Barricades', 'Money', 'Kills', 'CPU']);
    const f0 = await expectScoreboard(page, 0);
    assert.deepEqual(f0.builders, [4, 4, 4, 4]);
    assert.deepEqual(f0.warriors, [2, 2, 2, 2]);
    for (const n of [0, 1, 2, 30, 131, 250]) {
      assert.deepEqual(await page.evaluate((k) => window.arenaViewer.frameJson(k), n), h.rustFrame(replay, n), `frame ${n}`);
    }

    // Round 0 (a day): a street cell, a building, the builders in their clan's colour, money gold.
    const mod = await page.evaluate(() => ({ cell: window.ArenaReplay.games.purge.CELL_RGB, items: window.ArenaReplay.games.purge.ITEM_COLORS }));
    const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    let s = await spots(page, 0);
    near(await pixel(page, s.street, 0.1, 0.1), mod.cell[0], 1, 'street by day');
    near(await pixel(page, s.building, 0.5, 0.5), mod.cell[1], 1, 'building');
    const colors = await page.evaluate(() => window.arenaViewer.colors);
    for (const c of f0.citizens.filter((x) => x.kind === 'builder').filter((_, i) => i % 3 === 0)) {
      near(await pixel(page, c.row * 30 + c.col, 0.5, 0.45), rgb(colors[c.player]), 2, `builder ${c.id}`);
    }
    const money = f0.items.find((x) => x[2] === 'money');
    near(await pixel(page, money[0] * 30 + money[1], 0.32, 0.5), rgb(mod.items[1]), 2, 'money (beside its $)');

    // A night round: streets dimmed.
    await page.evaluate(() => window.arenaViewer.setRound(30));
    await waitRound(page, 30);
    const night = await expectScoreboard(page, 30);
    assert.equal(night.day, false);
    s = await spots(page, 30);
    near(await pixel(page, s.street, 0.1, 0.1), mod.cell[2], 1, 'street by night');

    // A frame with a barricade: its cell's edge in its owner's colour.
    const bar = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      for (let n = 1; n <= m.lastFrame; n++) {
        const f = m.frame(n);
        for (let k = 0; k < m.board.n; k++) if (f.bOwner[k] >= 0) return { n, k, owner: f.bOwner[k] };
      }
      return null;
    });
    assert.ok(bar, 'a barricade is built in this match');
    await page.evaluate((n) => window.arenaViewer.setRound(n), bar.n);
    await waitRound(page, bar.n);
    const fb = await expectScoreboard(page, bar.n);
    assert.ok(fb.barricades[bar.owner] >= 1);
    near(await pixel(page, bar.k, 0.03, 0.5), rgb(colors[bar.owner]), 2, 'barricade edge');

    // A warrior's details: clicking its cell selects it.
    const w = fb.citizens.find((x) => x.kind === 'warrior' && x.alive);
    const p = await cellPoint(page, w.row * 30 + w.col);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), String(w.id));
    const details = await page.textContent('#unit-details');
    assert.match(details, /Typewarrior/);
    assert.match(details, new RegExp(`Weapon${w.weapon}`));
    assert.match(details, new RegExp(`Life${w.life}`));

    // Legend, orders as arrows.
    const legend = await page.$$eval('#legend li', (lis) => lis.map((li) => li.textContent));
    for (const want of ['street by day', 'street by night', 'building', 'money', 'food', 'gun', 'bazooka']) {
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
    await waitRound(page, 250);
    const last = await expectScoreboard(page, 250);
    assert.ok(last.scores.some((x) => x > 0));
    const stats = await h.canvasStats(page);
    assert.ok(stats.colors > 10 && stats.stddev > 10, `board looks blank: ${JSON.stringify(stats)}`);
    await page.evaluate(() => window.arenaViewer.setRound(20));
    await waitRound(page, 20);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(100);
    const shot = await page.screenshot();
    h.saveArtifact('purge.png', shot);
    fs.mkdirSync(path.join(h.ROOT, 'docs', 'img'), { recursive: true });
    fs.writeFileSync(path.join(h.ROOT, 'docs', 'img', 'purge.png'), shot);
    assert.deepEqual(browser.errors, []);
  } finally {
    await page.close();
    await server.stop();
  }
});
