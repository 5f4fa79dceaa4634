// A new player's first hour on the site (`arena serve`), in Debian's chromium (playwright-core)
// on a 380 px phone: finds the rules and downloads the starter kit, builds it with `arena build`
// (the kit's Makefile), uploads the bot, runs a practice match against two leaderboard bots and a
// house bot, opens it from their profile and plays it again locally with the page's command
// (same replay bytes); then the match list filtered by their bot, and a classmate who retires a
// bot, which leaves the leaderboard. Every page visited must fit 380 px (no sideways scroll).
// Needs target/release/arena, make, python3 (to unzip) and the local Postgres (127.0.0.1:5432).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers.js');

const PASSWORD = 'correct horse battery staple';
const PHONE = { width: 380, height: 800 };
const MATCH_TIMEOUT_MS = 120000;

const canServe = h.hasArenaServe();
const skip = canServe ? false : `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`;

function unzip(file, dir) {
  execFileSync('python3', ['-m', 'zipfile', '-e', file, dir]);
}

/** Fails when the page scrolls sideways at its current width (wide tables scroll in a box). */
async function assertFits(page, what) {
  const o = await h.overflow(page);
  assert.ok(o.scrollWidth <= o.innerWidth, `${what} overflows ${o.innerWidth} px: ${o.scrollWidth} px (${o.culprits.join(', ')})`);
}

/** Saves the download that `click` starts into `dir`; returns its path. */
async function download(page, click, dir) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(dir, dl.suggestedFilename());
  await dl.saveAs(file);
  return file;
}

test('a new player learns, builds, uploads, practises and reproduces a match', { skip, timeout: 420000 }, async () => {
  const dir = h.tmpDir('arena-journey-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` };
  const dataDir = path.join(dir, 'var');
  let server;
  let browser;
  let bobBrowser;
  try {
    server = await h.startArenaServe({ dataDir, env, args: ['--no-ladder'] });
    const url = (p) => server.base + p;
    const createUser = (name) =>
      execFileSync(h.ARENA, ['admin', '--data-dir', dataDir, 'create-user', name], {
        input: `${PASSWORD}\n`,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
    // Two classmates on the leaderboard, each represented by a copy of a house bot.
    const classmates = [['bob', 'BobBot', 'Demo'], ['carol', 'CarolBot', 'Dummy']];
    for (const [user, bot, house] of classmates) {
      createUser(user);
      h.psql(`
        WITH b AS (
          INSERT INTO bots (game, name, user_id, wasm_hash, status, qualified_at)
          SELECT 'pandemic', '${bot}', (SELECT id FROM users WHERE username = '${user}'), wasm_hash, 'qualified', now()
          FROM bots WHERE game = 'pandemic' AND name = '${house}' AND user_id = (SELECT id FROM users WHERE is_house)
          ORDER BY id DESC LIMIT 1 RETURNING id, user_id),
        r AS (INSERT INTO representatives (user_id, game, bot_id) SELECT user_id, 'pandemic', id FROM b)
        INSERT INTO ratings (bot_id, game, mu, sigma) SELECT id, 'pandemic', 25, 8.333 FROM b;`, { database });
    }

    browser = await h.launchBrowser(PHONE);
    const page = await browser.newPage();

    // Home: what to do first, then the game's rules and its starter kit.
    await page.goto(url('/'));
    await assertFits(page, 'the home page');
    await Promise.all([page.waitForURL(url('/games/pandemic/rules')), page.click('a[href="/games/pandemic/rules"]')]);
    await assertFits(page, 'the rules page');
    assert.match(await page.textContent('#parameters-table'), /nb_rounds/);
    const kitZip = await download(page, () => page.click('#starter-kit'), dir);
    const kitDir = path.join(dir, 'kit');
    unzip(kitZip, kitDir);
    const kit = path.join(kitDir, 'arena-pandemic');
    assert.ok(fs.existsSync(path.join(kit, 'AIDemo.cc')), `the kit has AIDemo.cc: ${fs.readdirSync(kitDir)}`);

    // Build it as the kit's README says: `make` (arena build for every AI*.cc).
    execFileSync('make', [`ARENA=${h.ARENA}`], { cwd: kit, stdio: 'pipe' });
    const botFile = path.join(kit, 'Demo.wasm');
    assert.ok(fs.statSync(botFile).size > 1000, 'make built Demo.wasm');

    // Sign up and upload it.
    const username = `newbie${crypto.randomBytes(2).toString('hex')}`;
    await page.goto(url('/signup'));
    await assertFits(page, 'the sign-up page');
    await page.fill('#username', username);
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(url('/me/bots')), page.click('#submit')]);
    await page.goto(url('/upload'));
    await assertFits(page, 'the upload page');
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Starter');
    await page.setInputFiles('input[name=wasm]', botFile);
    await Promise.all([page.waitForURL(/\/bots\/\d+$/), page.click('#submit')]);
    const myBot = Number(new URL(page.url()).pathname.split('/').pop());

    // A practice match: their bot, the two classmates' and Dummy, on a chosen seed.
    await page.goto(url('/practice?game=pandemic'));
    await assertFits(page, 'the practice page');
    const option = (seat, label) =>
      page.$eval(`#seat${seat}`, (s, l) => [...s.options].find((o) => o.textContent.includes(l)).value, label);
    const picks = [await option(0, 'Starter'), await option(1, 'BobBot'), await option(2, 'CarolBot'), await option(3, 'Dummy')];
    for (const [seat, value] of picks.entries()) await page.selectOption(`#seat${seat}`, value);
    await page.fill('#seed', '4242');
    await Promise.all([page.waitForURL(/\/matches\/\d+$/), page.click('#practice-submit')]);
    const matchPath = new URL(page.url()).pathname;
    const matchId = Number(matchPath.split('/').pop());
    // The page reloads itself until the match is over.
    await page.locator('#match-state').filter({ hasText: /^\s*done\s*$/ }).waitFor({ timeout: MATCH_TIMEOUT_MS });

    // Their profile lists it; from there, the match page and its reproduction.
    await page.goto(url(`/users/${username}`));
    await assertFits(page, 'the profile');
    await Promise.all([page.waitForURL(url(matchPath)), page.click(`#practice-matches a[href="${matchPath}"]`)]);
    await assertFits(page, 'the match page');
    assert.match(await page.textContent('#players'), /Starter[\s\S]*BobBot[\s\S]*CarolBot[\s\S]*Dummy/);
    const command = (await page.textContent('#reproduce-command')).trim();
    assert.match(command, /^arena run pandemic modules\/\S+ modules\/\S+ modules\/\S+ modules\/\S+ --seed 4242 --names Starter,BobBot,CarolBot,Dummy /);
    const bundleZip = await download(page, () => page.click('#bundle-download'), dir);
    const replayFile = await download(page, () => page.click('#replay-download'), dir);
    const bundleDir = path.join(dir, 'bundle');
    unzip(bundleZip, bundleDir);
    const root = path.join(bundleDir, `arena-match-${matchId}`);
    const [, ...args] = command.split(/\s+/);
    execFileSync(h.ARENA, args, { cwd: root, stdio: 'pipe' });
    const local = fs.readFileSync(path.join(root, `match-${matchId}.replay`));
    assert.ok(local.equals(fs.readFileSync(replayFile)), 'the local replay is the server\'s, byte for byte');

    // The match list, filtered by their bot (with the form).
    await page.goto(url('/games/pandemic/matches'));
    await page.fill('#filter-bot', String(myBot));
    await Promise.all([page.waitForURL(/bot=/), page.click('#match-filters button[type=submit]')]);
    await assertFits(page, 'the match list');
    const rows = await page.$$eval('#matches tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.ok(rows.length >= 2, `the practice match and the bot's qualification: ${rows.length} rows`);
    for (const row of rows) assert.match(row, /Starter/, 'every listed match has the bot');
    assert.ok(await page.$(`#matches a[href="${matchPath}"]`), 'the practice match is listed');

    // A classmate retires their bot: it leaves the leaderboard.
    // (A browser of its own: a profile holds one session.)
    bobBrowser = await h.launchBrowser(PHONE);
    const bob = await bobBrowser.newPage();
    await bob.goto(url('/login'));
    await bob.fill('#username', 'bob');
    await bob.fill('#password', PASSWORD);
    await Promise.all([bob.waitForURL(url('/me/bots')), bob.click('#submit')]);
    await assertFits(bob, 'my bots');
    const before = await bob.goto(url('/games/pandemic')).then(() => bob.textContent('main'));
    assert.match(before, /BobBot/);
    await bob.goto(url('/me/bots'));
    await Promise.all([bob.waitForURL(url('/me/bots')), bob.click('form.retire button')]);
    assert.match(await bob.textContent('main'), /retired/);
    await bob.goto(url('/games/pandemic'));
    await assertFits(bob, 'the leaderboard');
    assert.doesNotMatch(await bob.textContent('main'), /BobBot/, 'a retired bot leaves the leaderboard');
  } catch (e) {
    if (server) console.log(server.log().slice(-4000));
    throw e;
  } finally {
    if (browser) await browser.close();
    if (bobBrowser) await bobBrowser.close();
    if (server) await server.stop();
    try {
      h.psql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (e) {
      /* already gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
