// Arena replay reader: the container and the parts common to every game.
//
// Mirrors engine/src/replay/mod.rs and engine/src/replay/wire.rs (the code is the
// specification; docs/replay-format.md describes it). A game's own parts are read by
// js/games/<game>.js, which registers itself with ArenaReplay.registerGame.
//
// A classic script (no ES modules) so that viewer.html works from file://. It also loads
// under Node (module.exports) for the tests; there it needs fzstd passed to setZstd().
(function (root) {
  'use strict';

  var MAGIC = 'ARENARPL';
  var FORMAT_VERSION = 1;
  var NB_PLAYERS = 4;
  /** Decompressed replays larger than this are refused (as the Rust reader does). */
  var MAX_DECODED_BYTES = 256 * 1024 * 1024;
  var CPU_OUT = 0xffff;
  var FREEZE_REASONS = ['cpu', 'memory', 'trap', 'orders'];

  var zstd = root.fzstd || null;

  /** An error with the same text as the Rust reader's ReplayError. */
  function ReplayError(kind, message) {
    var e = new Error(message);
    e.name = 'ReplayError';
    e.kind = kind;
    return e;
  }
  function notAReplay() {
    return ReplayError('not-a-replay', 'not an Arena replay (the file does not start with ARENARPL)');
  }
  function versionError(found) {
    return ReplayError('version', 'replay format version ' + found + ' is not supported (this build reads version ' +
      FORMAT_VERSION + ')');
  }
  function corrupt(msg) {
    return ReplayError('corrupt', 'damaged replay: ' + msg);
  }
  function isReplayError(e) {
    return e && e.name === 'ReplayError';
  }

  // ---------------------------------------------------------------------------------------
  // Primitive reads (wire.rs). Every read checks bounds and names what it was reading.

  function Reader(bytes, start, end) {
    this.buf = bytes;
    this.base = start || 0;
    this.at = this.base;
    this.end = end === undefined ? bytes.length : end;
  }
  Reader.prototype.short = function (what) {
    return corrupt('truncated while reading ' + what + ' at byte ' + (this.at - this.base));
  };
  Reader.prototype.u8 = function (what) {
    if (this.at >= this.end) throw this.short(what);
    return this.buf[this.at++];
  };
  /** Unsigned LEB128, as a double (exact below 2^53, which every count and index is). */
  Reader.prototype.varint = function (what) {
    var v = 0, mul = 1;
    for (var i = 0; i < 10; i++) {
      var b = this.u8(what);
      v += (b & 0x7f) * mul;
      if (!(b & 0x80)) return v;
      mul *= 128;
    }
    throw corrupt('overlong number while reading ' + what);
  };
  /** Zigzag-decoded signed varint. Values past 2^53 in magnitude are refused (see scores). */
  Reader.prototype.signed = function (what) {
    var z = this.varint(what);
    if (z > Number.MAX_SAFE_INTEGER) throw corrupt(what + ' is too large for this viewer');
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  };
  /** A varint that must be below `limit` (a count or an index). */
  Reader.prototype.bounded = function (limit, what) {
    var v = this.varint(what);
    if (v >= limit) throw corrupt(what + ' is ' + fmtU64(v) + ', must be below ' + limit);
    return v;
  };
  Reader.prototype.bytes = function (n, what) {
    if (this.end - this.at < n) throw this.short(what);
    var s = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return s;
  };
  Reader.prototype.str = function (what) {
    var n = this.bounded(this.remaining() + 1, what);
    var b = this.bytes(n, what);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(b);
    } catch (e) {
      throw corrupt(what + ' is not UTF-8');
    }
  };
  Reader.prototype.remaining = function () {
    return this.end - this.at;
  };
  Reader.prototype.finish = function (what) {
    if (this.at !== this.end) throw corrupt(this.remaining() + ' unexpected bytes after ' + what);
  };

  function fmtU64(v) {
    return v > Number.MAX_SAFE_INTEGER ? v.toExponential(3) : String(v);
  }

  // ---------------------------------------------------------------------------------------
  // XXH64, for the zstd frame's content checksum (fzstd does not verify it). 64-bit values
  // are kept as two unsigned 32-bit halves; mul64/add64/rotl64 leave their result in H, L.

  var H = 0, L = 0;

  function mul64(ah, al, bh, bl) {
    var a0 = al & 0xffff, a1 = al >>> 16, a2 = ah & 0xffff, a3 = ah >>> 16;
    var b0 = bl & 0xffff, b1 = bl >>> 16, b2 = bh & 0xffff, b3 = bh >>> 16;
    // 16-bit columns; each partial sum stays below 2^32 before it is split.
    var c0 = a0 * b0;
    var c1 = c0 >>> 16;
    c0 &= 0xffff;
    c1 += a1 * b0;
    var c2 = c1 >>> 16;
    c1 &= 0xffff;
    c1 += a0 * b1;
    c2 += c1 >>> 16;
    c1 &= 0xffff;
    c2 += a2 * b0;
    var c3 = c2 >>> 16;
    c2 &= 0xffff;
    c2 += a1 * b1;
    c3 += c2 >>> 16;
    c2 &= 0xffff;
    c2 += a0 * b2;
    c3 += c2 >>> 16;
    c2 &= 0xffff;
    c3 += a3 * b0 + a2 * b1 + a1 * b2 + a0 * b3;
    c3 &= 0xffff;
    L = (c1 << 16 | c0) >>> 0;
    H = (c3 << 16 | c2) >>> 0;
  }
  function add64(ah, al, bh, bl) {
    var lo = al + bl;
    L = lo >>> 0;
    H = (ah + bh + (lo > 0xffffffff ? 1 : 0)) >>> 0;
  }
  function rotl64(h, l, r) {
    if (r >= 32) {
      var t = h; h = l; l = t; r -= 32;
    }
    if (r === 0) {
      H = h; L = l;
      return;
    }
    H = ((h << r) | (l >>> (32 - r))) >>> 0;
    L = ((l << r) | (h >>> (32 - r))) >>> 0;
  }

  var P1H = 0x9e3779b1, P1L = 0x85ebca87;
  var P2H = 0xc2b2ae3d, P2L = 0x27d4eb4f;
  var P3H = 0x165667b1, P3L = 0x9e3779f9;
  var P4H = 0x85ebca77, P4L = 0xc2b2ae63;
  var P5H = 0x27d4eb2f, P5L = 0x165667c5;

  function le32(b, i) {
    return (b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24) >>> 0;
  }

  // acc = rotl(acc + input * P2, 31) * P1
  function xxRound(ah, al, ih, il) {
    mul64(ih, il, P2H, P2L);
    add64(ah, al, H, L);
    rotl64(H, L, 31);
    mul64(H, L, P1H, P1L);
  }

  /** XXH64 of `data` with seed 0; returns [high, low] unsigned 32-bit halves. */
  function xxh64(data) {
    var n = data.length, i = 0, hh, hl;
    if (n >= 32) {
      add64(P1H, P1L, P2H, P2L);
      var v1h = H, v1l = L;
      var v2h = P2H, v2l = P2L;
      var v3h = 0, v3l = 0;
      // 0 - P1
      add64(~P1H >>> 0, ~P1L >>> 0, 0, 1);
      var v4h = H, v4l = L;
      for (; i + 32 <= n; i += 32) {
        xxRound(v1h, v1l, le32(data, i + 4), le32(data, i)); v1h = H; v1l = L;
        xxRound(v2h, v2l, le32(data, i + 12), le32(data, i + 8)); v2h = H; v2l = L;
        xxRound(v3h, v3l, le32(data, i + 20), le32(data, i + 16)); v3h = H; v3l = L;
        xxRound(v4h, v4l, le32(data, i + 28), le32(data, i + 24)); v4h = H; v4l = L;
      }
      rotl64(v1h, v1l, 1); hh = H; hl = L;
      rotl64(v2h, v2l, 7); add64(hh, hl, H, L); hh = H; hl = L;
      rotl64(v3h, v3l, 12); add64(hh, hl, H, L); hh = H; hl = L;
      rotl64(v4h, v4l, 18); add64(hh, hl, H, L); hh = H; hl = L;
      var vs = [[v1h, v1l], [v2h, v2l], [v3h, v3l], [v4h, v4l]];
      for (var k = 0; k < 4; k++) {
        xxRound(0, 0, vs[k][0], vs[k][1]);
        hh = (hh ^ H) >>> 0; hl = (hl ^ L) >>> 0;
        mul64(hh, hl, P1H, P1L);
        add64(H, L, P4H, P4L);
        hh = H; hl = L;
      }
    } else {
      hh = P5H; hl = P5L;
    }
    add64(hh, hl, Math.floor(n / 4294967296) >>> 0, n >>> 0);
    hh = H; hl = L;
    for (; i + 8 <= n; i += 8) {
      xxRound(0, 0, le32(data, i + 4), le32(data, i));
      hh = (hh ^ H) >>> 0; hl = (hl ^ L) >>> 0;
      rotl64(hh, hl, 27);
      mul64(H, L, P1H, P1L);
      add64(H, L, P4H, P4L);
      hh = H; hl = L;
    }
    if (i + 4 <= n) {
      mul64(0, le32(data, i), P1H, P1L);
      hh = (hh ^ H) >>> 0; hl = (hl ^ L) >>> 0;
      rotl64(hh, hl, 23);
      mul64(H, L, P2H, P2L);
      add64(H, L, P3H, P3L);
      hh = H; hl = L;
      i += 4;
    }
    for (; i < n; i++) {
      mul64(0, data[i], P5H, P5L);
      hl = (hl ^ L) >>> 0; hh = (hh ^ H) >>> 0;
      rotl64(hh, hl, 11);
      mul64(H, L, P1H, P1L);
      hh = H; hl = L;
    }
    // avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32
    hl = (hl ^ (hh >>> 1)) >>> 0;
    mul64(hh, hl, P2H, P2L); hh = H; hl = L;
    hl = (hl ^ ((hl >>> 29) | (hh << 3))) >>> 0;
    hh = (hh ^ (hh >>> 29)) >>> 0;
    mul64(hh, hl, P3H, P3L); hh = H; hl = L;
    hl = (hl ^ hh) >>> 0;
    return [hh, hl];
  }

  // ---------------------------------------------------------------------------------------
  // zstd: walk the frame structure ourselves (to find its end, refuse trailing data and report
  // truncation as the Rust reader does), let fzstd decode the blocks, verify the checksum.

  var ZSTD_MAGIC = 0xfd2fb528;
  var MAX_BLOCK = 128 * 1024;

  function zstdError(msg) {
    return corrupt('compressed data: ' + msg);
  }

  /** Where the frame that starts at `at` ends, and whether it has a checksum. */
  function walkFrame(b, at) {
    var n = b.length;
    var incomplete = zstdError('incomplete frame');
    if (n - at < 5) throw incomplete;
    var fhd = b[at + 4];
    if (fhd & 0x08) throw zstdError('Unsupported frame parameter');
    var single = (fhd >> 5) & 1, checksum = (fhd >> 2) & 1, dictBytes = [0, 1, 2, 4][fhd & 3];
    var fcsBytes = [single ? 1 : 0, 2, 4, 8][fhd >> 6];
    var p = at + 5;
    var window = 0;
    if (!single) {
      if (p >= n) throw incomplete;
      var wd = b[p++];
      var wb = Math.pow(2, 10 + (wd >> 3));
      window = wb + (wb / 8) * (wd & 7);
    }
    if (p + dictBytes + fcsBytes > n) throw incomplete;
    var dictId = 0;
    for (var k = 0; k < dictBytes; k++) dictId += b[p + k] * Math.pow(256, k);
    if (dictId !== 0) throw zstdError('Dictionary mismatch');
    p += dictBytes;
    var fcs = 0;
    for (k = 0; k < fcsBytes; k++) fcs += b[p + k] * Math.pow(256, k);
    if (fcsBytes === 2) fcs += 256;
    p += fcsBytes;
    if (single) window = fcs;
    if (window > 1 << 27) throw zstdError('Frame requires too much memory for decoding');
    var blockMax = Math.min(window || MAX_BLOCK, MAX_BLOCK);
    var bound = 0;
    for (;;) {
      if (p + 3 > n) throw incomplete;
      var h = b[p] | b[p + 1] << 8 | b[p + 2] << 16;
      var last = h & 1, type = (h >> 1) & 3, size = h >>> 3;
      p += 3;
      if (type === 3) throw zstdError('Data corruption detected');
      if (size > blockMax) throw zstdError('Data corruption detected');
      var stored = type === 1 ? 1 : size;
      if (p + stored > n) throw incomplete;
      p += stored;
      bound += type === 2 ? MAX_BLOCK : size;
      if (last) break;
    }
    var end = p + (checksum ? 4 : 0);
    if (end > n) throw incomplete;
    return { start: at, end: end, checksum: !!checksum, blocksEnd: p, bound: bound };
  }

  function decodeFrame(bytes, f, limit) {
    if (!zstd) throw new Error('the zstd decoder (vendor/fzstd.js) is not loaded');
    var chunks = [], total = 0;
    var d = new zstd.Decompress(function (chunk) {
      total += chunk.length;
      if (total > limit) throw ReplayError('bomb', '');
      chunks.push(chunk);
    });
    try {
      d.push(bytes.subarray(f.start, f.end), true);
    } catch (e) {
      if (isReplayError(e)) throw e;
      throw zstdError('Data corruption detected');
    }
    var out = new Uint8Array(total), o = 0;
    for (var i = 0; i < chunks.length; i++) {
      out.set(chunks[i], o);
      o += chunks[i].length;
    }
    if (f.checksum) {
      var want = le32(bytes, f.end - 4);
      var got = xxh64(out)[1];
      if (want !== got) throw zstdError("Restored data doesn't match checksum");
    }
    return out;
  }

  /** Decompresses the zstd data that follows the version: one frame, nothing after it. */
  function decompress(bytes) {
    var at = 0;
    if (bytes.length === 0) throw zstdError('incomplete frame');
    for (;;) {
      var left = bytes.length - at;
      var magic = left >= 4 ? le32(bytes, at) : -1;
      if (magic === -1) {
        // Fewer than 4 bytes: the start of a frame magic is an incomplete frame, else garbage.
        var m = [0x28, 0xb5, 0x2f, 0xfd], prefix = true;
        for (var k = 0; k < left; k++) prefix = prefix && bytes[at + k] === m[k];
        throw zstdError(prefix ? 'incomplete frame' : 'Unknown frame descriptor');
      }
      if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) {
        // A skippable frame, which zstd ignores.
        if (left < 8) throw zstdError('incomplete frame');
        var skip = le32(bytes, at + 4);
        if (left - 8 < skip) throw zstdError('incomplete frame');
        at += 8 + skip;
        continue;
      }
      if (magic !== ZSTD_MAGIC) throw zstdError('Unknown frame descriptor');
      var f = walkFrame(bytes, at);
      var out = decodeFrame(bytes, f, MAX_DECODED_BYTES + 1);
      // A replay holds exactly one frame: anything after it is damage (as in the Rust reader).
      if (f.end < bytes.length) throw corrupt(bytes.length - f.end + ' unexpected bytes after the compressed data');
      return out;
    }
  }

  // ---------------------------------------------------------------------------------------
  // The container.

  var TAG_HEADER = 0x48, TAG_INITIAL = 0x49, TAG_ROUND = 0x52, TAG_END = 0x45;

  function hex2(v) {
    return '0x' + (v < 16 ? '0' : '') + v.toString(16);
  }

  function parseJson(bytes, what) {
    var text;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (e) {
      throw corrupt(what + ': invalid UTF-8');
    }
    try {
      return { value: JSON.parse(text), text: text };
    } catch (e) {
      throw corrupt(what + ': ' + e.message);
    }
  }

  function need(obj, field, type, what) {
    var v = obj[field];
    var ok = type === 'array' ? Array.isArray(v) : type === 'integer' ? Number.isInteger(v) : typeof v === type;
    if (!ok) throw corrupt(what + ': missing or invalid field `' + field + '`');
    return v;
  }

  function checkHeader(h) {
    if (h === null || typeof h !== 'object' || Array.isArray(h)) throw corrupt('header: not a JSON object');
    need(h, 'format', 'integer', 'header');
    need(h, 'game', 'string', 'header');
    need(h, 'game_title', 'string', 'header');
    need(h, 'seed', 'number', 'header');
    need(h, 'params', 'object', 'header');
    var players = need(h, 'players', 'array', 'header');
    for (var p = 0; p < players.length; p++) {
      if (!players[p] || typeof players[p].name !== 'string') throw corrupt('header: player ' + p + ' has no name');
    }
  }

  function checkSummary(s) {
    if (s === null || typeof s !== 'object' || Array.isArray(s)) throw corrupt('summary: not a JSON object');
    need(s, 'game', 'string', 'summary');
    need(s, 'rounds', 'integer', 'summary');
    var players = need(s, 'players', 'array', 'summary');
    for (var p = 0; p < players.length; p++) {
      if (!players[p] || typeof players[p].score !== 'number') throw corrupt('summary: player ' + p + ' has no score');
    }
  }

  /** The seed as exact decimal text (JSON.parse rounds integers past 2^53). */
  function rawSeed(text, fallback) {
    var m = /"seed"\s*:\s*(\d+)/.exec(text);
    return m ? m[1] : String(fallback);
  }

  /**
   * Reads and checks a whole replay file's container. Returns { header, seed, initial
   * (Uint8Array), rounds: { count, scores (Float64Array, 4 per frame, frame 0 = zeros), cpu
   * (Float64Array, 4 per frame, -1 = out), freezes: [{frame, player, round, reason,
   * message}], game: [Uint8Array per round] }, summary, sizes }.
   */
  function parse(bytes) {
    if (!(bytes instanceof Uint8Array)) bytes = new Uint8Array(bytes);
    var t0 = now();
    if (bytes.length < MAGIC.length + 2) throw notAReplay();
    for (var i = 0; i < MAGIC.length; i++) {
      if (bytes[i] !== MAGIC.charCodeAt(i)) throw notAReplay();
    }
    var version = bytes[8] | bytes[9] << 8;
    if (version !== FORMAT_VERSION) throw versionError(version);
    var body = decompress(bytes.subarray(10));
    var t1 = now();
    if (body.length > MAX_DECODED_BYTES) throw corrupt('decompresses to more than ' + MAX_DECODED_BYTES + ' bytes');
    var r = new Reader(body);
    function next(expected) {
      var tag = r.u8('section tag');
      if (expected.indexOf(tag) < 0) throw corrupt('unexpected section tag ' + hex2(tag));
      var len = r.bounded(r.remaining() + 1, 'section length');
      var start = r.at;
      r.bytes(len, 'section');
      return { tag: tag, start: start, end: start + len };
    }
    var hs = next([TAG_HEADER]);
    var hj = parseJson(body.subarray(hs.start, hs.end), 'header');
    checkHeader(hj.value);
    var is = next([TAG_INITIAL]);
    var scores = [0, 0, 0, 0], cpu = [0, 0, 0, 0];
    var scoreList = [0, 0, 0, 0], cpuList = [0, 0, 0, 0], freezes = [], game = [];
    for (;;) {
      var s = next([TAG_ROUND, TAG_END]);
      if (s.tag === TAG_END) {
        var sj = parseJson(body.subarray(s.start, s.end), 'summary');
        checkSummary(sj.value);
        r.finish('the end section');
        var count = game.length;
        return {
          header: hj.value,
          seed: rawSeed(hj.text, hj.value.seed),
          initial: body.subarray(is.start, is.end),
          rounds: {
            count: count,
            scores: Float64Array.from(scoreList),
            cpu: Float64Array.from(cpuList),
            freezes: freezes,
            game: game,
          },
          summary: sj.value,
          sizes: { file: bytes.length, body: body.length },
          timings: { decompressMs: t1 - t0, containerMs: now() - t1 },
        };
      }
      var pr = new Reader(body, s.start, s.end);
      var frame = game.length + 1;
      for (var p = 0; p < NB_PLAYERS; p++) {
        scores[p] += pr.signed('score');
        if (!Number.isSafeInteger(scores[p])) throw corrupt('score overflow');
      }
      for (p = 0; p < NB_PLAYERS; p++) {
        var code = pr.varint('cpu share');
        if (code === CPU_OUT) cpu[p] = -1;
        else if (code <= 10000) cpu[p] = code / 10000;
        else throw corrupt('cpu share code ' + fmtU64(code) + ' out of range');
      }
      var nf = pr.bounded(NB_PLAYERS + 1, 'frozen count');
      for (var k = 0; k < nf; k++) {
        var player = pr.bounded(NB_PLAYERS, 'frozen player');
        var rc = pr.u8('freeze reason');
        if (rc >= FREEZE_REASONS.length) throw corrupt('unknown freeze reason ' + rc);
        var fround = pr.varint('freeze round');
        var message = pr.str('freeze message');
        freezes.push({ frame: frame, player: player, round: fround, reason: FREEZE_REASONS[rc], message: message });
      }
      for (p = 0; p < NB_PLAYERS; p++) {
        scoreList.push(scores[p]);
        cpuList.push(cpu[p]);
      }
      game.push(body.subarray(pr.at, s.end));
    }
  }

  function now() {
    return typeof performance !== 'undefined' ? performance.now() : Date.now();
  }

  // ---------------------------------------------------------------------------------------
  // Games.

  var games = {};

  /**
   * A game module registers { name, title, decode(container) -> model }. A model has
   * frameCount, players, scores(frame), cpu(frame), frozen(frame), stats(frame),
   * frameJson(frame), and a createView(canvas) for the board.
   */
  function registerGame(name, module) {
    games[name] = module;
  }

  /** The frozen state of each player after `frame`: null or { round, reason, message }. */
  function frozenAt(container, frame) {
    var out = [null, null, null, null];
    var fr = container.rounds.freezes;
    for (var i = 0; i < fr.length; i++) {
      if (fr[i].frame <= frame && !out[fr[i].player]) {
        out[fr[i].player] = { round: fr[i].round, reason: fr[i].reason, message: fr[i].message };
      }
    }
    return out;
  }

  /** Reads a replay file's bytes into a game model: container, then the game's decoder. */
  function open(bytes) {
    var c = parse(bytes);
    var g = games[c.header.game];
    if (!g) {
      throw ReplayError('game', 'this viewer cannot show game `' + c.header.game + '` (it knows: ' +
        Object.keys(games).sort().join(', ') + ')');
    }
    var t0 = now();
    var model = g.decode(c);
    c.timings.gameMs = now() - t0;
    return model;
  }

  var api = {
    FORMAT_VERSION: FORMAT_VERSION,
    MAX_DECODED_BYTES: MAX_DECODED_BYTES,
    NB_PLAYERS: NB_PLAYERS,
    FREEZE_REASONS: FREEZE_REASONS,
    Reader: Reader,
    ReplayError: ReplayError,
    corrupt: corrupt,
    isReplayError: isReplayError,
    xxh64: xxh64,
    decompress: decompress,
    parse: parse,
    open: open,
    frozenAt: frozenAt,
    registerGame: registerGame,
    games: games,
    now: now,
    setZstd: function (z) {
      zstd = z;
    },
  };
  root.ArenaReplay = api;
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
})(typeof self !== 'undefined' ? self : this);
