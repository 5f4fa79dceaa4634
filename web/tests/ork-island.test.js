// Ork Island in the viewer, in Debian's chromium (playwright-core): a match served by
// `arena view`, its frames against `arena replay --frame`, the terrain and ork colours on the
// canvas, hover and selection, fights, stepping and playing to the end, damaged files, and the
// screenshot in docs/img/ork-island.png.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const { waitRound, boardHash, cellPoint, near, pixel } = h;

let dir;
let browser;
let replay; // arena run ork-island Demo Demo Demo Null --seed 3: 70x70, 200 rounds

test.before(async () => {
  dir = h.tmpDir('arena-ork-');
  replay = h.makeOrkReplay(dir, 3);
  browser = await h.launchBrowser();
});

test.after(async () => {
  if (browser) await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function roundOf(page) {
  return page.evaluate(() => Number(document.getElementById('round-number').dataset.round));
}

async function expectScoreboard(page, n) {
  const want = h.rustFrame(replay, n);
  const got = await h.readScoreboard(page);
  assert.equal(got.round, n);
  assert.deepEqual(got.scores, want.scores, `scores at round ${n}`);
  assert.deepEqual(got.units, want.units, `orks at round ${n}`);
  assert.deepEqual(got.cities, want.cities, `cities at round ${n}`);
  assert.deepEqual(got.paths, want.paths, `paths at round ${n}`);
  assert.deepEqual(got.cpu, want.cpu, `cpu at round ${n}`);
  return got;
}

/** Opens `file` with `arena view`; returns { page, stop }. */
async function openServed(file, hash = '') {
  const server = await h.startArenaView(file);
  const page = await browser.newPage();
  await page.goto(server.url + hash);
  await page.waitForFunction(() => window.arenaViewer.metrics.firstFrameMs != null || document.getElementById('message').dataset.error);
  return { page, stop: server.stop };
}

test('`arena view` of an Ork Island match: frames, scoreboard, terrain and ork colours, hover, moves', async () => {
  const { page, stop } = await openServed(replay);
  try {
    assert.equal(await page.getAttribute('#message', 'data-error'), null);
    assert.match(await page.textContent('#match-info'), /^Ork Island · replay\.bin · seed 3 · 200 rounds · 70×70 · engine /);
    assert.match(await page.title(), /^Ork Island — Demo, Demo, Demo, Null — Arena replay viewer$/);
    assert.deepEqual(await page.$$eval('#scoreboard-head th', (ths) => ths.map((t) => t.textContent)),
      ['Player', 'Score', 'Orks', 'Cities', 'Paths', 'CPU']);
    const s0 = await expectScoreboard(page, 0);
    assert.deepEqual(s0.names, ['Demo', 'Demo', 'Demo', 'Null']);
    assert.deepEqual(s0.units, [15, 15, 15, 15]);

    // The browser's decoding equals the Rust reader's, ork by ork, health and owners included.
    for (const n of [0, 1, 2, 50, 137, 199, 200]) {
      assert.deepEqual(await page.evaluate((k) => window.arenaViewer.frameJson(k), n), h.rustFrame(replay, n), `frame ${n}`);
    }

    // Terrain colours at round 0 (no owners, no fights): the middle of a cell of each type with
    // no ork on it is that type's colour, and the six colours are far apart.
    const palette = await page.evaluate(() => window.ArenaReplay.games['ork-island'].CELL_RGB);
    const samples = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      const f = m.frame(0);
      const busy = m.unitAt(f);
      const out = [];
      for (let t = 0; t < 6; t++) {
        let k = 0;
        while (k < m.board.n && (m.board.types[k] !== t || busy[k] >= 0)) k++;
        out.push(k);
      }
      return out;
    });
    const names = ['water', 'grass', 'forest', 'sand', 'city', 'path'];
    for (let t = 0; t < 6; t++) near(await pixel(page, samples[t], 0.5, 0.5), palette[t], 1, names[t]);
    for (let a = 0; a < 6; a++) {
      for (let b = a + 1; b < 6; b++) {
        const d = palette[a].reduce((s, v, i) => s + Math.abs(v - palette[b][i]), 0);
        assert.ok(d > 60, `${names[a]} and ${names[b]} look alike`);
      }
    }
    // Orks at round 0: their player's colour (above the health bar), all at full health.
    const colors = await page.evaluate(() => window.arenaViewer.colors);
    const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const f0 = h.rustFrame(replay, 0);
    for (const id of [0, 16, 31, 59]) {
      const o = f0.orks[id];
      near(await pixel(page, o.row * 70 + o.col, 0.5, 0.3), rgb(colors[o.player]), 2, `ork ${id}`);
    }

    // At the end, owned cities are tinted with their owner's colour (off the hatch's diagonals).
    await page.keyboard.press('End');
    await waitRound(page, 200);
    const last = await expectScoreboard(page, 200);
    assert.ok(last.cities.some((c) => c > 0), 'someone owns a city at the end');
    const owned = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      const f = m.frame(200);
      const busy = m.unitAt(f);
      for (let c = 0; c < m.board.cities.length; c++) {
        if (f.cityOwner[c] < 0) continue;
        for (const k of m.board.cities[c]) {
          if (busy[k] < 0 && m.fights(200).every((x) => Math.abs(x.at % 70 - k % 70) + Math.abs(Math.floor(x.at / 70) - Math.floor(k / 70)) > 1)) {
            return { k, owner: f.cityOwner[c] };
          }
        }
      }
      return null;
    });
    assert.ok(owned, 'an owned city cell with no ork on it');
    const base = palette[4];
    const o = rgb(colors[owned.owner]);
    near(await pixel(page, owned.k, 0.5, 0.2), base.map((v, i) => v + (o[i] - v) * 0.6), 2, `city owned by ${owned.owner}`);
    const stats = await h.canvasStats(page);
    assert.ok(stats.colors > 20 && stats.stddev > 10, `board looks blank: ${JSON.stringify(stats)}`);

    // Hover an ork: the tooltip has its health; click: the side panel follows it.
    await page.keyboard.press('Home');
    await waitRound(page, 0);
    await page.evaluate(() => window.arenaViewer.setRound(120));
    await waitRound(page, 120);
    const f120 = h.rustFrame(replay, 120);
    const ork = f120.orks[7];
    const p = await cellPoint(page, ork.row * 70 + ork.col);
    await page.mouse.move(p.x, p.y);
    await page.waitForSelector('#tooltip:not([hidden])');
    const tip = await page.textContent('#tooltip');
    assert.match(tip, /^Ork7Player\d \((Demo|Null)\)/);
    assert.ok(tip.includes(`Health${ork.health} / 100`), tip);
    assert.match(tip, /Orderno move in round 120|Order(bottom|right|top|left) in round 120: /);
    assert.match(tip, /Cellrow \d+, column \d+ \((grass|forest|sand|city|path)\)Costentering costs \d health/);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), '7');
    assert.ok((await page.textContent('#unit-details')).includes(`Health${ork.health} / 100`));
    // Stepping on keeps following ork 7, with its new health.
    await page.keyboard.press('ArrowRight');
    await waitRound(page, 121);
    const health121 = h.rustFrame(replay, 121).orks[7].health;
    assert.ok((await page.textContent('#unit-details')).includes(`Health${health121} / 100`));

    // Legend: the six terrains, owners, orks, fights.
    const legend = await page.$$eval('#legend li', (lis) => lis.map((li) => li.textContent));
    for (const want of ['water (no entry)', 'grass', 'forest', 'sand (desert)', 'city', 'path', 'owned city', 'owned path',
      'ork (white bar: health)', "fight (winner's colour)"]) {
      assert.ok(legend.includes(want), `legend has "${want}": ${legend}`);
    }

    // Moves are drawn for a round in the first half: the kit's Demo stops moving after it.
    await page.$eval('#round-slider', (s) => {
      s.value = '40';
      s.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitRound(page, 40);
    // Moves as arrows: the M key toggles them and the board changes.
    const before = await boardHash(page);
    await page.keyboard.press('m');
    assert.equal(await page.isChecked('#show-moves'), true);
    await page.waitForFunction((b) => {
      const c = document.getElementById('board');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let x = 0;
      for (let i = 0; i < d.length; i++) x = (x * 31 + d[i]) | 0;
      return x !== b;
    }, before);
    await page.keyboard.press('m');

    // The picture in docs/games/ork-island.md: the first round from 40 on with a fight, its
    // winner followed in the side panel, the legend open.
    const shotAt = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      for (let n = 40; n <= m.lastFrame; n++) {
        const won = m.fights(n).filter((x) => m.frame(n).pos[x.winner] === x.at);
        if (won.length) return { n, winner: won[0].winner, at: won[0].at };
      }
      return null;
    });
    assert.ok(shotAt, 'a fight from round 40 on');
    await page.evaluate(() => {
      document.getElementById('legend-box').open = true;
    });
    await page.evaluate((n) => window.arenaViewer.setRound(n), shotAt.n);
    await waitRound(page, shotAt.n);
    const w = await cellPoint(page, shotAt.at);
    await page.mouse.click(w.x, w.y);
    assert.equal(await page.getAttribute('#unit-details', 'data-unit'), String(shotAt.winner));
    assert.match(await page.textContent('#unit-details'), /won a fight against ork \d+|Attackedby ork \d+ of \d \((Demo|Null)\), and won/);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(100);
    const shot = await page.screenshot();
    h.saveArtifact('ork-island.png', shot);
    fs.mkdirSync(path.join(h.ROOT, 'docs', 'img'), { recursive: true });
    fs.writeFileSync(path.join(h.ROOT, 'docs', 'img', 'ork-island.png'), shot);
    assert.deepEqual(browser.errors, []);
    await page.close();
  } finally {
    await stop();
  }
});

test('fights are drawn and flare up while a round is animated', async () => {
  const { page, stop } = await openServed(replay);
  try {
    // A round with a fight whose cell, at the end of the round, holds its winner.
    const found = await page.evaluate(() => {
      const m = window.arenaViewer.model;
      for (let n = 1; n <= m.lastFrame; n++) {
        const f = m.frame(n);
        for (const x of m.fights(n)) if (f.pos[x.winner] === x.at) return { n, at: x.at, winner: x.winner, player: f.player[x.winner] };
      }
      return null;
    });
    assert.ok(found, 'this match has a fight');
    await page.evaluate((n) => window.arenaViewer.setRound(n), found.n);
    await waitRound(page, found.n);
    const fightsRow = await page.evaluate((n) => window.arenaViewer.model.describeUnit(n, window.arenaViewer.model.fights(n)[0].winner)
      .map((r) => r.join(': ')).join('\n'), found.n);
    assert.match(fightsRow, /won a fight against ork \d+ of \d \((Demo|Null)\)|Attacked: by ork \d+ of \d \((Demo|Null)\), and won/);
    // The star: drawn without the round's fights, the cells around the fight change, and the
    // star's white shows.
    const diff = await page.evaluate((k) => {
      const v = window.arenaViewer;
      const m = v.model;
      const view = m.createView(document.createElement('canvas'), v.colors);
      view.layout(700, 700, 1);
      const c = view.cell;
      const x = ((k % m.board.cols) - 1) * c;
      const y = (Math.floor(k / m.board.cols) - 1) * c;
      const grab = () => view.ctx.getImageData(x, y, 3 * c, 3 * c).data;
      view.draw(v.round(), { anim: 1, moves: false, selected: -1, hover: -1 });
      const withFight = grab();
      m.fights = () => [];
      view.draw(v.round(), { anim: 1, moves: false, selected: -1, hover: -1 });
      delete m.fights;
      const without = grab();
      let changed = 0;
      let white = 0;
      for (let i = 0; i < withFight.length; i += 4) {
        if (withFight[i] !== without[i] || withFight[i + 1] !== without[i + 1] || withFight[i + 2] !== without[i + 2]) {
          changed++;
          if (Math.min(withFight[i], withFight[i + 1], withFight[i + 2]) >= 235) white++;
        }
      }
      return { changed, white, cell: c };
    }, found.at);
    assert.ok(diff.changed > diff.cell && diff.white > 0, `the fight shows around the winner: ${JSON.stringify(diff)}`);
    // Drawn mid-animation, the board differs from the still frame (orks sliding, the star
    // flaring, the dead fading in); nothing throws.
    const hashes = await page.evaluate((n) => {
      const v = window.arenaViewer;
      const view = v.model.createView(document.createElement('canvas'), v.colors);
      view.layout(700, 700, 1);
      const out = [];
      for (const anim of [0, 0.3, 0.7, 1]) {
        view.draw(n, { anim, moves: false, selected: -1, hover: -1 });
        const d = view.ctx.getImageData(0, 0, view.canvas.width, view.canvas.height).data;
        let x = 0;
        for (let i = 0; i < d.length; i++) x = (x * 31 + d[i]) | 0;
        out.push(x);
      }
      return out;
    }, found.n);
    assert.equal(new Set(hashes).size, 4, `four different pictures: ${hashes}`);
    assert.deepEqual(browser.errors, []);
    await page.close();
  } finally {
    await stop();
  }
});

test('stepping through and playing an Ork Island match to the end', async () => {
  const { page, stop } = await openServed(replay, '#r=10');
  try {
    assert.equal(await roundOf(page), 10, 'a #r= link opens at that round');
    await expectScoreboard(page, 10);
    await page.keyboard.press('ArrowRight');
    await waitRound(page, 11);
    await expectScoreboard(page, 11);
    await page.keyboard.press('Shift+ArrowRight');
    await waitRound(page, 21);
    await page.click('#btn-back');
    await waitRound(page, 20);
    await expectScoreboard(page, 20);
    assert.equal(await page.evaluate(() => location.hash), '#r=20');
    // Every round, stepped one by one with the button, is drawn without error.
    await page.keyboard.press('Home');
    await waitRound(page, 0);
    for (let r = 1; r <= 30; r++) {
      await page.click('#btn-forward');
      await waitRound(page, r);
    }
    await expectScoreboard(page, 30);
    // Play at 60 rounds a second (then 10, animated) until the end: playing stops there.
    await page.selectOption('#speed', '10');
    await page.keyboard.press(' ');
    assert.equal(await page.evaluate(() => window.arenaViewer.isPlaying()), true);
    await page.waitForFunction(() => window.arenaViewer.round() >= 40);
    await page.selectOption('#speed', '60');
    await page.waitForFunction(() => !window.arenaViewer.isPlaying(), null, { timeout: 30000 });
    assert.equal(await roundOf(page), 200);
    await expectScoreboard(page, 200);
    assert.equal(await page.evaluate(() => location.hash), '#r=200');
    const m = await page.evaluate(() => ({ ...window.arenaViewer.metrics }));
    assert.ok(m.draws > 50, `${m.draws} draws`);
    // Every round of the match could be retold (fights located) in the browser too.
    const untold = await page.evaluate(() => {
      const model = window.arenaViewer.model;
      const out = [];
      for (let n = 1; n <= model.lastFrame; n++) if (!model.story(n)) out.push(n);
      return out;
    });
    assert.deepEqual(untold, []);
    assert.deepEqual(browser.errors, []);
    await page.close();
  } finally {
    await stop();
  }
});

test('a damaged Ork Island replay shows the reader\'s message', async () => {
  const sections = h.readSections(replay);
  // The island with an open ring: the container is fine (so `arena view` serves it), the
  // game's part is not.
  const payload = Buffer.from(sections[1].payload);
  payload[2 + 3] = 1;
  const ring = path.join(dir, 'ring.replay');
  fs.writeFileSync(ring, h.writeSections(sections.map((s, i) => (i === 1 ? { tag: 'I', payload } : s))));
  const want = h.rustError(ring);
  assert.equal(want, 'damaged replay: board: the outer ring must be WATER, but (0, 3) is not');
  const { page, stop } = await openServed(ring);
  try {
    await page.waitForSelector('#message[data-error]');
    assert.equal(await page.getAttribute('#message', 'data-error'), want);
    assert.equal(await page.textContent('#message'), `Cannot open /replay.bin: ${want}`);
    assert.equal(await page.isVisible('#empty'), true, 'the page is not blank');
    await page.close();
  } finally {
    await stop();
  }

  // Through the file picker: a round cut short, and the whole file cut short.
  const cut = path.join(dir, 'cut.replay');
  fs.writeFileSync(cut, h.writeSections(sections.map((s, i) => (i === 30 ? { tag: s.tag, payload: s.payload.subarray(0, 25) } : s))));
  const short = path.join(dir, 'short.replay');
  fs.writeFileSync(short, fs.readFileSync(replay).subarray(0, 4000));
  const picker = await browser.newPage();
  await picker.goto(h.viewerFileUrl());
  for (const file of [cut, short]) {
    await picker.setInputFiles('#file-input', file);
    const name = path.basename(file);
    await picker.waitForFunction((n) => {
      const m = document.getElementById('message');
      return !m.hidden && m.textContent.startsWith('Cannot open ' + n + ':');
    }, name);
    const shown = await picker.getAttribute('#message', 'data-error');
    assert.equal(shown, h.rustError(file).replace(/round (\d+): damaged replay: /, 'round $1: '), name);
  }
  assert.match(await picker.getAttribute('#message', 'data-error'), /^damaged replay: compressed data: /);
  // A good Ork Island replay after them opens, and the message goes.
  await h.openThroughPicker(picker, replay);
  assert.equal(await picker.isHidden('#message'), true);
  assert.match(await picker.textContent('#match-info'), /^Ork Island · ork-island-seed3\.replay/);
  assert.deepEqual(browser.errors, []);
  await picker.close();
});
