// An elimination tournament on the site (`arena serve`) in Debian's chromium: the organiser
// (an admin made with `arena admin create-user --admin`) creates a tournament from the admin
// form and starts it; a player follows it on the tournament page, which reloads itself round by
// round, to the final table, then opens its own path. The entrants are five users with
// qualified representatives (house bots under their names, put in the database directly: the
// qualification itself is site.test.js's business).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const PASSWORD = 'correct horse battery staple';
const canServe = h.hasArenaServe();
const skip = canServe ? false : `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`;

test('the organiser creates and starts a tournament; a player follows it to the final table', { skip, timeout: 300000 }, async () => {
  const dir = h.tmpDir('arena-tournament-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` };
  const dataDir = path.join(dir, 'var');
  let server;
  let browser;
  let playerBrowser;
  try {
    server = await h.startArenaServe({ dataDir, env, args: ['--no-ladder'] });
    const url = (p) => server.base + p;
    const createUser = (name, admin) =>
      require('node:child_process').execFileSync(
        h.ARENA,
        ['admin', '--data-dir', dataDir, 'create-user', name, ...(admin ? ['--admin'] : [])],
        { input: `${PASSWORD}\n`, env: { ...process.env, ...env }, encoding: 'utf8' },
      );
    createUser('organiser', true);
    createUser('student', false);
    // Five entrants: the student and four classmates, each represented by a copy of a house bot.
    const bots = [['student', 'Dummy'], ['ana', 'Demo'], ['biel', 'Dummy'], ['carla', 'Demo'], ['dani', 'Null']];
    const sql = bots
      .map(([user, bot], i) => `
        INSERT INTO users (username, password_hash) SELECT '${user}', '!' WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = '${user}');
        WITH b AS (
          INSERT INTO bots (game, name, user_id, wasm_hash, status, qualified_at)
          SELECT 'pandemic', '${bot}Of${user}', (SELECT id FROM users WHERE username = '${user}'), wasm_hash, 'qualified', now()
          FROM bots WHERE game = 'pandemic' AND name = '${bot}' AND user_id = (SELECT id FROM users WHERE is_house)
          ORDER BY id DESC LIMIT 1 RETURNING id, user_id)
        INSERT INTO representatives (user_id, game, bot_id) SELECT user_id, 'pandemic', id FROM b;`)
      .join('\n');
    h.psql(sql, { database });

    browser = await h.launchBrowser({ width: 1280, height: 900 });
    const login = async (page, name) => {
      await page.goto(url('/login'));
      await page.fill('#username', name);
      await page.fill('#password', PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click('#submit')]);
    };

    // The organiser: the admin link, the form (a start time in the future), then "Start now".
    const org = await browser.newPage();
    await login(org, 'organiser');
    await Promise.all([org.waitForURL(url('/admin/tournaments')), org.click('#admin-link')]);
    await org.fill('input[name=name]', 'Spring cup');
    await org.selectOption('select[name=game]', 'pandemic');
    await org.fill('input[name=finalists]', '2');
    await org.fill('input[name=final_matches]', '2');
    await org.fill('input[name=starts_at]', '2099-01-01T10:00');
    await Promise.all([org.waitForURL(/\/tournaments\/\d+$/), org.click('#create-tournament')]);
    const tournamentPath = new URL(org.url()).pathname;
    assert.match(await org.textContent('#tournament-status'), /Scheduled: starts at 2099-01-01 10:00 UTC/);
    // The player opens it from the tournaments list while it is still scheduled (a browser of
    // its own: a profile holds one session) and keeps the page open.
    playerBrowser = await h.launchBrowser({ width: 1280, height: 900 });
    const player = await playerBrowser.newPage();
    await login(player, 'student');
    await player.goto(url('/tournaments'));
    await Promise.all([player.waitForURL(url(tournamentPath)), player.click('#tournaments a[href^="/tournaments/"]')]);
    assert.match(await player.textContent('#tournament-status'), /Scheduled/);
    assert.equal(await player.$('#organiser'), null, 'no organiser buttons for a player');

    // The organiser starts it now.
    await Promise.all([org.waitForNavigation(), org.click('#organiser button[data-action=start]')]);
    assert.match(await org.textContent('#tournament-status'), /Running|Over/);
    assert.equal((await org.textContent('#entrant-count')).trim(), '5');

    // The player's page follows it (it reloads itself) to the final table.
    const t0 = Date.now();
    await player.locator('#standings').waitFor({ timeout: 240000 });
    console.log(`# tournament over in ${Date.now() - t0} ms`);
    const table = await player.$$eval('#standings tbody tr', (trs) =>
      trs.map((tr) => ({ place: Number(tr.cells[0].textContent), user: tr.cells[1].textContent.trim(), out: tr.cells[3].textContent.trim() })),
    );
    assert.equal(table.length, 5);
    assert.deepEqual(table.map((r) => r.user).sort(), bots.map((b) => b[0]).sort());
    assert.equal(table[0].place, 1);
    // Three rounds (5 entrants, 2 finalists): places 3, 4, 5 went out in rounds 3, 2, 1.
    assert.deepEqual(table.slice(2).map((r) => r.out), ['round 3', 'round 2', 'round 1']);
    assert.equal((await player.$$('#rounds tbody tr')).length, 3);

    // The CSV link gives the same table.
    const csv = await (await fetch(url(`${tournamentPath}/standings.csv`))).text();
    const csvUsers = csv.trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    assert.deepEqual(csvUsers, table.map((r) => r.user));

    // The student's own path.
    await Promise.all([player.waitForURL(/\/players\/student$/), player.click('#standings a[href$="/players/student"]')]);
    const mine = table.find((r) => r.user === 'student');
    assert.match(await player.textContent('#player-status'), new RegExp(`finished in place\\s*${mine.place}`));
    assert.ok((await player.$$('#path tbody tr')).length >= 1);

    const png = await player.screenshot({ fullPage: true });
    h.saveArtifact('tournament-player.png', png);
    await org.reload();
    h.saveArtifact('tournament.png', await org.screenshot({ fullPage: true }));
    assert.deepEqual(browser.errors, [], 'no page errors (organiser)');
    assert.deepEqual(playerBrowser.errors, [], 'no page errors (player)');
  } catch (e) {
    if (server) e.message += `\n--- arena serve output (last 4000 characters) ---\n${server.log().slice(-4000)}`;
    throw e;
  } finally {
    if (browser) await browser.close();
    if (playerBrowser) await playerBrowser.close();
    if (server) await server.stop();
    try {
      h.psql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (e) {
      console.log(`# could not drop ${database}: ${e.message}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
