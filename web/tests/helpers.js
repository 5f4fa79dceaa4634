// Shared by the viewer's tests: the arena binary, replays, a browser, servers, and a small
// independent replay re-writer (to make damaged files and files with freezes).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { spawn, execFileSync } = require('node:child_process');

const WEB = path.resolve(__dirname, '..');
const ROOT = path.resolve(WEB, '..');
const ARTIFACTS = path.join(__dirname, 'artifacts');
const ARENA = process.env.ARENA_BIN || path.join(ROOT, 'target', 'release', 'arena');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function checkArena() {
  if (!fs.existsSync(ARENA)) {
    throw new Error(`${ARENA} is missing: build it first with \`cargo build --release -p arena\``);
  }
}

function tmpDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function arena(args) {
  checkArena();
  return execFileSync(ARENA, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Runs `arena run GAME BOTS --seed SEED --out FILE` and returns FILE. The tests read moves and
 * fights off these matches, so a bot frozen in one is an error here, with its reason, rather
 * than a later assertion about an empty board.
 */
function runMatch(game, file, seed, bots, extra) {
  const out = JSON.parse(arena(['run', game, ...bots, '--seed', String(seed), '--out', file, '--json', ...extra]));
  for (const [seat, p] of out.players.entries()) {
    if (p.frozen) throw new Error(`${game} seed ${seed}: player ${seat} (${p.name}) was frozen: ${JSON.stringify(p.frozen)}`);
  }
  return file;
}

/** A Pandemic match's replay file. */
function makeReplay(dir, seed, bots = ['Demo', 'Demo', 'Null', 'Null'], extra = []) {
  return runMatch('pandemic', path.join(dir, `seed${seed}.replay`), seed, bots, extra);
}

/** An Ork Island match's replay file. */
function makeOrkReplay(dir, seed, bots = ['Demo', 'Demo', 'Demo', 'Null'], extra = []) {
  return runMatch('ork-island', path.join(dir, `ork-island-seed${seed}.replay`), seed, bots, extra);
}

/** A Walking Dead match's replay file. */
function makeWalkingDeadReplay(dir, seed, bots = ['Dummy', 'Demo', 'Demo', 'Null'], extra = []) {
  return runMatch('walking-dead', path.join(dir, `walking-dead-seed${seed}.replay`), seed, bots, extra);
}

/** A Purge match's replay file. */
function makePurgeReplay(dir, seed, bots = ['Dummy', 'Demo', 'Demo', 'Null'], extra = []) {
  return runMatch('purge', path.join(dir, `purge-seed${seed}.replay`), seed, bots, extra);
}

/** `arena replay FILE --frame N`, parsed: the Rust reader's view of round N. */
function rustFrame(file, n) {
  return JSON.parse(arena(['replay', file, '--frame', String(n)]));
}

/** The Rust reader's error for a file (the text after "error: FILE: "). */
function rustError(file) {
  checkArena();
  try {
    execFileSync(ARENA, ['replay', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const line = e.stderr.trim().split('\n').find((l) => l.startsWith('error: '));
    return line.slice('error: '.length + file.length + 2);
  }
  throw new Error(`arena replay accepted ${file}`);
}

function hasArenaView() {
  try {
    return /--listen/.test(arena(['view', '--help']));
  } catch (e) {
    return false;
  }
}

/** Starts `arena view FILE` and resolves to { url, stop() } once it prints its URL. */
function startArenaView(file) {
  checkArena();
  return new Promise((resolve, reject) => {
    const child = spawn(ARENA, ['view', file, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`arena view printed no URL in 10 s: ${out} ${err}`));
    }, 10000);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      const m = /^viewer: (http:\/\/\S+)$/.exec(out.slice(0, nl));
      if (!m) {
        child.kill();
        reject(new Error(`unexpected first line from arena view: ${out.slice(0, nl)}`));
        return;
      }
      resolve({
        url: m[1],
        firstLine: out.slice(0, nl),
        stop: () =>
          new Promise((ok) => {
            if (child.exitCode !== null) return ok();
            child.once('exit', () => ok());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`arena view exited (${code}): ${err}`));
    });
  });
}

/** A static server for web/ plus extra routes ({ '/x.bin': Buffer }), on a free local port. */
function startStaticServer(routes = {}) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (routes[url.pathname]) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(routes[url.pathname]);
      return;
    }
    const file = path.join(WEB, path.normalize(url.pathname));
    if (!file.startsWith(WEB + path.sep) || file.includes('node_modules') || !fs.existsSync(file) ||
      fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        stop: () => new Promise((ok) => server.close(() => ok())),
      });
    });
  });
}

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium through playwright-core, with a fresh profile. */
async function launchBrowser(viewport = { width: 1400, height: 900 }) {
  const { chromium } = require('playwright-core');
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install it with \`apt-get update && apt-get install -y chromium\``);
  }
  const profile = tmpDir('arena-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    viewport,
  });
  const errors = [];
  return {
    context,
    errors,
    async newPage() {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      return page;
    },
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

function viewerFileUrl(hash = '') {
  return 'file://' + path.join(WEB, 'viewer.html') + hash;
}

/** Opens `file` through the page's file picker; resolves when the first frame is shown. */
async function openThroughPicker(page, file) {
  const before = await page.evaluate(() => window.arenaViewer.metrics.loads);
  await page.setInputFiles('#file-input', file);
  await page.waitForFunction((n) => {
    const m = window.arenaViewer.metrics;
    return m.loads > n && m.firstFrameMs != null;
  }, before);
}

/** Reads the scoreboard back from the DOM (data-* attributes). */
function readScoreboard(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('#scoreboard tbody tr[data-player]')];
    const val = (tr, f) => tr.querySelector(`[data-field="${f}"]`);
    return {
      round: Number(document.getElementById('round-number').dataset.round),
      names: rows.map((tr) => val(tr, 'name').textContent),
      scores: rows.map((tr) => Number(val(tr, 'score').dataset.value)),
      scoreTexts: rows.map((tr) => val(tr, 'score').textContent),
      units: rows.map((tr) => Number(val(tr, 'units').dataset.value)),
      cities: rows.map((tr) => Number(val(tr, 'cities').dataset.value)),
      paths: rows.map((tr) => Number(val(tr, 'paths').dataset.value)),
      cpu: rows.map((tr) => Number(val(tr, 'cpu').dataset.value)),
      cpuTexts: rows.map((tr) => val(tr, 'cpu').textContent),
      reasons: rows.map((tr) => val(tr, 'cpu').dataset.reason || null),
    };
  });
}

/** Distinct colours and their spread over the board canvas. */
function canvasStats(page) {
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    let sum = 0;
    let sum2 = 0;
    let n = 0;
    for (let i = 0; i < d.length; i += 4 * 7) {
      seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      const l = d[i] + d[i + 1] + d[i + 2];
      sum += l;
      sum2 += l * l;
      n++;
    }
    const mean = sum / n;
    return { width: c.width, height: c.height, colors: seen.size, stddev: Math.sqrt(sum2 / n - mean * mean) };
  });
}

// ----------------------------------------------------------------------------------------
// An independent minimal re-writer of replay files, written from docs/replay-format.md: it
// decompresses with fzstd, lets a test edit the sections, and writes the body back as one zstd
// frame of raw (stored) blocks with its XXH64 checksum, which any zstd reader accepts.

function varint(v) {
  const out = [];
  let x = BigInt(v);
  while (x >= 0x80n) {
    out.push(Number((x & 0x7fn) | 0x80n));
    x >>= 7n;
  }
  out.push(Number(x));
  return out;
}
function svarint(v) {
  const x = BigInt(v);
  return varint(x >= 0n ? x << 1n : (-x << 1n) - 1n);
}
function readVarint(b, at) {
  let v = 0n;
  let shift = 0n;
  for (;;) {
    const byte = b[at++];
    v |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
    if (!(byte & 0x80)) return [v, at];
  }
}

const M64 = (1n << 64n) - 1n;
const XP = [0x9e3779b185ebca87n, 0xc2b2ae3d27d4eb4fn, 0x165667b19e3779f9n, 0x85ebca77c2b2ae63n, 0x27d4eb2f165667c5n];
/** XXH64 with BigInt: slow but plain, as a reference. */
function xxh64Ref(b) {
  const [P1, P2, P3, P4, P5] = XP;
  const rotl = (x, r) => ((x << BigInt(r)) | (x >> BigInt(64 - r))) & M64;
  const rd = (i, n) => {
    let v = 0n;
    for (let k = n - 1; k >= 0; k--) v = (v << 8n) | BigInt(b[i + k]);
    return v;
  };
  const round = (a, x) => (rotl((a + x * P2) & M64, 31) * P1) & M64;
  const n = b.length;
  let i = 0;
  let h;
  if (n >= 32) {
    const v = [(P1 + P2) & M64, P2, 0n, (0n - P1) & M64];
    for (; i + 32 <= n; i += 32) for (let k = 0; k < 4; k++) v[k] = round(v[k], rd(i + 8 * k, 8));
    h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & M64;
    for (const x of v) h = (((h ^ round(0n, x)) * P1) + P4) & M64;
  } else {
    h = P5;
  }
  h = (h + BigInt(n)) & M64;
  for (; i + 8 <= n; i += 8) h = (rotl(h ^ round(0n, rd(i, 8)), 27) * P1 + P4) & M64;
  if (i + 4 <= n) {
    h = (rotl(h ^ ((rd(i, 4) * P1) & M64), 23) * P2 + P3) & M64;
    i += 4;
  }
  for (; i < n; i++) h = (rotl(h ^ ((BigInt(b[i]) * P5) & M64), 11) * P1) & M64;
  h ^= h >> 33n;
  h = (h * P2) & M64;
  h ^= h >> 29n;
  h = (h * P3) & M64;
  h ^= h >> 32n;
  return h;
}

/** A replay file: magic, version, then `body` as one zstd frame of raw blocks + checksum. */
function writeReplay(body, version = 1) {
  const parts = [Buffer.from('ARENARPL'), Buffer.from([version & 0xff, version >> 8])];
  // Frame header: magic, descriptor 0x04 (checksum, no size), window 2^21.
  parts.push(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58]));
  const BLOCK = 128 * 1024;
  for (let at = 0; at < body.length || at === 0; at += BLOCK) {
    const size = Math.min(BLOCK, body.length - at);
    const last = at + BLOCK >= body.length ? 1 : 0;
    const h = (size << 3) | last; // raw block: type 0
    parts.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]), Buffer.from(body.subarray(at, at + size)));
    if (body.length === 0) break;
  }
  const sum = Number(xxh64Ref(body) & 0xffffffffn);
  const c = Buffer.alloc(4);
  c.writeUInt32LE(sum >>> 0);
  parts.push(c);
  return Buffer.concat(parts);
}

/** Splits a replay's body into sections [{ tag: 'H'|'I'|'R'|'E', payload: Buffer }]. */
function readSections(file) {
  const fzstd = require('fzstd');
  const bytes = fs.readFileSync(file);
  const body = Buffer.from(fzstd.decompress(bytes.subarray(10)));
  const out = [];
  let at = 0;
  while (at < body.length) {
    const tag = String.fromCharCode(body[at++]);
    const [len, next] = readVarint(body, at);
    at = next + Number(len);
    out.push({ tag, payload: body.subarray(next, at) });
  }
  return out;
}

function writeSections(sections, version = 1) {
  const chunks = [];
  for (const s of sections) chunks.push(Buffer.from([s.tag.charCodeAt(0), ...varint(s.payload.length)]), s.payload);
  return writeReplay(Buffer.concat(chunks), version);
}

/**
 * Rewrites the common part of every round: `edit(round, common)` may change common.cpu (codes
 * 0..10000 or 0xFFFF) and common.frozen ([{ player, reason, round, message }]). Score deltas
 * and the game part are kept.
 */
function editCommon(sections, edit) {
  let round = 0;
  return sections.map((s) => {
    if (s.tag !== 'R') return s;
    round++;
    const p = s.payload;
    let at = 0;
    const deltas = [];
    for (let i = 0; i < 4; i++) {
      const [z, next] = readVarint(p, at);
      deltas.push(z);
      at = next;
    }
    const cpu = [];
    for (let i = 0; i < 4; i++) {
      const [c, next] = readVarint(p, at);
      cpu.push(Number(c));
      at = next;
    }
    const [nf, n1] = readVarint(p, at);
    at = n1;
    const frozen = [];
    for (let i = 0; i < Number(nf); i++) {
      const player = p[at++];
      const reason = p[at++];
      const [r, n2] = readVarint(p, at);
      const [len, n3] = readVarint(p, n2);
      frozen.push({ player, reason, round: Number(r), message: p.subarray(n3, n3 + Number(len)).toString('utf8') });
      at = n3 + Number(len);
    }
    const common = { cpu, frozen };
    edit(round, common);
    const out = [];
    for (const z of deltas) out.push(...varint(z));
    for (const c of common.cpu) out.push(...varint(c));
    out.push(...varint(common.frozen.length));
    for (const f of common.frozen) {
      const msg = Buffer.from(f.message, 'utf8');
      out.push(f.player, f.reason, ...varint(f.round), ...varint(msg.length), ...msg);
    }
    return { tag: 'R', payload: Buffer.concat([Buffer.from(out), p.subarray(at)]) };
  });
}

function saveArtifact(name, data) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  fs.writeFileSync(file, data);
  return file;
}

/**
 * Reloads a page that may be reloading itself: the site's following pages (bot, match,
 * tournament: server/static/follow.js) reload when their state changes, and a test's own
 * reload racing one is aborted ("net::ERR_ABORTED; maybe frame was detached?", or "Protocol
 * error (Page.reload): Not attached to an active page" while the page is being replaced).
 * Retries those.
 */
async function reloadPage(page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.reload();
      return;
    } catch (e) {
      if (attempt >= 5 || !/ERR_ABORTED|frame was detached|interrupted by another navigation|Not attached to an active page/.test(String(e))) throw e;
      await page.waitForLoadState('load').catch(() => {});
    }
  }
}

/** `page.$$eval` that tolerates the page navigating away under it (a following page's own reload): null then. */
async function evalRows(page, selector, fn) {
  try {
    return await page.$$eval(selector, fn);
  } catch (e) {
    if (/Execution context was destroyed|navigat/.test(String(e))) return null;
    throw e;
  }
}

// -------------------------------------------------------------------------------------
// The viewer page: its round, its canvas, its cells.

/** Waits until the viewer shows round r. */
async function waitRound(page, r) {
  await page.waitForFunction((want) => document.getElementById('round-number').dataset.round === String(want), r);
}

/** The page point at fractions (fx, fy) of cell k of the board. */
function cellPoint(page, k, fx = 0.5, fy = 0.5) {
  return page.evaluate(([cell, ax, ay]) => {
    const r = document.getElementById('board').getBoundingClientRect();
    const m = window.arenaViewer.model;
    const size = r.width / m.board.cols;
    return { x: r.left + ((cell % m.board.cols) + ax) * size, y: r.top + (Math.floor(cell / m.board.cols) + ay) * size };
  }, [k, fx, fy]);
}

/** The canvas pixel [r, g, b] at fractions (fx, fy) of cell k. */
function pixel(page, k, fx, fy) {
  return page.evaluate(([cell, ax, ay]) => {
    const c = document.getElementById('board');
    const m = window.arenaViewer.model;
    const size = c.width / m.board.cols;
    const x = Math.floor(((cell % m.board.cols) + ax) * size);
    const y = Math.floor((Math.floor(cell / m.board.cols) + ay) * size);
    return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
  }, [k, fx, fy]);
}

/** A hash of the whole canvas, to see that a drawing changed. */
function boardHash(page) {
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let x = 0;
    for (let i = 0; i < d.length; i++) x = (x * 31 + d[i]) | 0;
    return x;
  });
}

/** Asserts that colour `got` is within `tol` of `want` in every channel. */
function near(got, want, tol, what) {
  const d = Math.max(...got.map((v, i) => Math.abs(v - want[i])));
  require('node:assert/strict').ok(d <= tol, `${what}: got rgb(${got}), want rgb(${want.map(Math.round)})`);
}

module.exports = {
  WEB,
  ROOT,
  ARENA,
  ARTIFACTS,
  tmpDir,
  arena,
  makeReplay,
  makeOrkReplay,
  makeWalkingDeadReplay,
  makePurgeReplay,
  waitRound,
  reloadPage,
  evalRows,
  cellPoint,
  pixel,
  boardHash,
  near,
  rustFrame,
  rustError,
  hasArenaView,
  startArenaView,
  startStaticServer,
  launchBrowser,
  viewerFileUrl,
  openThroughPicker,
  readScoreboard,
  canvasStats,
  varint,
  svarint,
  xxh64Ref,
  writeReplay,
  readSections,
  writeSections,
  editCommon,
  saveArtifact,
};

// ----------------------------------------------------------------------------------------
// The tournament server (`arena serve`) for the site's browser tests.

/** True when this arena binary has the tournament server (`arena serve --listen`). */
function hasArenaServe() {
  try {
    return /--listen/.test(arena(['serve', '--help']));
  } catch (e) {
    return false;
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
function freePort() {
  const net = require('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Runs one SQL statement with psql against the local Postgres (trust auth) as postgres. */
function psql(sql, { host = process.env.PGHOST || '127.0.0.1', port = process.env.PGPORT || '5432', database = 'postgres' } = {}) {
  return execFileSync('psql', ['-h', host, '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1',
    '-q', '-c', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Polls `url` until it answers 200; rejects after `timeoutMs` or when `alive()` turns false. */
async function waitHttp200(url, timeoutMs, alive = () => true) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited before ${url} answered`);
    const status = await new Promise((resolve) => {
      const req = http.get(url, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.setTimeout(2000, () => req.destroy(new Error('timeout')));
      req.on('error', (e) => resolve(e.message));
    });
    if (status === 200) return;
    last = String(status);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 in ${timeoutMs} ms (last: ${last})`);
}

/**
 * Starts `arena serve` on a free local port with `env` added to the environment (DATABASE_URL...)
 * and resolves to { base, log(), stop() } once GET /healthz answers 200. The server is killed
 * when this process exits, whatever happens to the test.
 */
async function startArenaServe({ dataDir, env = {}, args = [], timeoutMs = 90000 }) {
  checkArena();
  const port = await freePort();
  const child = spawn(ARENA, ['serve', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d) => {
    log += d;
    if (log.length > 200000) log = log.slice(-100000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = () =>
    new Promise((ok) => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      const hard = setTimeout(() => child.kill('SIGKILL'), 10000);
      child.once('exit', () => {
        clearTimeout(hard);
        ok();
      });
      child.kill('SIGTERM');
    });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHttp200(`${base}/healthz`, timeoutMs, () => child.exitCode === null && child.signalCode === null);
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n--- arena serve output ---\n${log}`);
  }
  return { base, port, log: () => log, stop };
}

Object.assign(module.exports, { hasArenaServe, freePort, psql, waitHttp200, startArenaServe });

/**
 * How far `page` overflows its viewport sideways: { scrollWidth, innerWidth, culprits }, the
 * culprits being up to 8 elements that stick out (outside `.table-scroll` boxes, which scroll).
 */
function overflow(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    const culprits = [];
    if (over > 0) {
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && !el.closest('.table-scroll')) {
          culprits.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className ? '.' + el.className : ''} (right ${Math.round(r.right)})`);
        }
        if (culprits.length >= 8) break;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits };
  });
}

Object.assign(module.exports, { overflow });
