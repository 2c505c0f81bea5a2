'use strict';
/*
 * Holds euchre_kit.js's helpers against the engine: reads game records
 * (referee --log FILE) and checks what the kit computes against what the
 * referee said, as kits/python/tests/oracle.py does:
 *  - each seat played by a program ("T S< line"): its lines feed a State;
 *    at each play request the kit's legal cards must be the legal list
 *    (flip's "X switch Y" counted as X) and the trick tracked from the
 *    events the table line; at each trick event trickWinner and wouldWin
 *    of the last card must name the referee's winner;
 *  - the record's own lines ("| line", every seat's plays) feed one more
 *    State, held to the same trick check.
 * Usage: node oracle.js LOG...; exit 1 on any disagreement.
 */
const fs = require('fs');
const kit = require('../example/euchre_kit.js');

const FULL = new Set(['hand', 'trump', 'calling', 'flip', 'switch', 'play', 'trick', 'contract']);
const count = { legal: 0, tables: 0, tricks: 0, fails: 0 };

function fail(where, msg) {
  count.fails++;
  if (count.fails <= 20) console.log(`FAIL ${where}: ${msg}`);
}

function feed(st, line, where) {
  const before = st.tricks.length;
  const done = st.feed(line);
  if (st.tricks.length > before) {
    const t = st.tricks[st.tricks.length - 1];
    const i = kit.trickWinner(t.cards, t.trump);
    if (t.seats[i] !== t.winner) {
      fail(where, `trick ${t.cards} under ${t.trump}: kit says seat ${t.seats[i]}, referee ${t.winner}`);
    }
    const last = kit.wouldWin(t.cards.slice(0, -1), t.cards[t.cards.length - 1], t.trump);
    if (last !== (t.seats[t.seats.length - 1] === t.winner)) fail(where, `wouldWin of ${t.cards} is ${last}`);
    count.tricks++;
  }
  if (done && st.request === 'play') {
    const want = [...new Set(st.legal.map((m) => m.split(' ')[0]))].sort().join(',');
    const got = [...st.legalCards()].sort().join(',');
    if (want !== got) fail(where, `held ${st.held} trick ${st.trick} trump ${st.trump}: kit ${got}, referee ${want}`);
    if (JSON.stringify(st.table) !== JSON.stringify(st.trick)) {
      fail(where, `tracked trick ${st.trick}, table line ${st.table}`);
    }
    count.legal++;
    count.tables++;
  }
  if (done) st.request = null;
}

function checkLog(path) {
  let seats = new Map();
  let full = null;
  fs.readFileSync(path, 'latin1').split('\n').forEach((line, n) => {
    const where = `${path}:${n + 1}`;
    if (line.startsWith('game ')) {
      seats = new Map();
      full = new kit.State();
      return;
    }
    if (line.startsWith('| ')) {
      if (full && FULL.has(line.slice(2).split(' ')[0])) feed(full, line.slice(2), where);
      return;
    }
    const m = /^\S+ (\d+)< (.*)$/.exec(line);
    if (m) {
      const seat = Number(m[1]);
      if (!seats.has(seat)) seats.set(seat, new kit.State());
      feed(seats.get(seat), m[2], where);
    }
  });
}

const logs = process.argv.slice(2);
if (!logs.length) {
  console.error('usage: node oracle.js LOG...');
  process.exit(2);
}
logs.forEach(checkLog);
console.log(`js oracle: ${count.legal} legal lists, ${count.tables} tables, ${count.tricks} tricks checked, ${count.fails} disagreements`);
if (count.legal < 1000 || count.tricks < 1000) {
  console.log('FAIL: too few positions in the records');
  process.exitCode = 1;
} else {
  process.exitCode = count.fails ? 1 : 0;
}
