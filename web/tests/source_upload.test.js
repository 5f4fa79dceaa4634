// Source uploads through the form (`arena serve`, Debian's chromium via playwright-core): the
// starter kit's AIDemo.cc uploaded as C++ source is compiled on the server and judged;
// the bot page shows the module's sha256, equal to `arena build` of the same file; a file with a
// syntax error is answered next to the field with its file name and line, and stores no bot; a
// compile that outlasts the request's wait is answered with its page, which follows it to the bot.
// Needs the arena binary (ARENA_BIN or target/release/arena), clang-19 for wasm32, a kernel with
// Landlock (else source uploads are off and this test checks that the form says so), and the local
// Postgres (127.0.0.1:5432).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers.js');

const PASSWORD = 'correct horse battery staple';
const DEMO = path.join(h.ROOT, 'bot-sdk', 'cpp', 'examples', 'pandemic', 'AIDemo.cc');
const VERDICT_TIMEOUT_MS = 180000;

const canServe = h.hasArenaServe();
const skip = canServe ? false : `${h.ARENA} has no \`serve\` command (build it with \`cargo build --release -p arena\`)`;

function sha256(file) {
  return 'sha256:' + crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

// `arena serve` with `args` on a fresh database, a browser page signed up as a new player, and
// their clean-up: `body({ page, url, dir })`.
async function asNewPlayer(args, body) {
  const dir = h.tmpDir('arena-source-');
  const database = `arena_browser_${crypto.randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`, XDG_CACHE_HOME: path.join(dir, 'cache') };
  let server;
  let browser;
  try {
    server = await h.startArenaServe({ dataDir: path.join(dir, 'var'), env, args });
    const url = (p) => server.base + p;
    browser = await h.launchBrowser();
    const page = await browser.newPage();
    await page.goto(url('/signup'));
    await page.fill('#username', `coder${crypto.randomBytes(2).toString('hex')}`);
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(url('/me/bots')), page.click('#submit')]);
    await body({ page, url, dir });
  } finally {
    if (browser) await browser.close();
    if (server) await server.stop();
    try {
      h.psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } catch (e) {
      // The database is dropped by a later run's clean-up.
    }
  }
}

test('AIDemo.cc uploaded as source is built as arena build does and judged; a syntax error is shown by its line', { skip, timeout: 420000 }, async () => {
  // The request waits for its compile, however busy the machine (the next test waits for none).
  await asNewPlayer(['--no-ladder', '--source-upload-wait', '600'], async ({ page, url, dir }) => {
    await page.goto(url('/upload'));

    if (await page.locator('#sources-off').count()) {
      // This host cannot jail the compiler: the form says so in place of the field.
      assert.match(await page.textContent('#sources-off'), /source uploads are off/);
      return;
    }

    // A syntax error: the message names the file and the line, next to the field; no bot.
    const broken = path.join(dir, 'AIBroken.cc');
    fs.writeFileSync(broken, '#include "Player.hh"\n\nint x = ;\n');
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Broken');
    await page.setInputFiles('input[name=source]', broken);
    await Promise.all([page.waitForLoadState('load'), page.click('#submit')]);
    assert.match(await page.textContent('#error-source'), /AIBroken\.cc did not compile/);
    const messages = await page.textContent('#compiler-messages');
    assert.match(messages, /AIBroken\.cc:3:9: error/);
    assert.doesNotMatch(messages, /\/tmp\/|\.cache/);
    // The messages sit in the source field's box, under its error.
    assert.equal(await page.locator('.field:has(#source) #compiler-messages').count(), 1);
    const mine = JSON.parse(await (await page.request.get(url('/api/me/bots'))).text());
    assert.equal(JSON.stringify(mine).includes('Broken'), false, 'a refused source stored a bot');

    // The kit's AIDemo.cc: built, judged, qualified.
    await page.goto(url('/upload'));
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'FromSource');
    await page.setInputFiles('input[name=source]', DEMO);
    await Promise.all([page.waitForURL(/\/bots\/\d+$/, { timeout: VERDICT_TIMEOUT_MS }), page.click('#submit')]);
    const botPath = new URL(page.url()).pathname;

    // `arena build` of the same file gives the module the page shows.
    const built = path.join(dir, 'AIDemo.wasm');
    execFileSync(h.ARENA, ['build', '--game', 'pandemic', DEMO, '-o', built], { stdio: 'pipe', env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache2') } });
    assert.equal((await page.textContent('#module-hash')).trim(), sha256(built));
    assert.match(await page.textContent('#compile-figures'), /CPU.*peak memory \d+ MiB/);
    assert.match(await page.textContent('#built-from'), /AIDemo\.cc/);

    // The workers judge it: the page reloads until its verdict.
    const deadline = Date.now() + VERDICT_TIMEOUT_MS;
    let status = '';
    while (Date.now() < deadline) {
      await page.goto(url(botPath));
      status = (await page.textContent('#qualification-status')).trim();
      if (status !== 'qualifying') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    // The usual verdict: qualified, or failed against the Dummies (the kit's Demo is not strong).
    assert.match(status, /^(qualified|failed)$/, await page.textContent('#verdict'));

    // Its source is its owner's to download.
    const source = await page.request.get(url(`${botPath}/source`));
    assert.equal(source.status(), 200);
    assert.equal(await source.text(), fs.readFileSync(DEMO, 'utf8'));
  });
});

test('a compile that outlasts the wait: the form sends the player to the compile page, which follows it to the bot', { skip, timeout: 420000 }, async () => {
  // No wait at all: every upload is answered with its compile's page, as on a deadline's queue.
  await asNewPlayer(['--no-ladder', '--source-upload-wait', '0'], async ({ page, url, dir }) => {
    await page.goto(url('/upload'));
    if (await page.locator('#sources-off').count()) return;

    // A syntax error: the compile page ends on the error and the compiler's messages.
    const broken = path.join(dir, 'AIBroken.cc');
    fs.writeFileSync(broken, '#include "Player.hh"\n\nint x = ;\n');
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Broken');
    await page.setInputFiles('input[name=source]', broken);
    await Promise.all([page.waitForURL(/\/me\/compiles\/\d+$/), page.click('#submit')]);
    await page.waitForSelector('#compile-error', { timeout: VERDICT_TIMEOUT_MS });
    assert.match(await page.textContent('#compile-error'), /AIBroken\.cc did not compile/);
    assert.match(await page.textContent('#compiler-messages'), /AIBroken\.cc:3:9: error/);

    // The kit's AIDemo.cc: the compile page follows it (follow.js) to the bot's page.
    await page.goto(url('/upload'));
    await page.selectOption('select[name=game]', 'pandemic');
    await page.fill('input[name=name]', 'Patient');
    await page.setInputFiles('input[name=source]', DEMO);
    await Promise.all([page.waitForURL(/\/me\/compiles\/\d+$/), page.click('#submit')]);
    await page.waitForURL(/\/bots\/\d+$/, { timeout: VERDICT_TIMEOUT_MS });
    assert.match(await page.textContent('#built-from'), /AIDemo\.cc/);
    assert.match(await page.textContent('h1'), /Patient/);
  });
});
