// The site (`arena serve`) on a phone and in the dark, in Debian's chromium (playwright-core):
// every main page fits 380 px without scrolling sideways (wide tables scroll in their own box),
// the keyboard focus is visible, and the dark colour scheme applies. Needs target/release/arena
// with `serve` and the local Postgres (127.0.0.1:5432, trust auth): the test's database is made by
// the server and dropped at the end. A played match comes from the ladder of house bots.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers.js');

const PHONE = { width: 380, height: 800 };
const MATCH_TIMEOUT_MS = 90000;

const canServe = h.hasArenaServe();
const skip = canServe ? false : `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`;

/** The first value of the first row of `sql` on the test's database, or ''. */
function q(sql, database) {
  const out = require('node:child_process').execFileSync(
    'psql',
    ['-h', process.env.PGHOST || '127.0.0.1', '-p', process.env.PGPORT || '5432', '-U', 'postgres', '-d', database,
      '-At', '-c', sql],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return out.trim().split('\n')[0] || '';
}

/** Waits until `sql` returns a row; resolves to its first value. */
async function waitRow(sql, database, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = q(sql, database);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no row for ${sql} in ${timeoutMs} ms`);
}

/** Relative luminance (0 black .. 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(css);
  assert.ok(m, `a colour: ${css}`);
  const [r, g, b] = m.slice(1, 4).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('the main pages fit a 380 px phone, show the keyboard focus and follow the dark scheme', { skip, timeout: 300000 }, async () => {
  const dir = h.tmpDir('arena-layout-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  let server;
  let browser;
  try {
    server = await h.startArenaServe({
      dataDir: path.join(dir, 'var'),
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` },
    });
    const url = (p) => server.base + p;
    const botId = await waitRow("SELECT id FROM bots WHERE game = 'pandemic' ORDER BY id LIMIT 1", database, 30000);
    // A fourth ladder bot besides the three house bots, so that the ladder plays: a user's
    // representative (a copy of Dummy, marked qualified and rated as a new representative is:
    // qualifying is site.test.js's business).
    h.psql(`
      INSERT INTO users (username, password_hash) VALUES ('ladderer', '!');
      WITH b AS (
        INSERT INTO bots (game, name, user_id, wasm_hash, status, qualified_at)
        SELECT 'pandemic', 'Copycat', (SELECT id FROM users WHERE username = 'ladderer'), wasm_hash, 'qualified', now()
        FROM bots WHERE game = 'pandemic' AND name = 'Dummy' AND user_id = (SELECT id FROM users WHERE is_house)
        ORDER BY id DESC LIMIT 1 RETURNING id, user_id)
      INSERT INTO representatives (user_id, game, bot_id) SELECT user_id, 'pandemic', id FROM b;
      INSERT INTO ratings (bot_id, game, mu, sigma) SELECT id, 'pandemic', 25, 25.0 / 3 FROM bots WHERE name = 'Copycat';`,
    { database });
    const matchId = await waitRow("SELECT id FROM matches WHERE state = 'done' ORDER BY id LIMIT 1", database, MATCH_TIMEOUT_MS);

    browser = await h.launchBrowser(PHONE);
    const page = await browser.newPage();
    const fits = async (p) => {
      await page.goto(url(p));
      const o = await h.overflow(page);
      assert.ok(
        o.scrollWidth <= o.innerWidth,
        `${p} is ${o.scrollWidth} px wide at ${o.innerWidth} px: ${o.culprits.join(', ')}`,
      );
    };

    for (const p of ['/', '/games/pandemic', '/games/pandemic/rules', '/games/mad-max/rules', `/bots/${botId}`,
      `/matches/${matchId}`, '/tournaments', '/login', '/signup']) {
      await fits(p);
    }
    await page.goto(url('/games/pandemic/rules'));
    h.saveArtifact('layout-rules-380.png', await page.screenshot({ fullPage: false }));

    // Signed up: the user's own pages.
    await page.goto(url('/signup'));
    await page.fill('#username', `phone${crypto.randomBytes(3).toString('hex')}`);
    await page.fill('#password', 'correct horse battery staple');
    await Promise.all([page.waitForURL(url('/me/bots')), page.click('#submit')]);
    for (const p of ['/upload', '/me/bots', '/me/account', '/me/tokens', '/']) {
      await fits(p);
    }

    // Keyboard: the first Tab lands on a link with a visible outline; the menu is reachable.
    await page.goto(url('/'));
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      const s = getComputedStyle(el);
      return { tag: el.tagName, outline: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    assert.equal(focus.tag, 'A', 'the first Tab stop is a link');
    assert.notEqual(focus.outline, 'none', 'the focused link shows an outline');
    assert.ok(focus.width >= 2, `outline ${focus.width} px`);
    let reachedUpload = false;
    for (let i = 0; i < 15 && !reachedUpload; i++) {
      await page.keyboard.press('Tab');
      reachedUpload = await page.evaluate(() => document.activeElement.getAttribute('href') === '/upload');
    }
    assert.ok(reachedUpload, 'Upload is reachable with Tab');

    // Light and dark: the page background follows the scheme.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url('/games/pandemic/rules'));
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(luminance(light) > 0.8, `light background: ${light}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(url('/games/pandemic/rules'));
    const dark = await page.evaluate(() => ({
      bg: getComputedStyle(document.body).backgroundColor,
      fg: getComputedStyle(document.body).color,
      table: getComputedStyle(document.querySelector('th')).backgroundColor,
    }));
    assert.ok(luminance(dark.bg) < 0.05, `dark background: ${dark.bg}`);
    assert.ok(luminance(dark.fg) > 0.6, `light text on it: ${dark.fg}`);
    assert.ok(luminance(dark.table) < 0.1, `dark table headers: ${dark.table}`);
    h.saveArtifact('layout-rules-380-dark.png', await page.screenshot({ fullPage: false }));
    await fits('/');

    assert.deepEqual(browser.errors, [], 'no page errors (a CSP violation would be one)');
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
