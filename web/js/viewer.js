// The viewer page: opening a replay (file picker, drag and drop, ?replay=URL), the controls,
// the scoreboard, the score chart, the hover tooltip and the URL hash (#r=ROUND). The stderr
// panel (?stderr=URL) is js/stderr.js, told of each round change.
// Game-specific decoding and drawing live in js/games/<game>.js.
(function () {
  'use strict';

  var AR = window.ArenaReplay;
  var PLAYER_COLORS = ['#e53935', '#1e88e5', '#fdd835', '#8e24aa'];
  var ICON_PLAY = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2.5 13.5 8 4 13.5Z"/></svg>';
  var ICON_PAUSE = '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3.5" y="3" width="3" height="10"/>' +
    '<rect x="9.5" y="3" width="3" height="10"/></svg>';
  var SPEEDS = [1, 2, 5, 10, 20, 30, 60];

  function $(id) {
    return document.getElementById(id);
  }
  var el = {
    file: $('file-input'),
    message: $('message'),
    empty: $('empty'),
    viewer: $('viewer'),
    controls: $('controls'),
    info: $('match-info'),
    boardWrap: $('board-wrap'),
    board: $('board'),
    tooltip: $('tooltip'),
    head: $('scoreboard-head'),
    body: $('scoreboard-body'),
    chart: $('chart'),
    details: document.querySelector('#unit-details tbody'),
    legend: $('legend'),
    slider: $('round-slider'),
    roundNumber: $('round-number'),
    roundCount: $('round-count'),
    play: $('btn-play'),
    speed: $('speed'),
    moves: $('show-moves'),
  };

  var st = {
    model: null,
    view: null,
    name: '',
    n: 0,
    t: 0,
    playing: false,
    lastTs: 0,
    hover: -1,
    selected: -1,
    dirty: false,
    rafPending: false,
    hashWritten: 0,
    rows: [],
    chartBase: null,
  };

  var metrics = { loads: 0 };

  // -------------------------------------------------------------------------------------
  // Opening.

  function showMessage(text, kind) {
    el.message.textContent = text;
    el.message.className = kind || '';
    el.message.hidden = !text;
  }

  function fail(source, e) {
    var text = e && e.message ? e.message : String(e);
    showMessage('Cannot open ' + source + ': ' + text);
    el.message.setAttribute('data-error', text);
    metrics.error = text;
    if (!st.model) {
      el.empty.hidden = false;
    }
    if (!(e && e.name === 'ReplayError')) console.error(e);
  }

  function openBytes(bytes, source, t0) {
    var tRead = performance.now();
    var model;
    try {
      model = AR.open(bytes);
    } catch (e) {
      fail(source, e);
      return;
    }
    var tDecoded = performance.now();
    var tm = model.container.timings;
    metrics.source = source;
    metrics.fileBytes = model.container.sizes.file;
    metrics.bodyBytes = model.container.sizes.body;
    metrics.readMs = tRead - t0;
    metrics.decompressMs = tm.decompressMs;
    metrics.containerMs = tm.containerMs;
    metrics.gameMs = tm.gameMs;
    metrics.decodeMs = tDecoded - tRead;
    metrics.firstFrameMs = null;
    el.message.removeAttribute('data-error');
    showMessage('');
    try {
      show(model, source);
    } catch (e) {
      fail(source, e);
      return;
    }
    metrics.shownMs = performance.now() - t0;
    metrics.loads++;
    // The frame is on screen once the browser has rendered it: two animation frames later.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        metrics.firstFrameMs = performance.now() - t0;
      });
    });
  }

  function openFile(file) {
    if (!file) return;
    var t0 = performance.now();
    pause();
    var read = file.arrayBuffer ? file.arrayBuffer() : new Promise(function (ok, ko) {
      var fr = new FileReader();
      fr.onload = function () {
        ok(fr.result);
      };
      fr.onerror = function () {
        ko(fr.error);
      };
      fr.readAsArrayBuffer(file);
    });
    read.then(function (buf) {
      openBytes(new Uint8Array(buf), file.name, t0);
    }, function (e) {
      fail(file.name, new Error('cannot read the file: ' + (e && e.message)));
    });
  }

  function openUrl(url) {
    var t0 = performance.now();
    if (location.protocol === 'file:' && !/^[a-z]+:\/\//i.test(url)) {
      fail(url, new Error('a page opened from disk (file://) cannot load other files; use "Open replay…", ' +
        'drop the file here, or serve it with `arena view FILE`'));
      return;
    }
    showMessage('Loading ' + url + '…', 'info');
    fetch(url).then(function (res) {
      if (!res.ok) throw new Error('HTTP ' + res.status + ' ' + res.statusText);
      return res.arrayBuffer();
    }).then(function (buf) {
      openBytes(new Uint8Array(buf), url, t0);
    }, function (e) {
      fail(url, new Error('cannot load it: ' + (e && e.message ? e.message : e)));
    });
  }

  // -------------------------------------------------------------------------------------
  // Showing a model.

  function show(model, source) {
    pause();
    st.model = model;
    st.name = source;
    st.view = model.createView(el.board, PLAYER_COLORS);
    st.selected = -1;
    st.hover = -1;
    el.empty.hidden = true;
    el.viewer.hidden = false;
    el.controls.hidden = false;
    var h = model.header;
    var b = model.board;
    el.info.innerHTML = '';
    addText(el.info, 'strong', h.game_title || h.game);
    addText(el.info, 'span', ' · ' + baseName(source) + ' · seed ' + model.container.seed + ' · ' + model.lastFrame +
      ' rounds' + (b ? ' · ' + b.rows + '×' + b.cols : '') + (h.fixed_board ? ' (fixed board)' : '') +
      ' · engine ' + h.engine_version);
    document.title = (h.game_title || h.game) + ' — ' + model.players.join(', ') + ' — Arena replay viewer';
    el.slider.max = String(model.lastFrame);
    el.roundCount.textContent = String(model.lastFrame);
    buildScoreboard(model);
    buildLegend();
    layout();
    var r = hashRound();
    setRound(r === null ? 0 : r, true);
    draw();
  }

  function baseName(s) {
    var i = s.lastIndexOf('/');
    return i >= 0 ? s.slice(i + 1) : s;
  }

  function addText(parent, tag, text) {
    var e = document.createElement(tag);
    e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  function buildScoreboard(model) {
    el.head.innerHTML = '';
    addText(el.head, 'th', 'Player');
    addText(el.head, 'th', 'Score');
    model.fields.forEach(function (f) {
      addText(el.head, 'th', f.label).title = f.title;
    });
    addText(el.head, 'th', 'CPU');
    el.body.innerHTML = '';
    st.rows = [];
    for (var p = 0; p < model.players.length; p++) {
      var tr = document.createElement('tr');
      tr.id = 'player-' + p;
      tr.setAttribute('data-player', String(p));
      var name = document.createElement('td');
      name.setAttribute('data-field', 'name');
      name.id = 'name-' + p;
      name.title = 'player ' + p + ': ' + model.players[p] + ' (' + model.header.players[p].hash + ')';
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = PLAYER_COLORS[p];
      sw.setAttribute('data-color', PLAYER_COLORS[p]);
      name.appendChild(sw);
      addText(name, 'span', model.players[p]);
      tr.appendChild(name);
      var cells = { score: cell(tr, 'score', p) };
      model.fields.forEach(function (f) {
        cells[f.key] = cell(tr, f.key, p);
      });
      cells.cpu = cell(tr, 'cpu', p);
      el.body.appendChild(tr);
      st.rows.push({ tr: tr, cells: cells });
    }
  }

  function cell(tr, field, p) {
    var td = document.createElement('td');
    td.setAttribute('data-field', field);
    td.id = field + '-' + p;
    tr.appendChild(td);
    return td;
  }

  function setCell(td, value, text) {
    var v = String(value);
    if (td.getAttribute('data-value') !== v) td.setAttribute('data-value', v);
    if (td.textContent !== text) td.textContent = text;
  }

  function updateScoreboard() {
    var m = st.model, n = st.n;
    var scores = m.scores(n), cpu = m.cpu(n), frozen = m.frozen(n), values = m.fieldValues(n);
    var best = Math.max.apply(null, scores);
    for (var p = 0; p < st.rows.length; p++) {
      var row = st.rows[p];
      setCell(row.cells.score, scores[p], String(scores[p]));
      m.fields.forEach(function (f) {
        setCell(row.cells[f.key], values[f.key][p], String(values[f.key][p]));
      });
      var fz = frozen[p];
      var td = row.cells.cpu;
      if (fz || cpu[p] < 0) {
        var reason = fz ? fz.reason : 'frozen';
        setCell(td, -1, 'out: ' + reason + (fz ? ' (round ' + fz.round + ')' : ''));
        td.title = fz ? 'frozen in round ' + fz.round + ' (' + fz.reason + '): ' + fz.message : 'frozen';
        td.setAttribute('data-reason', reason);
      } else {
        setCell(td, cpu[p], 'CPU: ' + Math.round(cpu[p] * 100) + '%');
        td.title = 'share of the CPU budget used so far: ' + (cpu[p] * 100).toFixed(2) + '%';
        td.removeAttribute('data-reason');
      }
      row.tr.classList.toggle('out', !!(fz || cpu[p] < 0));
      row.tr.classList.toggle('leader', n > 0 && scores[p] === best && best > 0);
    }
  }

  function buildLegend() {
    el.legend.innerHTML = '';
    if (!st.view.legend) return;
    st.view.legend().forEach(function (item) {
      var li = document.createElement('li');
      var c = document.createElement('canvas');
      var dpr = window.devicePixelRatio || 1, s = Math.round(18 * dpr);
      c.width = s;
      c.height = s;
      item.draw(c.getContext('2d'), s);
      li.appendChild(c);
      addText(li, 'span', item.label);
      el.legend.appendChild(li);
    });
  }

  // -------------------------------------------------------------------------------------
  // Round changes and drawing.

  function clampRound(r) {
    return Math.max(0, Math.min(st.model.lastFrame, Math.round(r)));
  }

  function setRound(r, writeHash) {
    if (!st.model) return;
    r = clampRound(r);
    var changed = r !== st.n || !st.rows.length || el.roundNumber.getAttribute('data-round') !== String(r);
    st.n = r;
    if (!st.playing) st.t = r;
    if (changed || writeHash) {
      el.slider.value = String(r);
      el.roundNumber.textContent = String(r);
      el.roundNumber.setAttribute('data-round', String(r));
      updateScoreboard();
      updateDetails();
      drawChart();
      if (window.ArenaStderr) window.ArenaStderr.show(r);
    }
    if (writeHash || !st.playing) writeHashNow();
    else if (performance.now() - st.hashWritten > 400) writeHashNow();
    requestDraw();
  }

  function hashRound() {
    var m = /(?:^#|&)r=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  function writeHashNow() {
    st.hashWritten = performance.now();
    var h = '#r=' + st.n;
    if (location.hash === h) return;
    try {
      history.replaceState(history.state, '', h);
    } catch (e) {
      location.replace(h);
    }
  }

  function requestDraw() {
    st.dirty = true;
    if (!st.rafPending) {
      st.rafPending = true;
      requestAnimationFrame(frame);
    }
  }

  function frame(ts) {
    st.rafPending = false;
    if (!st.model) return;
    var tick0 = performance.now();
    var anim = 1;
    if (st.playing) {
      var dt = st.lastTs ? Math.min(250, ts - st.lastTs) : 0;
      st.lastTs = ts;
      var speed = currentSpeed();
      st.t += (dt * speed) / 1000;
      var n = Math.floor(st.t);
      if (n >= st.model.lastFrame) {
        st.t = st.model.lastFrame;
        n = st.model.lastFrame;
        pause();
      }
      if (n !== st.n) setRound(n, false);
      if (st.playing && speed <= 20) anim = Math.min(1, ((st.t - n) * 1000) / Math.min(300, 600 / speed));
      st.dirty = true;
    }
    if (st.dirty) {
      st.dirty = false;
      draw(anim);
    }
    metrics.ticks = (metrics.ticks || 0) + 1;
    metrics.tickMsTotal = (metrics.tickMsTotal || 0) + (performance.now() - tick0);
    if (st.playing && !st.rafPending) {
      st.rafPending = true;
      requestAnimationFrame(frame);
    }
  }

  function draw(anim) {
    if (!st.view) return;
    var t0 = performance.now();
    st.view.draw(st.n, {
      anim: anim === undefined ? 1 : anim,
      moves: el.moves.checked,
      selected: st.selected,
      hover: st.hover,
    });
    var dt = performance.now() - t0;
    metrics.drawMs = dt;
    metrics.draws = (metrics.draws || 0) + 1;
    metrics.drawMsTotal = (metrics.drawMsTotal || 0) + dt;
    metrics.drawMsMax = Math.max(metrics.drawMsMax || 0, dt);
  }

  function layout() {
    if (!st.view) return;
    var dpr = window.devicePixelRatio || 1;
    var w = el.boardWrap.clientWidth, h = el.boardWrap.clientHeight;
    st.view.layout(Math.max(100, w), Math.max(100, h), dpr);
    layoutChart();
    requestDraw();
  }

  // -------------------------------------------------------------------------------------
  // Playback.

  function currentSpeed() {
    return parseFloat(el.speed.value) || 10;
  }

  function play() {
    if (!st.model || st.playing) return;
    if (st.n >= st.model.lastFrame) setRound(0, true);
    st.playing = true;
    st.t = st.n;
    st.lastTs = 0;
    el.play.innerHTML = ICON_PAUSE;
    el.play.setAttribute('aria-label', 'pause');
    requestDraw();
  }

  function pause() {
    if (!st.playing) return;
    st.playing = false;
    st.t = st.n;
    el.play.innerHTML = ICON_PLAY;
    el.play.setAttribute('aria-label', 'play');
    writeHashNow();
    requestDraw();
  }

  function toggle() {
    if (st.playing) pause();
    else play();
  }

  function step(d) {
    pause();
    setRound(st.n + d, true);
  }

  function changeSpeed(d) {
    var v = currentSpeed(), i = SPEEDS.indexOf(v);
    if (i < 0) i = 3;
    i = Math.max(0, Math.min(SPEEDS.length - 1, i + d));
    el.speed.value = String(SPEEDS[i]);
  }

  // -------------------------------------------------------------------------------------
  // Score chart.

  function layoutChart() {
    var c = el.chart, dpr = window.devicePixelRatio || 1;
    var w = Math.max(50, c.clientWidth), h = Math.max(50, c.clientHeight);
    c.width = Math.round(w * dpr);
    c.height = Math.round(h * dpr);
    st.chartBase = null;
    drawChart();
  }

  var CH = { left: 44, right: 8, top: 8, bottom: 18 };

  function chartGeom() {
    var dpr = window.devicePixelRatio || 1, c = el.chart, m = st.model;
    var scores = m.container.rounds.scores, max = 0, min = 0;
    for (var i = 0; i < scores.length; i++) {
      if (scores[i] > max) max = scores[i];
      if (scores[i] < min) min = scores[i];
    }
    if (max === min) max = min + 1;
    var stepv = niceStep(min, max);
    min = Math.floor(min / stepv) * stepv;
    max = Math.ceil(max / stepv) * stepv;
    var x0 = CH.left * dpr, x1 = c.width - CH.right * dpr, y0 = CH.top * dpr, y1 = c.height - CH.bottom * dpr;
    var last = Math.max(1, m.lastFrame);
    return {
      dpr: dpr, x0: x0, x1: x1, y0: y0, y1: y1, min: min, max: max, step: stepv,
      x: function (r) {
        return x0 + ((x1 - x0) * r) / last;
      },
      y: function (s) {
        return y1 - ((y1 - y0) * (s - min)) / (max - min);
      },
    };
  }

  function drawChartBase(g) {
    var c = document.createElement('canvas');
    c.width = el.chart.width;
    c.height = el.chart.height;
    var ctx = c.getContext('2d'), m = st.model, scores = m.container.rounds.scores, F = m.frameCount;
    ctx.font = 11 * g.dpr + 'px system-ui, sans-serif';
    ctx.fillStyle = '#6a6f76';
    ctx.strokeStyle = '#e3e1da';
    ctx.lineWidth = g.dpr;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    var ticks = [];
    for (var tv = g.min; tv <= g.max + 1e-9; tv += g.step) ticks.push(tv);
    ticks.forEach(function (v) {
      var y = Math.round(g.y(v)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(g.x0, y);
      ctx.lineTo(g.x1, y);
      ctx.stroke();
      ctx.fillText(shortNum(v), g.x0 - 4 * g.dpr, y);
    });
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText('0', g.x0, g.y1 + 4 * g.dpr);
    ctx.textAlign = 'right';
    ctx.fillText(String(m.lastFrame), g.x1, g.y1 + 4 * g.dpr);
    ctx.lineWidth = 2 * g.dpr;
    ctx.lineJoin = 'round';
    for (var p = 0; p < 4; p++) {
      ctx.strokeStyle = PLAYER_COLORS[p];
      ctx.beginPath();
      for (var r = 0; r < F; r++) {
        var x = g.x(r), y = g.y(scores[4 * r + p]);
        if (r === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    return c;
  }

  /** A round step for an axis from min to max, about three ticks. */
  function niceStep(min, max) {
    var raw = (max - min) / 3, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 2.5, 5, 10];
    for (var i = 0; i < steps.length; i++) if (steps[i] * mag >= raw) return steps[i] * mag;
    return raw;
  }

  function shortNum(v) {
    var a = Math.abs(v);
    if (a >= 1e6) return (v / 1e6).toFixed(a >= 1e7 ? 0 : 1) + 'M';
    if (a >= 1e4) return (v / 1e3).toFixed(0) + 'k';
    return String(Math.round(v));
  }

  function drawChart() {
    if (!st.model || !el.chart.width) return;
    var g = chartGeom();
    if (!st.chartBase) st.chartBase = drawChartBase(g);
    var ctx = el.chart.getContext('2d');
    ctx.clearRect(0, 0, el.chart.width, el.chart.height);
    ctx.drawImage(st.chartBase, 0, 0);
    var x = Math.round(g.x(st.n)) + 0.5;
    ctx.strokeStyle = 'rgba(0,0,0,0.6)';
    ctx.lineWidth = g.dpr;
    ctx.beginPath();
    ctx.moveTo(x, g.y0);
    ctx.lineTo(x, g.y1);
    ctx.stroke();
    var scores = st.model.scores(st.n);
    for (var p = 0; p < 4; p++) {
      ctx.beginPath();
      ctx.arc(x, g.y(scores[p]), 3.5 * g.dpr, 0, 2 * Math.PI);
      ctx.fillStyle = PLAYER_COLORS[p];
      ctx.fill();
      ctx.strokeStyle = '#111';
      ctx.lineWidth = g.dpr;
      ctx.stroke();
    }
  }

  function chartSeek(ev) {
    if (!st.model) return;
    var rect = el.chart.getBoundingClientRect();
    var g = chartGeom();
    var x = (ev.clientX - rect.left) * g.dpr;
    pause();
    setRound(((x - g.x0) / (g.x1 - g.x0)) * st.model.lastFrame, true);
  }

  // -------------------------------------------------------------------------------------
  // Hover and selection.

  function fillRows(tbody, rows) {
    tbody.innerHTML = '';
    rows.forEach(function (r) {
      var tr = document.createElement('tr');
      addText(tr, 'td', r[0]);
      addText(tr, 'td', r[1]);
      tbody.appendChild(tr);
    });
  }

  function describe(k) {
    var m = st.model, rows = [];
    var u = st.view.unitOn(st.n, k);
    if (u >= 0) rows = rows.concat(m.describeUnit(st.n, u));
    return rows.concat(m.describeCell(st.n, k));
  }

  function updateDetails() {
    var m = st.model;
    if (!m) return;
    if (st.selected >= 0) {
      var f = m.frame(st.n);
      fillRows(el.details, m.describeUnit(st.n, st.selected).concat(m.describeCell(st.n, f.pos[st.selected])));
      el.details.parentNode.setAttribute('data-unit', String(st.selected));
    } else if (st.hover >= 0) {
      fillRows(el.details, describe(st.hover));
      el.details.parentNode.removeAttribute('data-unit');
    } else {
      fillRows(el.details, [['', 'Hover a cell for details; click a unit to follow it.']]);
      el.details.parentNode.removeAttribute('data-unit');
    }
    if (!el.tooltip.hidden && st.hover >= 0) fillTooltip(st.hover);
  }

  function fillTooltip(k) {
    el.tooltip.innerHTML = '';
    var t = document.createElement('table'), tb = document.createElement('tbody');
    t.appendChild(tb);
    fillRows(tb, describe(k));
    el.tooltip.appendChild(t);
  }

  function onMove(ev) {
    if (!st.view) return;
    var rect = el.board.getBoundingClientRect();
    var x = ev.clientX - rect.left, y = ev.clientY - rect.top;
    var k = st.view.cellAt(x, y);
    if (k !== st.hover) {
      st.hover = k;
      if (k >= 0) fillTooltip(k);
      updateDetails();
      requestDraw();
    }
    el.tooltip.hidden = k < 0;
    if (k >= 0) {
      var wrap = el.boardWrap.getBoundingClientRect();
      var tx = ev.clientX - wrap.left + 16, ty = ev.clientY - wrap.top + 16;
      var tw = el.tooltip.offsetWidth, th = el.tooltip.offsetHeight;
      if (tx + tw > wrap.width) tx = ev.clientX - wrap.left - tw - 12;
      if (ty + th > wrap.height) ty = Math.max(0, ev.clientY - wrap.top - th - 12);
      el.tooltip.style.left = tx + 'px';
      el.tooltip.style.top = ty + 'px';
    }
  }

  function onLeave() {
    st.hover = -1;
    el.tooltip.hidden = true;
    updateDetails();
    requestDraw();
  }

  function onClick(ev) {
    if (!st.view) return;
    var rect = el.board.getBoundingClientRect();
    var k = st.view.cellAt(ev.clientX - rect.left, ev.clientY - rect.top);
    var u = st.view.unitOn(st.n, k);
    st.selected = u >= 0 && u !== st.selected ? u : -1;
    updateDetails();
    requestDraw();
  }

  // -------------------------------------------------------------------------------------
  // Events.

  el.file.addEventListener('change', function () {
    var f = el.file.files && el.file.files[0];
    if (f) openFile(f);
    el.file.value = '';
  });

  var dragDepth = 0;
  document.addEventListener('dragenter', function (ev) {
    ev.preventDefault();
    dragDepth++;
    document.body.classList.add('dragging');
  });
  document.addEventListener('dragleave', function () {
    dragDepth = Math.max(0, dragDepth - 1);
    if (!dragDepth) document.body.classList.remove('dragging');
  });
  document.addEventListener('dragover', function (ev) {
    ev.preventDefault();
    if (ev.dataTransfer) ev.dataTransfer.dropEffect = 'copy';
  });
  document.addEventListener('drop', function (ev) {
    ev.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('dragging');
    var f = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
    if (f) openFile(f);
  });

  function button(id, fn) {
    $(id).addEventListener('click', function (ev) {
      fn();
      ev.currentTarget.blur();
    });
  }
  button('btn-start', function () {
    pause();
    setRound(0, true);
  });
  button('btn-back', function () {
    step(-1);
  });
  button('btn-play', toggle);
  button('btn-forward', function () {
    step(1);
  });
  button('btn-end', function () {
    pause();
    setRound(st.model ? st.model.lastFrame : 0, true);
  });
  el.slider.addEventListener('input', function () {
    pause();
    setRound(parseInt(el.slider.value, 10), true);
  });
  el.speed.addEventListener('change', function () {
    el.speed.blur();
  });
  el.moves.addEventListener('change', function () {
    el.moves.blur();
    requestDraw();
  });
  el.board.addEventListener('mousemove', onMove);
  el.board.addEventListener('mouseleave', onLeave);
  el.board.addEventListener('click', onClick);
  var chartDown = false;
  el.chart.addEventListener('mousedown', function (ev) {
    chartDown = true;
    chartSeek(ev);
  });
  window.addEventListener('mousemove', function (ev) {
    if (chartDown) chartSeek(ev);
  });
  window.addEventListener('mouseup', function () {
    chartDown = false;
  });

  var KEYS = {
    ' ': toggle,
    ArrowRight: function (ev) {
      step(ev.shiftKey ? 10 : 1);
    },
    ArrowLeft: function (ev) {
      step(ev.shiftKey ? -10 : -1);
    },
    Home: function () {
      pause();
      setRound(0, true);
    },
    End: function () {
      pause();
      setRound(st.model.lastFrame, true);
    },
    m: function () {
      el.moves.checked = !el.moves.checked;
      requestDraw();
    },
    '+': function () {
      changeSpeed(1);
    },
    '=': function () {
      changeSpeed(1);
    },
    '-': function () {
      changeSpeed(-1);
    },
  };
  KEYS.M = KEYS.m;

  window.addEventListener('keydown', function (ev) {
    if (!st.model || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'range' && t.type !== 'checkbox'))) return;
    var fn = KEYS[ev.key];
    if (!fn) return;
    ev.preventDefault();
    fn(ev);
  });
  // A focused button would also "click" on the space bar's keyup.
  window.addEventListener('keyup', function (ev) {
    if (ev.key === ' ' && st.model) ev.preventDefault();
  });

  window.addEventListener('hashchange', function () {
    var r = hashRound();
    if (st.model && r !== null && r !== st.n) {
      pause();
      setRound(r, true);
    }
  });

  if (window.ResizeObserver) {
    new ResizeObserver(function () {
      layout();
    }).observe(el.boardWrap);
  }
  window.addEventListener('resize', layout);

  // -------------------------------------------------------------------------------------
  // Start, and a small API for tests and the console.

  window.arenaViewer = {
    metrics: metrics,
    get model() {
      return st.model;
    },
    round: function () {
      return st.n;
    },
    setRound: function (r) {
      pause();
      setRound(r, true);
    },
    play: play,
    pause: pause,
    isPlaying: function () {
      return st.playing;
    },
    setSpeed: function (v) {
      el.speed.value = String(v);
    },
    frameJson: function (n) {
      return st.model.frameJson(n === undefined ? st.n : n);
    },
    openBytes: function (bytes, name) {
      openBytes(bytes, name || 'bytes', performance.now());
    },
    colors: PLAYER_COLORS,
  };

  var params = new URLSearchParams(location.search);
  if (params.get('replay')) openUrl(params.get('replay'));
  // The bots' stderr (their owner's, or from a local run that kept it): the panel beside the board.
  if (params.get('stderr') && window.ArenaStderr) {
    window.ArenaStderr.load(params.get('stderr'), parseInt(params.get('seat'), 10));
  }
})();
