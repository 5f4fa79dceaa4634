// The tournament site (`arena serve`) in Debian's chromium (playwright-core), as a new user
// would use it: sign up, upload a bot, watch its qualification end, the game's leaderboard, a
// match page with its embedded viewer and its replay download (checked by `arena replay`).
// Needs target/release/arena with `serve` and the local Postgres (127.0.0.1:5432, trust auth):
// the test creates its own database through the server and drops it at the end.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

// The uploaded bot: the example Ace, which beats Dummy most of the time. Qualification means
// winning all four matches against three Dummies on fresh seeds; the server counts seeds up from
// SEED_START (`--seed-start`), a start on which Ace qualifies (the same constant as
// ACE_QUALIFYING_SEED_START in server/tests/support/mod.rs), so the test is deterministic.
const BOT_FILE = path.join(h.ROOT, 'bots', 'prebuilt', 'examples', 'pandemic', 'ace.wasm');
const SEED_START = '12';
const QUALIFICATION_TIMEOUT_MS = 60000;

const canServe = h.hasArenaServe();
const skip = canServe ? false : `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`;

test('sign up, upload, qualification, leaderboard, match page, replay download', { skip, timeout: 240000 }, async () => {
  const dir = h.tmpDir('arena-site-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  let server;
  let browser;
  try {
    server = await h.startArenaServe({
      dataDir: path.join(dir, 'var'),
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`, ARENA_SEED_START: SEED_START },
    });
    const url = (p) => server.base + p;
    browser = await h.launchBrowser({ width: 1280, height: 900 });
    const page = await browser.newPage();

    // Sign up: lands on the user's bots.
    const username = `tester${crypto.randomBytes(3).toString('hex')}`;
    await page.goto(url('/signup'));
    await page.fill('#username', username);
    await page.fill('#password', 'correct horse battery staple');
    await Promise.all([page.waitForURL(url('/me/bots')), page.click('#submit')]);
    assert.match(await page.textContent('body'), new RegExp(username));

    // Upload: lands on the bot's page.
    await page.goto(url('/upload'));
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Probe');
    await page.setInputFiles('input[name=wasm]', BOT_FILE);
    await Promise.all([page.waitForURL(/\/bots\/\d+$/), page.click('#submit')]);
    const botPath = new URL(page.url()).pathname;
    assert.match(await page.textContent('h1'), /Probe/);

    // Qualification runs in the server's workers; the page reloads itself as it moves on.
    const t0 = Date.now();
    await page
      .locator('#qualification-status')
      .filter({ hasText: /^\s*(qualified|failed)\s*$/ })
      .waitFor({ timeout: QUALIFICATION_TIMEOUT_MS });
    const status = (await page.textContent('#qualification-status')).trim();
    const verdict = (await page.textContent('#verdict')).trim();
    console.log(`# qualification: ${status} in ${Date.now() - t0} ms: ${verdict}`);
    assert.equal(status, 'qualified', `verdict: ${verdict}`);
    assert.match(verdict, /^qualified/);

    // A played qualification match of the bot: its page, the embedded viewer, the replay.
    const matchPaths = await page.$$eval('#qualification-matches tbody tr', (rows) =>
      rows
        .filter((tr) => tr.cells[3] && tr.cells[3].textContent.trim() === 'done')
        .map((tr) => tr.querySelector('a[href^="/matches/"]').getAttribute('href')),
    );
    assert.ok(matchPaths.length > 0, 'the bot page links to its played matches');
    await page.goto(url(matchPaths[0]));
    assert.match(await page.textContent('h1'), /^Match #\d+$/);
    assert.equal((await page.textContent('#match-state')).trim(), 'done');
    const iframe = await page.waitForSelector('iframe#viewer');
    const viewer = await iframe.contentFrame();
    await viewer.waitForFunction(() => window.arenaViewer && window.arenaViewer.metrics.firstFrameMs != null, null, {
      timeout: 20000,
    });
    const m = await viewer.evaluate(() => ({ ...window.arenaViewer.metrics }));
    assert.equal(m.error, undefined, `viewer error: ${m.error}`);
    assert.ok(m.fileBytes > 0);
    assert.match(await viewer.textContent('#match-info'), /Pandemic/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a#replay-download')]);
    const replayFile = path.join(dir, 'downloaded.replay');
    await download.saveAs(replayFile);
    assert.equal(fs.statSync(replayFile).size, m.fileBytes, 'the download is the replay the viewer showed');
    const check = h.arena(['replay', replayFile]); // throws unless `arena replay` exits 0
    assert.match(check, /^Pandemic replay/);

    // The game's leaderboard lists the qualified bot (its owner's representative) and the house bots.
    await page.goto(url('/games/pandemic'));
    const rows = await page.$$eval('#leaderboard tbody tr', (trs) =>
      trs.map((tr) => ({
        name: tr.cells[1].querySelector('a').textContent.trim(),
        href: tr.cells[1].querySelector('a').getAttribute('href'),
        house: tr.classList.contains('house'),
        matches: Number(tr.cells[6].textContent.trim()),
      })),
    );
    const dummy = rows.find((r) => r.name === 'Dummy');
    assert.ok(dummy, `a Dummy row in ${JSON.stringify(rows)}`);
    assert.equal(dummy.house, true);
    assert.match(dummy.href, /^\/bots\/\d+$/);
    const mine = rows.find((r) => r.href === botPath);
    assert.ok(mine, `the qualified bot in ${JSON.stringify(rows)}`);
    assert.equal(mine.name, 'Probe');
    assert.equal(mine.house, false);

    // For the README: the leaderboard once the ladder has played a few matches (up to 20 s).
    for (let i = 0; i < 20 && !rows.some((r) => r.matches > 0); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      await h.reloadPage(page);
      const played = await page.$$eval('#leaderboard tbody tr', (trs) => trs.some((tr) => Number(tr.cells[6].textContent) > 0));
      if (played) break;
    }
    const png = await page.screenshot({ fullPage: true });
    h.saveArtifact('leaderboard.png', png);
    const docsImg = path.join(h.ROOT, 'docs', 'img');
    fs.mkdirSync(docsImg, { recursive: true });
    fs.writeFileSync(path.join(docsImg, 'leaderboard.png'), png);

    assert.deepEqual(browser.errors, [], 'no page errors');
  } catch (e) {
    if (server) e.message += `\n--- arena serve output (last 4000 characters) ---\n${server.log().slice(-4000)}`;
    throw e;
  } finally {
    if (browser) await browser.close();
    if (server) await server.stop();
    try {
      h.psql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (e) {
      console.log(`# could not drop ${database}: ${e.message}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
