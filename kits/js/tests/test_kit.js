'use strict';
/* Unit tests of euchre_kit.js on hand-worked positions (docs/variants.md). */
const assert = require('assert');
const { PassThrough } = require('stream');
const kit = require('../example/euchre_kit.js');

const tests = [];
const test = (name, fn) => tests.push([name, fn]);
const sortBy = (cards, trump) => [...cards].sort((a, b) => kit.power(b, trump) - kit.power(a, trump));

test('parse', () => {
  assert.strictEqual(kit.parseCard('th'), '10H');
  assert.strictEqual(kit.parseCard('benny'), 'BENNY');
  assert.throws(() => kit.parseCard('1H'));
});

test('left bower under hearts', () => {
  assert.strictEqual(kit.effectiveSuit('JD', 'H'), 'H');
  assert.ok(kit.isTrump('JD', 'H'));
  assert.deepStrictEqual(sortBy(['AH', 'JD', '9H', 'JH', 'KH', '10H', 'QH'], 'H'),
    ['JH', 'JD', 'AH', 'KH', 'QH', '10H', '9H']);
  assert.strictEqual(kit.effectiveSuit('JC', 'H'), 'C');
  assert.strictEqual(kit.power('JC', 'H'), 4);
});

test('no-trump modes', () => {
  assert.strictEqual(kit.effectiveSuit('JD', 'high'), 'D');
  assert.ok(!kit.isTrump('JD', 'high'));
  assert.strictEqual(kit.trickWinner(['9S', 'AS'], 'low'), 0);
  assert.strictEqual(kit.trickWinner(['9S', 'AS'], 'high'), 1);
  assert.deepStrictEqual(sortBy(['AS', 'KS', 'QS', 'JS', '10S', '9S'], 'low'),
    ['9S', '10S', 'JS', 'QS', 'KS', 'AS']);
  assert.strictEqual(kit.trickWinner(['KH', '9S', 'AH'], 'none'), 2);
});

test('trick winner under a suit', () => {
  assert.strictEqual(kit.trickWinner(['AH', '9S', 'KH'], 'S'), 1);
  assert.strictEqual(kit.trickWinner(['AH', '9S', 'JC'], 'S'), 2);
  assert.strictEqual(kit.trickWinner(['10H', 'AD', 'QH'], 'S'), 2);
  assert.strictEqual(kit.trickWinner(['AH', 'AH'], 'C'), 0); // twins: the first wins
  assert.strictEqual(kit.wouldWin(['10H', '9S'], 'JS', 'S'), true);
  assert.strictEqual(kit.wouldWin(['10H', 'JS'], 'JC', 'S'), false);
});

test('follow: the left bower is a trump', () => {
  assert.deepStrictEqual(kit.legalPlays(['JH', 'AH', 'KS'], ['9D'], 'D'), ['JH']);
  assert.deepStrictEqual(kit.legalPlays(['JH', 'AH', 'KS'], ['QH'], 'D'), ['AH']);
  assert.deepStrictEqual(kit.legalPlays(['JH', 'KS'], ['QH'], 'D'), ['JH', 'KS']);
  assert.deepStrictEqual(kit.legalPlays(['9C', '9C', 'AD'], [], 'S'), ['9C', 'AD']);
});

test('five-hand joker', () => {
  assert.strictEqual(kit.effectiveSuit('JOKER', 'C'), 'C');
  assert.strictEqual(kit.trickWinner(['JC', 'JOKER', 'JS'], 'C'), 1);
  assert.deepStrictEqual(kit.legalPlays(['JOKER', 'AH'], ['8C'], 'C'), ['JOKER']);
  assert.strictEqual(kit.ledSuit(['JOKER', '8C'], 'D'), 'D');
});

test('flip jokers and trump changes', () => {
  assert.strictEqual(kit.trickWinner(['AS', 'BENNY', 'JS', 'BENNY'], 'S'), 1);
  assert.strictEqual(kit.trickWinner(['CHARLIE', '9H', '10H'], 'C'), 2);
  assert.strictEqual(kit.trickWinner(['CHARLIE', 'CHARLIE'], 'C'), 0);
  assert.strictEqual(kit.ledSuit(['BENNY', '9H'], 'C'), null);
  assert.strictEqual(kit.ledSuit(['CHARLIE', '9H', 'AS'], 'C'), 'H');
  assert.deepStrictEqual(kit.legalPlays(['AH', 'BENNY', 'CHARLIE', 'KS'], ['9H'], 'C'),
    ['AH', 'BENNY', 'CHARLIE']);
  // diamonds trump, JH led (a diamond); a Charlie flips to clubs: JH is a
  // heart again, later players follow hearts, the diamonds cannot win
  const trick = ['JH', '9D', 'KD', 'CHARLIE'];
  assert.strictEqual(kit.ledSuit(['JH'], 'D'), 'D');
  assert.strictEqual(kit.ledSuit(trick, 'C'), 'H');
  assert.deepStrictEqual(kit.legalPlays(['AD', 'QH'], trick, 'C'), ['QH']);
  assert.strictEqual(kit.trickWinner(trick, 'C'), 0);
  assert.strictEqual(kit.trickWinner([...trick, '9C'], 'C'), 4);
  assert.strictEqual(kit.trumpOfCalling('BENNY'), 'none');
});

const TRANSCRIPT = `euchre-arena 1
variant hammerwalt
option target 64
players 4
seat 0
teams 0 2,1 3
seed 291080821224767267
time startup 10000 move 1000 bank 0 clock wall
budget 54000
request ready
time 10000 -
legal ready
hand 1 dealer 0
cards JC KC KD 9H 10H JH QH AH 10S KS AS AS
bid 1 6
bid 2 pass
bid 3 pass
request bid
held JC KC KD 9H 10H JH QH AH 10S KS AS AS
auction 1 6,2 pass,3 pass
time 1000 -
legal pass,7,8,9,10,11,12,alone
bid 0 pass
contract 1 6
trump D
play 1 JD
play 2 10D
play 3 9D
request play
held JC KC KD 9H 10H JH QH AH 10S KS AS AS
contract 1 6
trump D
table 1 JD,2 10D,3 9D
won 0 0 0 0
time 1000 250
legal KD,JH
play 0 KD
trick 1 winner 1
play 1 AC
play 2 9C
play 3 9S
request play
held JC KC 9H 10H JH QH AH 10S KS AS AS
contract 1 6
trump D
table 1 AC,2 9C,3 9S
won 0 1 0 0
time 1000 -
legal JC,KC
quit
`;

test('state from a transcript', () => {
  const st = new kit.State();
  const lines = TRANSCRIPT.split('\n');
  const done = lines.slice(0, 36).map((l) => st.feed(l));
  assert.strictEqual(done.filter(Boolean).length, 3);
  assert.deepStrictEqual([st.variant, st.seat, st.players], ['hammerwalt', 0, 4]);
  assert.deepStrictEqual(st.teams, [[0, 2], [1, 3]]);
  assert.deepStrictEqual(st.partners(), [2]);
  assert.deepStrictEqual(st.limits, { startup: 10000, move: 1000, bank: 0, clock: 'wall' });
  assert.strictEqual(st.seed, '291080821224767267');
  assert.strictEqual(st.request, 'play');
  assert.deepStrictEqual(st.contract, [1, '6']);
  assert.strictEqual(st.trump, 'D');
  assert.deepStrictEqual(st.auction, [[1, '6'], [2, 'pass'], [3, 'pass'], [0, 'pass']]);
  assert.deepStrictEqual(st.trick, [[1, 'JD'], [2, '10D'], [3, '9D']]);
  assert.deepStrictEqual(st.table, st.trick);
  assert.deepStrictEqual([st.timeMove, st.timeBank], [1000, 250]);
  assert.strictEqual(st.ledSuit(), 'D');
  assert.deepStrictEqual(st.legalCards(), ['KD', 'JH']);
  assert.strictEqual(st.winningSeat(), 1);
  assert.strictEqual(st.wouldWin('JH'), false); // the right bower holds
  lines.slice(36).forEach((l) => st.feed(l));
  assert.deepStrictEqual(st.tricks[0].cards, ['JD', '10D', '9D', 'KD']);
  assert.strictEqual(st.tricks[0].winner, 1);
  assert.deepStrictEqual(st.won, [0, 1, 0, 0]);
  assert.deepStrictEqual(Object.keys(st.voids), ['3']); // seat 3 threw 9S on clubs
  assert.deepStrictEqual([...st.voids[3]], ['C']);
  assert.ok(!st.held.includes('KD'));
});

test('five-hand partners, flip calling card', () => {
  let st = new kit.State();
  ['variant fivehand', 'players 5', 'seat 4', 'teams -', 'hand 1 dealer 0', 'declare 1 partner 3']
    .forEach((l) => st.feed(l));
  assert.deepStrictEqual(st.partners(), [0, 2]); // a defender: the other defenders
  st.feed('declare 3 partner 4');
  assert.deepStrictEqual(st.partners(), [3]);
  st = new kit.State();
  ['variant flip', 'players 3', 'seat 0', 'teams -', 'deadhand 3', 'hand 1 dealer 0',
    'calling JH', 'play 1 KH', 'play 2 CHARLIE', 'flip 2 QD', 'play 3 9S'].forEach((l) => st.feed(l));
  assert.deepStrictEqual([st.calling, st.trump], ['QD', 'D']);
  assert.deepStrictEqual(st.voids, {}); // the dead hand shows no void
  assert.deepStrictEqual(st.callingHistory, [['flip', 2, 'QD', 'JH']]);
  st.held = ['AS', '9H'];
  st.feed('switch 0 9H QD');
  assert.deepStrictEqual(st.held, ['AS', 'QD']);
  assert.strictEqual(st.trump, 'H');
});

async function runTest() {
  // ready; an illegal answer (the bid, the first JC) becomes the first legal
  // move; quit ends the loop while the input is still open
  const input = new PassThrough();
  const out = [];
  const seen = [];
  const done = kit.run((st) => { seen.push(st.request); return st.request === 'play' ? 'JC' : 'nonsense'; },
    't', input, (s) => out.push(s));
  input.write(TRANSCRIPT); // left open: the quit line must end the loop
  const st1 = await done;
  assert.strictEqual(out.join(''), 'ready2 t\npass\nKD\nJC\n');
  assert.deepStrictEqual(seen, ['bid', 'play', 'play']);
  // a match: a "game" line instead of quit, then the next game's handshake
  const input2 = new PassThrough();
  const out2 = [];
  const done2 = kit.run((st) => (st.request === 'play' ? 'JC' : 'nonsense'), 't', input2,
    (s) => out2.push(s));
  input2.write(TRANSCRIPT.replace('quit\n', () => `game\n${TRANSCRIPT}`));
  const st2 = await done2;
  assert.strictEqual(out2.join(''), 'ready2 t\npass\nKD\nJC\n'.repeat(2));
  assert.deepStrictEqual(st2.played, st1.played); // the second game's plays only
}

async function commentTest() {
  assert.strictEqual(kit.withComment('JH', 'drawing\ntrump  now'), 'JH # drawing trump now');
  assert.strictEqual(kit.withComment('pass', ''), 'pass');
  assert.strictEqual(kit.withComment('7 H', 'x'.repeat(500)).length, '7 H # '.length + 200);
  // the move before the "#" is checked; a replaced move loses its comment
  const input = new PassThrough();
  const out = [];
  const done = kit.run((st) => kit.withComment(st.request === 'play' ? 'JC' : 'nonsense', 'why'),
    't', input, (s) => out.push(s));
  input.write(TRANSCRIPT);
  await done;
  assert.strictEqual(out.join(''), 'ready2 t\npass\nKD\nJC # why\n');
}

// the example exits at quit, its input still open (the referee kills what is left after 0.5 s)
function quitTest() {
  const { spawn } = require('child_process');
  const path = require('path');
  return new Promise((resolve, reject) => {
    const bot = spawn(process.execPath, [path.join(__dirname, '..', 'example', 'bot.js')], { stdio: ['pipe', 'ignore', 'inherit'] });
    const timer = setTimeout(() => { bot.kill(); reject(new Error('the example still runs 5 s after quit')); }, 5000);
    bot.on('exit', () => { clearTimeout(timer); resolve(); });
    bot.stdin.write('quit\n');
  });
}

(async () => {
  let failed = 0;
  for (const [name, fn] of tests) {
    try { fn(); } catch (e) { failed++; console.log(`FAIL ${name}: ${e.message}`); }
  }
  try { await runTest(); } catch (e) { failed++; console.log(`FAIL run: ${e.message}`); }
  try { await commentTest(); } catch (e) { failed++; console.log(`FAIL comment: ${e.message}`); }
  try { await quitTest(); } catch (e) { failed++; console.log(`FAIL quit: ${e.message}`); }
  console.log(`js unit: ${tests.length + 3} tests, ${failed} failures`);
  process.exitCode = failed ? 1 : 0;
})();
