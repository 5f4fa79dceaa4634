// Issue 36: a bot's stderr round by round in the viewer. On the site (`arena serve`), the owner of
// a bot opens one of its matches, steps to round 150 and reads that round's lines in the viewer's
// panel, and follows a round's link from the match page's stderr block; another user sees no
// panel and no stderr. Locally, `arena view` shows the stderr `arena run --keep-stderr` kept.
// Needs the arena binary (ARENA_BIN, or target/release/arena) with `serve`, clang for
// `arena build`, and the local Postgres (127.0.0.1:5432, trust auth). Saves docs/img/stderr-panel.png.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

// A player that says, every round, where it is; and something more every 50 rounds.
const PROBE = `#include "Player.hh"
#define PLAYER_NAME Probe
struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {
    cerr << "probe thinks in round " << round() << endl;
    if (round() % 50 == 0) cerr << "checkpoint " << round() << endl;
  }
};
RegisterPlayer(PLAYER_NAME);
`;

function hasClang() {
  return fs.existsSync('/usr/bin/clang++-19') || !!process.env.ARENA_CXX;
}

const canServe = h.hasArenaServe();
const skip = !canServe
  ? `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`
  : !hasClang() ? 'clang++-19 is not installed (arena build needs it)' : false;

/** Builds the probe into dir/probe.wasm. */
function buildProbe(dir) {
  fs.writeFileSync(path.join(dir, 'AIProbe.cc'), PROBE);
  const wasm = path.join(dir, 'probe.wasm');
  h.arena(['build', path.join(dir, 'AIProbe.cc'), '--game', 'pandemic', '-o', wasm]);
  return wasm;
}

async function signUp(page, url, username) {
  await page.goto(url('/signup'));
  await page.fill('#username', username);
  await page.fill('#password', 'correct horse battery staple');
  await Promise.all([page.waitForURL(url('/me/bots')), page.click('#submit')]);
}

/** The viewer in the match page's iframe, once its first frame is drawn. */
async function embeddedViewer(page) {
  const iframe = await page.waitForSelector('iframe#viewer');
  const viewer = await iframe.contentFrame();
  await viewer.waitForFunction(() => window.arenaViewer && window.arenaViewer.metrics.firstFrameMs != null, null, {
    timeout: 20000,
  });
  return viewer;
}

test('the owner reads round 150 of its stderr in the viewer; another user sees no panel', { skip, timeout: 480000 }, async () => {
  const dir = h.tmpDir('arena-stderr-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  let server;
  let owner;
  let other;
  try {
    const wasm = buildProbe(dir);
    server = await h.startArenaServe({
      dataDir: path.join(dir, 'var'),
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` },
    });
    const url = (p) => server.base + p;

    owner = await h.launchBrowser({ width: 1400, height: 1000 });
    const page = await owner.newPage();
    await signUp(page, url, `owner${crypto.randomBytes(3).toString('hex')}`);
    await page.goto(url('/upload'));
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Probe');
    await page.setInputFiles('input[name=wasm]', wasm);
    await Promise.all([page.waitForURL(/\/bots\/\d+$/), page.click('#submit')]);

    // Its sanity match (four copies of it) is played first: wait until the bot page lists it done.
    let matchPath = null;
    for (let i = 0; i < 300 && !matchPath; i++) {
      matchPath = await h.evalRows(page, '#qualification-matches tbody tr', (rows) => {
        const done = rows.find((tr) => tr.cells[3] && tr.cells[3].textContent.trim() === 'done');
        return done ? done.querySelector('a[href^="/matches/"]').getAttribute('href') : null;
      });
      if (!matchPath) {
        await new Promise((r) => setTimeout(r, 1000));
        await h.reloadPage(page);
      }
    }
    assert.ok(matchPath, 'a played match of the bot');

    // The owner's match page: the viewer's panel follows the round.
    await page.goto(url(matchPath));
    const viewer = await embeddedViewer(page);
    await viewer.waitForSelector('#stderr-panel:not([hidden])', { timeout: 10000 });
    await viewer.evaluate(() => window.arenaViewer.setRound(150));
    await h.waitRound(viewer, 150);
    assert.equal(await viewer.textContent('#stderr-text'), 'probe thinks in round 150\ncheckpoint 150\n');
    await viewer.evaluate(() => window.arenaViewer.setRound(151));
    assert.equal(await viewer.textContent('#stderr-text'), 'probe thinks in round 151\n');
    // Search: the rounds whose lines match, each a button to step there.
    await viewer.fill('#stderr-search', 'checkpoint');
    const hits = await viewer.$$eval('#stderr-hits .stderr-hit', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(hits, ['0', '50', '100', '150']);
    await viewer.click('#stderr-hits .stderr-hit >> text=100');
    await h.waitRound(viewer, 100);
    assert.equal(await viewer.textContent('#stderr-text'), 'checkpoint 100');
    await viewer.fill('#stderr-search', '');
    await viewer.evaluate(() => window.arenaViewer.setRound(150));
    await h.waitRound(viewer, 150);
    const frame = await page.$('iframe#viewer');
    await frame.scrollIntoViewIfNeeded();
    const png = await frame.screenshot();
    h.saveArtifact('stderr-panel.png', png);
    const docsImg = path.join(h.ROOT, 'docs', 'img');
    fs.mkdirSync(docsImg, { recursive: true });
    fs.writeFileSync(path.join(docsImg, 'stderr-panel.png'), png);

    // The stderr block links each round to the viewer at that round.
    const link = page.locator('#stderr-0 a.stderr-round-link', { hasText: /^round 150$/ });
    await Promise.all([page.waitForURL(/viewer\.html\?.*stderr=.*#r=150$/), link.click()]);
    await page.waitForSelector('#stderr-panel:not([hidden])', { timeout: 10000 });
    await h.waitRound(page, 150);
    assert.equal(await page.textContent('#stderr-text'), 'probe thinks in round 150\ncheckpoint 150\n');
    assert.deepEqual(owner.errors, [], 'no page errors');

    // Another user: the same match, no panel, no stderr.
    other = await h.launchBrowser({ width: 1400, height: 1000 });
    const theirs = await other.newPage();
    await signUp(theirs, url, `other${crypto.randomBytes(3).toString('hex')}`);
    await theirs.goto(url(matchPath));
    const theirViewer = await embeddedViewer(theirs);
    assert.equal(await theirViewer.$eval('#stderr-panel', (p) => p.hidden), true);
    assert.equal(await theirs.$$eval('section.stderr', (s) => s.length), 0);
    assert.doesNotMatch(await theirs.content(), /probe thinks/);
    assert.deepEqual(other.errors, [], 'no page errors');
  } catch (e) {
    if (server) e.message += `\n--- arena serve output (last 4000 characters) ---\n${server.log().slice(-4000)}`;
    throw e;
  } finally {
    if (owner) await owner.close();
    if (other) await other.close();
    if (server) await server.stop();
    try {
      h.psql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (e) {
      console.log(`# could not drop ${database}: ${e.message}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('arena view shows the stderr arena run --keep-stderr kept', { skip: hasClang() ? false : 'no clang++-19', timeout: 120000 }, async () => {
  const dir = h.tmpDir('arena-stderr-view-');
  let view;
  let browser;
  try {
    const wasm = buildProbe(dir);
    const replay = path.join(dir, 'm.replay');
    h.arena(['run', 'pandemic', wasm, 'Demo', 'Demo', 'Null', '--seed', '3', '--out', replay, '--keep-stderr']);
    assert.ok(fs.existsSync(replay + '.stderr.json'));
    view = await h.startArenaView(replay);
    assert.match(view.firstLine, /stderr=\/stderr\.json$/);
    browser = await h.launchBrowser();
    const page = await browser.newPage();
    await page.goto(view.url + '#r=50');
    await page.waitForSelector('#stderr-panel:not([hidden])', { timeout: 10000 });
    await h.waitRound(page, 50);
    assert.equal(await page.textContent('#stderr-text'), 'probe thinks in round 50\ncheckpoint 50\n');
    assert.deepEqual(browser.errors, [], 'no page errors');
  } finally {
    if (browser) await browser.close();
    if (view) await view.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
