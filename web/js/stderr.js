// The stderr panel: a bot's standard error for the round on screen, with search over the whole
// match. Its data is not in the replay (a replay is public, a bot's stderr is its owner's): it
// comes from ?stderr=URL, the server's /api/matches/{id}/stderr for the owner or an admin, or the
// side file `arena run --keep-stderr` writes and `arena view` serves. The JSON is
// {seats: [{seat, name, written, cut_bytes, rounds: [{round, text}]}]}, round null before round 0.
(function () {
  'use strict';

  function $(id) {
    return document.getElementById(id);
  }

  var st = { data: null, seat: null, round: 0, query: '' };
  var SHOWN_HITS = 30;

  /** The seat's text for viewer round n: round n's lines (round 0 also gets what came before it). */
  function roundText(seat, n) {
    var out = '';
    seat.rounds.forEach(function (r) {
      if (r.round === n || (n === 0 && r.round === null)) out += r.text;
    });
    return out;
  }

  function currentSeat() {
    if (!st.data) return null;
    for (var i = 0; i < st.data.seats.length; i++) {
      if (st.data.seats[i].seat === st.seat) return st.data.seats[i];
    }
    return st.data.seats[0] || null;
  }

  /** The rounds whose text holds the query (case-insensitive). */
  function hits(seat, q) {
    var found = [];
    q = q.toLowerCase();
    seat.rounds.forEach(function (r) {
      var n = r.round === null ? 0 : r.round;
      if (r.text.toLowerCase().indexOf(q) >= 0 && found.indexOf(n) < 0) found.push(n);
    });
    return found;
  }

  function render() {
    var seat = currentSeat();
    if (!seat) return;
    var text = roundText(seat, st.round);
    var pre = $('stderr-text');
    var q = st.query.trim();
    if (q) {
      var lines = text.split('\n').filter(function (l) {
        return l.toLowerCase().indexOf(q.toLowerCase()) >= 0;
      });
      text = lines.join('\n');
    }
    pre.textContent = text || (q ? '(no line of this round matches)' : '(nothing written this round)');
    pre.classList.toggle('empty-round', !text);
    pre.setAttribute('data-round', String(st.round));
    var note = $('stderr-note');
    note.textContent = seat.cut_bytes > 0
      ? 'Over the server\'s limit: ' + seat.cut_bytes + ' bytes were cut between the start and the end of the match.'
      : '';
    var box = $('stderr-hits');
    box.textContent = '';
    if (!q) return;
    var found = hits(seat, q);
    box.appendChild(document.createTextNode(found.length ? 'In rounds: ' : 'No round matches.'));
    found.slice(0, SHOWN_HITS).forEach(function (n) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'stderr-hit' + (n === st.round ? ' current' : '');
      b.textContent = String(n);
      b.addEventListener('click', function () {
        if (window.arenaViewer) window.arenaViewer.setRound(n);
      });
      box.appendChild(b);
    });
    if (found.length > SHOWN_HITS) box.appendChild(document.createTextNode(' … (' + found.length + ' rounds)'));
  }

  function fillSeats(preferred) {
    var sel = $('stderr-seat');
    sel.textContent = '';
    st.data.seats.forEach(function (s) {
      var o = document.createElement('option');
      o.value = String(s.seat);
      o.textContent = s.name + ' (player ' + s.seat + ')';
      sel.appendChild(o);
    });
    var seats = st.data.seats.map(function (s) {
      return s.seat;
    });
    st.seat = seats.indexOf(preferred) >= 0 ? preferred : seats[0];
    sel.value = String(st.seat);
  }

  function load(url, preferredSeat) {
    return fetch(url, { credentials: 'same-origin' }).then(function (res) {
      if (!res.ok) return null;
      return res.json();
    }).then(function (data) {
      if (!data || !data.seats || !data.seats.length) return;
      st.data = data;
      fillSeats(preferredSeat);
      $('stderr-panel').hidden = false;
      render();
    }).catch(function () {
      // No panel: the replay shows as usual.
    });
  }

  $('stderr-seat').addEventListener('change', function (ev) {
    st.seat = parseInt(ev.target.value, 10);
    render();
  });
  $('stderr-search').addEventListener('input', function (ev) {
    st.query = ev.target.value;
    render();
  });

  window.ArenaStderr = {
    load: load,
    /** Follows the viewer's round. */
    show: function (n) {
      if (st.round === n) return;
      st.round = n;
      if (st.data) render();
    },
    loaded: function () {
      return !!st.data;
    },
  };
})();
