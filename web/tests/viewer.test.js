// The viewer page in Debian's chromium (playwright-core): opening replays by file picker, drag
// and drop and URL (`arena view`), the scoreboard against `arena replay --frame`, the canvas,
// errors, keyboard and #r= links, and performance figures.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const { waitRound, boardHash } = h;

let dir;
let browser;
let replay; // the README's match: default parameters, 70x70, 200 rounds
const perf = {};

test.before(async () => {
  dir = h.tmpDir('arena-viewer-');
  replay = h.makeReplay(dir, 30);
  browser = await h.launchBrowser();
});

test.after(async () => {
  if (browser) await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (Object.keys(perf).length) {
    h.saveArtifact('perf.json', JSON.stringify(perf, null, 2) + '\n');
    console.log('# viewer performance: ' + JSON.stringify(perf));
  }
});

async function freshPage(hash = '') {
  const page = await browser.newPage();
  await page.goto(h.viewerFileUrl(hash));
  return page;
}

function roundOf(page) {
  return page.evaluate(() => Number(document.getElementById('round-number').dataset.round));
}

async function expectScoreboard(page, file, n) {
  const want = h.rustFrame(file, n);
  const got = await h.readScoreboard(page);
  assert.equal(got.round, n);
  assert.deepEqual(got.scores, want.scores, `scores at round ${n}`);
  assert.deepEqual(got.scoreTexts, want.scores.map(String));
  assert.deepEqual(got.units, want.units, `units at round ${n}`);
  assert.deepEqual(got.cities, want.cities, `cities at round ${n}`);
  assert.deepEqual(got.paths, want.paths, `paths at round ${n}`);
  assert.deepEqual(got.cpu, want.cpu, `cpu at round ${n}`);
  return got;
}

/** The board cell's centre in page coordinates. */
async function cellCenter(page, k) {
  return page.evaluate((cell) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const m = window.arenaViewer.model;
    const size = r.width / m.board.cols;
    return { x: r.left + ((cell % m.board.cols) + 0.5) * size, y: r.top + (Math.floor(cell / m.board.cols) + 0.5) * size };
  }, k);
}

test('file picker on a file:// page: scoreboard equals `arena replay --frame`, canvas, hover, moves', async () => {
  const page = await freshPage();
  assert.equal(await page.isVisible('#empty'), true, 'the empty page says how to open a replay');
  await h.openThroughPicker(page, replay);
  const m = await page.evaluate(() => ({ ...window.arenaViewer.metrics }));
  perf.pickerFirstFrameMs = Math.round(m.firstFrameMs);
  perf.pickerDecodeMs = Math.round(m.decodeMs);
  perf.pickerDecompressMs = Math.round(m.decompressMs);
  perf.fileBytes = m.fileBytes;
  assert.equal(m.fileBytes, fs.statSync(replay).size);
  assert.equal(await roundOf(page), 0);
  const s0 = await expectScoreboard(page, replay, 0);
  assert.deepEqual(s0.names, ['Demo', 'Demo', 'Null', 'Null']);
  assert.match(await page.textContent('#match-info'), /Pandemic · seed30\.replay · seed 30 · 200 rounds · 70×70/);

  // To round 120 with the slider, as a person would drag it.
  await page.$eval('#round-slider', (s) => {
    s.value = '120';
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await waitRound(page, 120);
  const s120 = await expectScoreboard(page, replay, 120);
  assert.deepEqual(s120.cpuTexts, ['CPU: 0%', 'CPU: 0%', 'CPU: 0%', 'CPU: 0%']);
  assert.equal(await page.evaluate(() => location.hash), '#r=120');
  // The browser's decoder agrees with the Rust reader on whole frames too.
  for (const n of [1, 57, 120, 199, 200]) {
    assert.deepEqual(await page.evaluate((k) => window.arenaViewer.frameJson(k), n), h.rustFrame(replay, n), `frame ${n}`);
  }

  const stats = await h.canvasStats(page);
  assert.ok(stats.width >= 70 && stats.height >= 70, `canvas ${stats.width}x${stats.height}`);
  assert.ok(stats.colors > 20 && stats.stddev > 10, `board looks blank: ${JSON.stringify(stats)}`);

  // Hover a unit: the tooltip shows its fields; click: the side panel follows it.
  const unitCell = await page.evaluate(() => window.arenaViewer.model.frame(120).pos[0]);
  const p = await cellCenter(page, unitCell);
  await page.mouse.move(p.x, p.y);
  await page.waitForSelector('#tooltip:not([hidden])');
  const tip = await page.textContent('#tooltip');
  assert.match(tip, /Unit0/);
  assert.match(tip, /Health\d+ \/ 100/);
  assert.match(tip, /Immune(yes|no)/);
  await page.mouse.click(p.x, p.y);
  assert.equal(await page.getAttribute('#unit-details', 'data-unit'), '0');
  assert.match(await page.textContent('#unit-details'), /Player\d \((Demo|Null)\)/);

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

  // Screenshots: a test artifact, and the README's picture.
  const shot = await page.screenshot();
  h.saveArtifact('viewer.png', shot);
  fs.mkdirSync(path.join(h.ROOT, 'docs', 'img'), { recursive: true });
  fs.writeFileSync(path.join(h.ROOT, 'docs', 'img', 'viewer.png'), shot);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('keyboard shortcuts and #r= links', async () => {
  const page = await freshPage('#r=77');
  await h.openThroughPicker(page, replay);
  assert.equal(await roundOf(page), 77, 'a #r= link opens at that round');
  await expectScoreboard(page, replay, 77);

  await page.keyboard.press('ArrowRight');
  await waitRound(page, 78);
  await page.keyboard.press('Shift+ArrowRight');
  await waitRound(page, 88);
  await page.keyboard.press('ArrowLeft');
  await waitRound(page, 87);
  assert.equal(await page.evaluate(() => location.hash), '#r=87');
  await page.keyboard.press('End');
  await waitRound(page, 200);
  await page.keyboard.press('ArrowRight');
  await waitRound(page, 200);
  await page.keyboard.press('Home');
  await waitRound(page, 0);
  assert.equal(await page.evaluate(() => location.hash), '#r=0');

  // Space plays, space pauses; the hash follows.
  await page.keyboard.press(' ');
  assert.equal(await page.evaluate(() => window.arenaViewer.isPlaying()), true);
  await page.waitForFunction(() => window.arenaViewer.round() >= 3);
  await page.keyboard.press(' ');
  assert.equal(await page.evaluate(() => window.arenaViewer.isPlaying()), false);
  const r = await roundOf(page);
  assert.ok(r >= 3, `round ${r} after playing`);
  assert.equal(await page.evaluate(() => location.hash), `#r=${r}`);
  await expectScoreboard(page, replay, r);

  // Editing the hash moves there.
  await page.evaluate(() => {
    location.hash = '#r=150';
  });
  await waitRound(page, 150);
  await expectScoreboard(page, replay, 150);

  // Buttons.
  await page.click('#btn-back');
  await waitRound(page, 149);
  await page.click('#btn-end');
  await waitRound(page, 200);
  await page.click('#btn-start');
  await waitRound(page, 0);
  await page.click('#btn-forward');
  await waitRound(page, 1);
  // Speed keys.
  await page.keyboard.press('+');
  assert.equal(await page.inputValue('#speed'), '20');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  assert.equal(await page.inputValue('#speed'), '5');
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('damaged and wrong-version files show the reader\'s message', async () => {
  const good = fs.readFileSync(replay);
  const write = (name, bytes) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, bytes);
    return f;
  };
  const flippedMid = Buffer.from(good);
  flippedMid[5000] ^= 0xff;
  flippedMid[5001] ^= 0x55;
  const cases = [
    { file: write('truncated.replay', good.subarray(0, 5000)), exact: true },
    { file: write('checksum.replay', Buffer.concat([good.subarray(0, good.length - 2), Buffer.from([1, 2])])), exact: true },
    { file: write('flipped.replay', flippedMid), exact: false },
    { file: write('version9.replay', Buffer.concat([Buffer.from('ARENARPL'), Buffer.from([9, 0]), good.subarray(10)])), exact: true },
    { file: write('notes.replay', Buffer.from('not a replay at all\n')), exact: true },
  ];
  const page = await freshPage();
  for (const c of cases) {
    await page.setInputFiles('#file-input', c.file);
    const name = path.basename(c.file);
    await page.waitForFunction((n) => {
      const m = document.getElementById('message');
      return !m.hidden && m.textContent.startsWith('Cannot open ' + n + ':');
    }, name);
    const shown = await page.getAttribute('#message', 'data-error');
    const rust = h.rustError(c.file);
    if (c.exact) assert.equal(shown, rust, name);
    else {
      assert.match(shown, /^damaged replay: compressed data: /, name);
      assert.match(rust, /^damaged replay: compressed data: /, name);
    }
    assert.equal(await page.textContent('#message'), `Cannot open ${name}: ${shown}`);
    assert.equal(await page.isVisible('#empty'), true, 'the page is not blank');
  }
  const texts = cases.map((c) => path.basename(c.file));
  assert.equal(texts.length, 5);
  // The messages for the README's examples.
  assert.equal(h.rustError(cases[3].file), 'replay format version 9 is not supported (this build reads version 1)');
  assert.match(h.rustError(cases[0].file), /^damaged replay: /);
  assert.equal(h.rustError(cases[4].file), 'not an Arena replay (the file does not start with ARENARPL)');

  // A good replay, then a bad one: the message shows and the good one stays.
  await h.openThroughPicker(page, replay);
  assert.equal(await page.isHidden('#message'), true);
  await page.setInputFiles('#file-input', cases[0].file);
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await page.isVisible('#board'), true);
  assert.deepEqual(browser.errors, []);
  await page.close();
});

test('freezes and CPU shares in the scoreboard', async () => {
  const sections = h.editCommon(h.readSections(replay), (round, c) => {
    c.cpu = [Math.min(10000, round * 31), 3700, round >= 50 ? 0xffff : 1234, 0];
    if (round === 50) c.frozen.push({ player: 2, reason: 0, round: 49, message: 'fuel budget exhausted' });
  });
  const file = path.join(dir, 'frozen.replay');
  fs.writeFileSync(file, h.writeSections(sections));
  const page = await freshPage('#r=120');
  await h.openThroughPicker(page, file);
  const s = await expectScoreboard(page, file, 120);
  assert.deepEqual(s.cpuTexts, ['CPU: 37%', 'CPU: 37%', 'out: cpu (round 49)', 'CPU: 0%']);
  assert.deepEqual(s.reasons, [null, null, 'cpu', null]);
  assert.equal(await page.getAttribute('#cpu-2', 'title'), 'frozen in round 49 (cpu): fuel budget exhausted');
  await page.keyboard.press('Home');
  await waitRound(page, 0);
  assert.deepEqual((await h.readScoreboard(page)).reasons, [null, null, null, null]);
  await page.close();
});

test('drag and drop opens a replay', async () => {
  const page = await freshPage();
  const bytes = Array.from(fs.readFileSync(replay));
  await page.evaluate((b) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], 'dropped.replay'));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, bytes);
  await page.waitForFunction(() => window.arenaViewer.metrics.loads === 1);
  assert.match(await page.textContent('#match-info'), /dropped\.replay/);
  await expectScoreboard(page, replay, 0);
  await page.close();
});

test('?replay=URL: served by `arena view`, and load errors', async () => {
  let server;
  let how;
  if (h.hasArenaView()) {
    how = 'arena view';
    server = await h.startArenaView(replay);
    assert.match(server.firstLine, /^viewer: http:\/\/127\.0\.0\.1:\d+\/viewer\.html\?replay=\/replay\.bin$/);
  } else {
    how = 'static server';
    const s = await h.startStaticServer({ '/replay.bin': fs.readFileSync(replay) });
    server = { url: `${s.base}/viewer.html?replay=/replay.bin`, stop: s.stop };
  }
  console.log(`# URL test served by ${how}`);
  try {
    const page = await browser.newPage();
    const t0 = Date.now();
    await page.goto(server.url + '#r=50');
    await page.waitForFunction(() => window.arenaViewer.metrics.firstFrameMs != null);
    perf.urlFirstFrameMs = Math.round(await page.evaluate(() => window.arenaViewer.metrics.firstFrameMs));
    perf.urlWallMs = Date.now() - t0;
    assert.equal(await roundOf(page), 50);
    await expectScoreboard(page, replay, 50);
    assert.ok((await h.canvasStats(page)).colors > 20);
    await page.close();
  } finally {
    await server.stop();
  }

  // A damaged file and a missing one behind a URL, and ?replay= on a file:// page.
  const bad = fs.readFileSync(replay).subarray(0, 3000);
  const s = await h.startStaticServer({ '/bad.bin': bad });
  try {
    const page = await browser.newPage();
    await page.goto(`${s.base}/viewer.html?replay=/bad.bin`);
    await page.waitForSelector('#message[data-error]');
    assert.equal(await page.getAttribute('#message', 'data-error'), 'damaged replay: compressed data: incomplete frame');
    await page.goto(`${s.base}/viewer.html?replay=/missing.bin`);
    await page.waitForSelector('#message[data-error]');
    assert.match(await page.textContent('#message'), /Cannot open \/missing\.bin: cannot load it: HTTP 404/);
    await page.goto(h.viewerFileUrl().replace('#', '') + '?replay=m.replay');
    await page.waitForSelector('#message[data-error]');
    assert.match(await page.textContent('#message'), /opened from disk \(file:\/\/\) cannot load other files/);
    await page.close();
  } finally {
    await s.stop();
  }
});

test('performance: first frame, and frame rate while playing at full speed', async () => {
  // A fresh page, as a person opening the viewer would have.
  const page = await freshPage();
  const wall0 = Date.now();
  await h.openThroughPicker(page, replay);
  perf.firstFrameWallMs = Date.now() - wall0;
  const m = await page.evaluate(() => ({ ...window.arenaViewer.metrics }));
  perf.firstFrameMs = Math.round(m.firstFrameMs);
  perf.decodeMs = Math.round(m.decodeMs);
  perf.decompressMs = Math.round(m.decompressMs);
  perf.gameDecodeMs = Math.round(m.gameMs);
  console.log(`# first frame ${m.firstFrameMs.toFixed(0)} ms after choosing the file (decode ${m.decodeMs.toFixed(0)} ms: ` +
    `zstd+checksum ${m.decompressMs.toFixed(0)} ms, pandemic frames ${m.gameMs.toFixed(0)} ms)`);
  assert.ok(m.firstFrameMs < 5000, `first frame took ${m.firstFrameMs} ms`);

  // The browser's own pace: animation frames on this page while nothing plays.
  const idleFps = await page.evaluate(async () => {
    const times = [];
    await new Promise((done) => {
      function tick(t) {
        times.push(t);
        if (t - times[0] < 2000) requestAnimationFrame(tick);
        else done();
      }
      requestAnimationFrame(tick);
    });
    return ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]);
  });
  perf.idleRafFps = Math.round(idleFps * 10) / 10;
  console.log(`# requestAnimationFrame rate of this headless browser with nothing playing: ${idleFps.toFixed(1)} fps`);

  await page.selectOption('#speed', '60');
  const result = await page.evaluate(async () => {
    const v = window.arenaViewer;
    v.setRound(0);
    const drawsBefore = v.metrics.draws;
    const tickBefore = v.metrics.tickMsTotal || 0;
    const ticksBefore = v.metrics.ticks || 0;
    const drawTotalBefore = v.metrics.drawMsTotal;
    v.metrics.drawMsMax = 0;
    const times = [];
    v.play();
    await new Promise((done) => {
      const start = performance.now();
      function tick(t) {
        times.push(t);
        if (t - start < 3000 && v.isPlaying()) requestAnimationFrame(tick);
        else done();
      }
      requestAnimationFrame(tick);
    });
    const endRound = v.round();
    v.pause();
    const iv = [];
    for (let i = 1; i < times.length; i++) iv.push(times[i] - times[i - 1]);
    iv.sort((a, b) => a - b);
    const span = times[times.length - 1] - times[0];
    const draws = v.metrics.draws - drawsBefore;
    return {
      fps: ((times.length - 1) * 1000) / span,
      p50: iv[Math.floor(iv.length / 2)],
      p95: iv[Math.floor(iv.length * 0.95)],
      max: iv[iv.length - 1],
      seconds: span / 1000,
      rounds: endRound,
      drawMsMean: (v.metrics.drawMsTotal - drawTotalBefore) / draws,
      drawMsMax: v.metrics.drawMsMax,
      tickMsMean: (v.metrics.tickMsTotal - tickBefore) / (v.metrics.ticks - ticksBefore),
      ticks: v.metrics.ticks - ticksBefore,
      frames: times.length,
    };
  });
  perf.playbackFps = Math.round(result.fps * 10) / 10;
  perf.frameIntervalP50Ms = Math.round(result.p50 * 10) / 10;
  perf.frameIntervalP95Ms = Math.round(result.p95 * 10) / 10;
  perf.drawMsMean = Math.round(result.drawMsMean * 100) / 100;
  perf.drawMsMax = Math.round(result.drawMsMax * 100) / 100;
  perf.roundsPlayedIn3s = result.rounds;
  perf.frameWorkMsMean = Math.round(result.tickMsMean * 100) / 100;
  console.log(`# playback at 60 rounds/s: ${result.fps.toFixed(1)} fps over ${result.seconds.toFixed(1)} s ` +
    `(frame interval p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms), ` +
    `${result.rounds} rounds, board draw ${result.drawMsMean.toFixed(2)} ms mean / ${result.drawMsMax.toFixed(2)} ms max, ` +
    `all work per frame (board, scoreboard, chart) ${result.tickMsMean.toFixed(2)} ms mean`);
  // Headless chromium paces frames as it likes: only check that playback ran and drew.
  assert.ok(result.fps > 5, `playback ran at ${result.fps} fps`);
  assert.ok(result.rounds > 20, `playback reached round ${result.rounds}`);
  // One viewer callback per animation frame (not a growing pile of them), and playback keeps
  // at least a fraction of what the browser gives an idle page.
  assert.ok(result.ticks <= result.frames * 1.2 + 5, `${result.ticks} viewer callbacks in ${result.frames} frames`);
  assert.ok(result.fps >= idleFps * 0.4, `playback ${result.fps} fps against ${idleFps} fps idle`);
  await page.close();
});
