'use strict';
/*
 * A simple sensible euchre-arena bot built on euchre_kit (start yours here).
 * It bids what its trumps and aces promise, names its best trump, gives and
 * discards its weakest cards (its best to an alone bidder), wins a trick as
 * cheaply as it can unless a partner already holds it, and otherwise throws
 * its weakest card. Debug output goes to standard error, never stdout.
 */
const kit = require('./euchre_kit.js');

/** Tricks the cards may take with this trump: trumps, aces (nines in low). */
function strength(cards, trump) {
  const top = trump === 'low' ? '9' : 'A';
  return cards.filter((c) => kit.isTrump(c, trump) || kit.cardRank(c) === top).length;
}

const bestOf = (items, score) => items.reduce((b, x) => (score(x) > score(b) ? x : b));
const weakest = (cards, st) => bestOf(cards, (c) => -kit.power(c, st.trump));

function chooseBid(st) {
  const legal = st.legal;
  if (st.variant === 'fivehand') { // order / order H / H / pass
    if (legal.includes('order')) return strength(st.held, kit.cardSuit(st.upcard)) >= 3 ? 'order' : 'pass';
    const named = legal.filter((m) => kit.SUITS.includes(m.slice(-1)));
    if (!named.length) return legal[0];
    const m = bestOf(named, (x) => strength(st.held, x.slice(-1)));
    return strength(st.held, m.slice(-1)) >= 3 || !legal.includes('pass') ? m : 'pass';
  }
  const t = bestOf([...kit.SUITS, 'high', 'low'], (x) => strength(st.held, x));
  const est = strength(st.held, t) + (st.variant === 'flip' ? 1 : 0);
  const numeric = legal.filter((m) => /^\d/.test(m) && (m.split(' ').length === 1 || m.split(' ')[1] === t));
  const fits = numeric.filter((m) => parseInt(m, 10) <= est);
  if (st.variant === 'flip') return fits.length ? fits[fits.length - 1] : numeric[0];
  if (fits.length) return st.variant === 'hammerwalt' ? fits[0] : fits[fits.length - 1];
  return legal.includes('pass') ? 'pass' : numeric[0];
}

function decide(st) {
  switch (st.request) {
    case 'bid': return chooseBid(st);
    case 'trump': return bestOf(st.legal, (t) => strength(st.held, t));
    case 'declare': return 'partner';
    case 'give':
      if (st.contract && st.contract[0] !== st.seat) return bestOf(st.legal, (c) => kit.power(c, st.trump));
      return weakest(st.legal, st);
    case 'discard': return weakest(st.legal, st);
    default: break;
  }
  const cards = st.legal.filter((m) => !m.includes(' ')); // no flip switches
  if (!st.trick.length) return bestOf(cards, (c) => kit.power(c, st.trump));
  if (st.partners().includes(st.winningSeat())) return weakest(cards, st);
  const winners = cards.filter((c) => st.wouldWin(c));
  return kit.withComment(weakest(winners.length ? winners : cards, st), winners.length ? 'cheapest winner' : 'cannot win');
}

if (require.main === module) kit.run(decide, 'js-kit-example');
module.exports = { decide };
