'use strict';
/*
 * euchre_kit.js - a starter kit for euchre-arena bots in JavaScript (Node,
 * no packages).
 *
 * It reads the referee's lines (protocol.md) into a State, keeps the hand's
 * public history, and offers the helpers a strategy needs: the effective
 * suit of a card (bowers, the five-hand joker, flip's Benny and Charlie),
 * its power under every trump mode, the led suit, the winner of a trick and
 * whether a card would win it, and the cards that may legally be played.
 *
 * Cards are the protocol's tokens in canonical form: "9H", "10H", "JD",
 * "JOKER", "BENNY", "CHARLIE". Trump modes: "C" "D" "H" "S", "high",
 * "low", and "none" (flip, a joker as the calling card: ranked as high);
 * null before trump is known.
 *
 * Write a bot as a function decide(state) returning one of state.legal and
 * call run(decide, 'my-bot-name'); example/bot.js shows one.
 */
const readline = require('readline');

const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['8', '9', '10', 'J', 'Q', 'K', 'A'];
const FLIP_JOKERS = ['BENNY', 'CHARLIE'];
const JOKERS = ['JOKER', 'BENNY', 'CHARLIE'];
const TRUMP_POWER = 64; // added to a trump's power: any trump beats any plain card

const isSuit = (t) => SUITS.includes(t);
const isFlipJoker = (c) => c === 'BENNY' || c === 'CHARLIE';

/** The canonical form of a card token ("th" -> "10H"); throws if none. */
function parseCard(tok) {
  const t = String(tok).trim().toUpperCase();
  if (JOKERS.includes(t)) return t;
  if (t.length >= 2) {
    let rank = t.slice(0, -1);
    const suit = t.slice(-1);
    if (rank === 'T') rank = '10';
    if (RANKS.includes(rank) && isSuit(suit)) return rank + suit;
  }
  throw new Error(`not a card: ${tok}`);
}

/** The printed suit, null for a joker. */
const cardSuit = (c) => (JOKERS.includes(c) ? null : c.slice(-1));
/** The rank ('8' ... 'A'), null for a joker. */
const cardRank = (c) => (JOKERS.includes(c) ? null : c.slice(0, -1));
/** The other suit of the same colour: C<->S, D<->H. */
const sameColour = (s) => ({ C: 'S', S: 'C', D: 'H', H: 'D' })[s];
/** Flip: the trump a calling card sets (its suit; "none" for a joker). */
const trumpOfCalling = (c) => cardSuit(c) || 'none';

/** The suit a card belongs to under trump: the left bower and the five-hand
 * joker belong to the trump suit; flip's jokers to none (null). */
function effectiveSuit(card, trump) {
  if (card === 'JOKER') return isSuit(trump) ? trump : null;
  if (isFlipJoker(card)) return null;
  const suit = card.slice(-1);
  if (isSuit(trump) && card.slice(0, -1) === 'J' && suit === sameColour(trump)) return trump;
  return suit;
}

/** True if the card is a trump (never under high, low or none). */
const isTrump = (card, trump) => isSuit(trump) && effectiveSuit(card, trump) === trump;

/** Strength of a card inside its effective suit, 1 = weakest; a trump gets
 * TRUMP_POWER added. Trump: joker, right, left, A K Q 10 9 8; plain:
 * A K Q J 10 9 8; low: 9 10 J Q K A (nine best). Flip's jokers: 0. */
function power(card, trump) {
  if (JOKERS.includes(card)) return card === 'JOKER' && isSuit(trump) ? TRUMP_POWER + 9 : 0;
  const rank = RANKS.indexOf(card.slice(0, -1));
  const suit = card.slice(-1);
  if (isSuit(trump)) {
    if (rank === 3 && suit === trump) return TRUMP_POWER + 8; // right bower
    if (rank === 3 && suit === sameColour(trump)) return TRUMP_POWER + 7; // left bower
    if (suit === trump) return TRUMP_POWER + [1, 2, 3, 0, 4, 5, 6][rank];
  }
  return trump === 'low' ? 7 - rank : rank + 1;
}

/** The suit to follow in a trick of these cards (play order), or null:
 * nobody has led, a Benny was led, only Charlies so far (after a led
 * Charlie the first non-joker card sets it). In flip the led card's suit
 * is taken under the trump in force now. */
function ledSuit(cards, trump) {
  if (!cards.length || cards[0] === 'BENNY') return null;
  const c = cards.find((x) => !isFlipJoker(x));
  return c === undefined ? null : effectiveSuit(c, trump);
}

/** What a card is worth in a trick led in suit led: its power when it is a
 * trump or follows, else 0 (flip's jokers: 0). */
function trickKey(card, led, trump) {
  if (isFlipJoker(card)) return 0;
  return isTrump(card, trump) || effectiveSuit(card, trump) === led ? power(card, trump) : 0;
}

/** Index of the card winning the trick so far: the first Benny; else the
 * best trump, else the best card of the led suit, the first of two
 * identical cards; only Charlies: the first. null for an empty trick. */
function trickWinner(cards, trump) {
  if (!cards.length) return null;
  const benny = cards.indexOf('BENNY');
  if (benny >= 0) return benny;
  const led = ledSuit(cards, trump);
  if (led === null) return 0;
  let best = 0;
  let bestKey = -1;
  cards.forEach((c, i) => {
    const k = trickKey(c, led, trump);
    if (k > bestKey) { best = i; bestKey = k; }
  });
  return best;
}

/** True if card, played now to the trick cards, would be winning it. */
const wouldWin = (cards, card, trump) => trickWinner([...cards, card], trump) === cards.length;

/** The distinct cards of hand that may be played to the trick: those of the
 * led suit if any (plus flip's jokers, always playable), else any card. */
function legalPlays(hand, cards, trump) {
  const led = ledSuit(cards, trump);
  const distinct = [...new Set(hand)];
  if (led === null) return distinct;
  const follows = (c) => !isFlipJoker(c) && effectiveSuit(c, trump) === led;
  if (!distinct.some(follows)) return distinct;
  return distinct.filter((c) => follows(c) || isFlipJoker(c));
}

/** Parses "1 JD,2 KD" (or "-") into [[seat, text], ...]. */
function seatList(rest) {
  if (rest === '-' || rest === '') return [];
  return rest.split(',').map((item) => {
    const sp = item.indexOf(' ');
    return [Number(item.slice(0, sp)), item.slice(sp + 1)];
  });
}

/** Everything a seat may know, updated line by line with feed(). */
class State {
  constructor() {
    // the game (handshake)
    this.variant = null;
    this.options = {};
    this.players = 0;
    this.seat = -1;
    this.teams = null; // arrays of seats; null where all play alone
    this.deadhand = null; // flip with an odd player count: its seat
    this.seed = '0'; // a string: up to 2^63-1 does not fit a double
    this.limits = {}; // startup, move, bank (ms), clock
    this.budget = 0;
    this.score = []; // per team (partnership games) or per player
    this.ranks = null; // after gameover
    this.newHand(0, -1);
    // the decision being asked
    this.request = null; // ready, bid, trump, declare, give, discard, play
    this.legal = [];
    this.timeMove = null;
    this.timeBank = null;
    this.table = []; // the request's table line: [[seat, card], ...]
  }

  newHand(number, dealer) {
    this.handNo = number;
    this.dealer = dealer;
    this.dealt = [];
    this.held = [];
    this.upcard = null;
    this.calling = null;
    this.auction = []; // [[seat, bid text]], flip's bids too
    this.contract = null; // [bidder, bid text]
    this.trump = null;
    this.declared = null; // five-hand: [bidder, partner seat or null if alone]
    this.sittingOut = new Set();
    this.to = null; // give requests: the receiver
    this.trick = []; // [[seat, card]] this trick, from the play events
    this.tricks = []; // finished: {seats, cards, trump, winner}
    this.won = new Array(this.players + (this.deadhand !== null ? 1 : 0)).fill(0);
    this.played = []; // [[seat, card]] every card played this hand
    this.voids = {}; // seat -> Set of suits it showed it lacks
    this.gave = []; // [[to, card]]
    this.received = []; // [[from, card]]
    this.discarded = [];
    this.pickup = null; // five-hand: [dealer, card]
    this.callingHistory = []; // flip: [kind, seat, new card, old card]
  }

  trickCards() { return this.trick.map(([, c]) => c); }
  ledSuit() { return ledSuit(this.trickCards(), this.trump); }
  /** The cards the rules let this seat play now (from held and trick). */
  legalCards() { return legalPlays(this.held, this.trickCards(), this.trump); }
  /** The seat winning the trick so far, or null. */
  winningSeat() {
    const i = trickWinner(this.trickCards(), this.trump);
    return i === null ? null : this.trick[i][0];
  }
  wouldWin(card) { return wouldWin(this.trickCards(), card, this.trump); }

  /** This seat's partners now: the team, the declared side in five-hand
   * (the other defenders for a defender), none in flip. */
  partners() {
    if (this.teams) {
      const team = this.teams.find((t) => t.includes(this.seat)) || [];
      return team.filter((s) => s !== this.seat);
    }
    if (this.variant === 'fivehand' && this.declared) {
      const offence = this.declared.filter((s) => s !== null);
      const mine = offence.includes(this.seat);
      const out = [];
      for (let s = 0; s < this.players; s++) {
        if (s !== this.seat && offence.includes(s) === mine) out.push(s);
      }
      return out;
    }
    return [];
  }

  /** Reads one line; returns true when it completes a request (its legal
   * line): this.request and this.legal say what to answer. */
  feed(line) {
    const text = line.replace(/\r?\n$/, '');
    const sp = text.indexOf(' ');
    const k = sp < 0 ? text : text.slice(0, sp);
    const rest = sp < 0 ? '' : text.slice(sp + 1);
    const a = rest === '' ? [] : rest.split(' ');
    const handler = FEED[k];
    if (k === 'legal') {
      this.legal = rest.split(',');
      return true;
    }
    if (handler) handler(this, a, rest);
    return false;
  }

  play(seat, card) {
    const led = this.ledSuit();
    if (led !== null && seat !== this.deadhand && !isFlipJoker(card) &&
        effectiveSuit(card, this.trump) !== led) {
      (this.voids[seat] = this.voids[seat] || new Set()).add(led);
    }
    this.trick.push([seat, card]);
    this.played.push([seat, card]);
    if (seat === this.seat) this.removeHeld(card);
  }

  removeHeld(card) {
    const i = this.held.indexOf(card);
    if (i >= 0) this.held.splice(i, 1);
  }

  setCalling(card) {
    this.calling = card;
    this.trump = trumpOfCalling(card);
  }
}

/* What each line does to the state: handler(state, words, rest of line). */
const FEED = {
  variant: (st, a) => { st.variant = a[0]; },
  option: (st, a) => { st.options[a[0]] = a.slice(1).join(' '); },
  players: (st, a) => { st.players = Number(a[0]); },
  seat: (st, a) => { st.seat = Number(a[0]); },
  teams: (st, a, rest) => {
    st.teams = rest === '-' ? null : rest.split(',').map((t) => t.split(' ').map(Number));
  },
  deadhand: (st, a) => { st.deadhand = Number(a[0]); },
  seed: (st, a) => { st.seed = a[0]; },
  time: (st, a) => {
    if (a[0] === 'startup') {
      for (let i = 0; i + 1 < a.length; i += 2) {
        st.limits[a[i]] = a[i] === 'clock' ? a[i + 1] : Number(a[i + 1]);
      }
    } else {
      st.timeMove = Number(a[0]);
      st.timeBank = a[1] === '-' ? null : Number(a[1]);
    }
  },
  budget: (st, a) => { st.budget = Number(a[0]); },
  hand: (st, a) => { st.newHand(Number(a[0]), Number(a[2])); },
  cards: (st, a) => { st.dealt = [...a]; st.held = [...a]; },
  held: (st, a, rest) => { st.held = rest === '-' ? [] : a; },
  turnup: (st, a) => { st.upcard = a[0]; },
  upcard: (st, a) => { st.upcard = a[0]; },
  calling: (st, a) => { st.setCalling(a[0]); },
  bid: (st, a) => { st.auction.push([Number(a[0]), a.slice(1).join(' ')]); },
  auction: (st, a, rest) => { st.auction = seatList(rest); },
  bids: (st, a, rest) => { st.auction = seatList(rest); },
  contract: (st, a) => {
    st.contract = a[0] === '-' ? null : [Number(a[0]), a.slice(1).join(' ')];
  },
  trump: (st, a) => { st.trump = a[0]; },
  declare: (st, a) => { st.declared = [Number(a[0]), a[1] === 'partner' ? Number(a[2]) : null]; },
  pickup: (st, a) => { st.pickup = [Number(a[0]), a[1]]; },
  give: (st, a) => {
    const from = Number(a[0]);
    const to = Number(a[1]);
    if (a.length > 2 && from === st.seat) st.gave.push([to, a[2]]);
    if (a.length > 2 && to === st.seat) st.received.push([from, a[2]]);
  },
  discard: (st, a) => { if (a.length > 1 && Number(a[0]) === st.seat) st.discarded.push(a[1]); },
  sitout: (st, a) => { st.sittingOut.add(Number(a[0])); },
  play: (st, a) => { st.play(Number(a[0]), a[1]); },
  switch: (st, a) => {
    const seat = Number(a[0]);
    st.callingHistory.push(['switch', seat, a[1], a[2]]);
    st.setCalling(a[1]);
    if (seat === st.seat && st.held.includes(a[1])) {
      st.removeHeld(a[1]);
      st.held.push(a[2]);
    }
  },
  flip: (st, a) => {
    st.callingHistory.push(['flip', Number(a[0]), a[1], st.calling]);
    st.setCalling(a[1]);
  },
  trick: (st, a) => {
    const w = Number(a[2]);
    st.tricks.push({ seats: st.trick.map(([s]) => s), cards: st.trickCards(), trump: st.trump, winner: w });
    if (w < st.won.length) st.won[w] += 1;
    st.trick = [];
  },
  handend: (st, a) => { st.score = a.slice(a.indexOf('score') + 1).map(Number); },
  gameover: (st, a) => {
    const i = a.indexOf('score');
    st.ranks = a.slice(1, i).map(Number);
    st.score = a.slice(i + 1).map(Number);
  },
  request: (st, a) => { st.request = a[0]; st.to = null; },
  to: (st, a) => { st.to = Number(a[0]); },
  table: (st, a, rest) => { st.table = seatList(rest); },
  won: (st, a) => { st.won = a.map(Number); },
};

/** Bytes of a comment the referee keeps. */
const COMMENT_MAX = 200;

/** The answer move with a comment: "JH # cheapest winner" (protocol.md,
 * "Comments"). The game's page shows it beside the move; no other bot ever
 * sees it. text is made one line and cut to COMMENT_MAX bytes; an empty
 * text gives the move alone. run() checks the move before the "#". */
function withComment(move, text) {
  let t = String(text).split(/\s+/).filter((w) => w).join(' ');
  const bytes = Buffer.from(t, 'utf8');
  if (bytes.length > COMMENT_MAX) t = bytes.subarray(0, COMMENT_MAX).toString('utf8').replace(/\uFFFD$/, '');
  return t ? `${move} # ${t}` : move;
}

/** The bot's loop: feeds every line of standard input to a State, answers
 * the handshake with "ready2 NAME" (it plays matches: after a "game" line
 * the next game's handshake follows, and a fresh State reads it) and every
 * other request with decide(state), which may add a comment
 * (withComment()). An answer whose move is not in state.legal is replaced
 * by the first legal move (and said on standard error). Returns a promise
 * of the state
 * at quit or the end of the input. */
function run(decide, name = 'euchre-kit-bot', input = process.stdin, write = (s) => process.stdout.write(s)) {
  let state = new State();
  const rl = readline.createInterface({ input, terminal: false });
  return new Promise((resolve) => {
    rl.on('line', (line) => {
      if (line === 'quit') { // stop reading: the input may stay open a while
        rl.close();
        input.destroy();
        return;
      }
      if (line === 'game') { // the next game of the match
        state = new State();
        return;
      }
      if (!state.feed(line)) return;
      let move;
      if (state.request === 'ready') {
        move = `ready2 ${name}`;
      } else {
        const answer = String(decide(state));
        const hash = answer.indexOf('#');
        let comment = hash < 0 ? '' : answer.slice(hash + 1);
        move = (hash < 0 ? answer : answer.slice(0, hash)).trimEnd();
        if (!state.legal.includes(move)) {
          process.stderr.write(`${name}: ${JSON.stringify(move)} is not legal, playing ${state.legal[0]}\n`);
          move = state.legal[0];
          comment = '';
        }
        move = withComment(move, comment);
      }
      state.request = null;
      write(`${move}\n`);
    });
    rl.on('close', () => resolve(state));
  });
}

module.exports = {
  SUITS, RANKS, JOKERS, FLIP_JOKERS, TRUMP_POWER,
  parseCard, cardSuit, cardRank, sameColour, trumpOfCalling, effectiveSuit, isTrump, power,
  ledSuit, trickKey, trickWinner, wouldWin, legalPlays, State, run, withComment, COMMENT_MAX,
};
