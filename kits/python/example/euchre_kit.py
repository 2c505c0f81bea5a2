"""euchre_kit: a starter kit for euchre-arena bots in Python (standard library only).

It reads the referee's lines (protocol.md) into a State, keeps the hand's
public history, and offers the helpers a strategy needs: the effective suit
of a card (bowers, the five-hand joker, flip's Benny and Charlie), its power
under every trump mode, the led suit, the winner of a trick and whether a
card would win it, and the cards that may legally be played.

Cards are the protocol's tokens in canonical form: "9H", "10H", "JD",
"JOKER", "BENNY", "CHARLIE". Trump modes: "C" "D" "H" "S", "high", "low",
and "none" (flip, a joker as the calling card: ranked as "high").

Write a bot as a function decide(state) returning one of state.legal and
call run(decide, "my-bot-name"); example/bot.py shows one.
"""
import sys

SUITS = "CDHS"
RANKS = ("8", "9", "10", "J", "Q", "K", "A")
FLIP_JOKERS = ("BENNY", "CHARLIE")
JOKERS = ("JOKER",) + FLIP_JOKERS
TRUMP_POWER = 64  # added to a trump's power: any trump beats any plain card


def parse_card(tok):
    """The canonical form of a card token ("th" -> "10H"); ValueError if none."""
    t = tok.strip().upper()
    if t in JOKERS:
        return t
    if len(t) >= 2:
        rank, suit = t[:-1], t[-1]
        rank = "10" if rank == "T" else rank
        if rank in RANKS and suit in SUITS:
            return rank + suit
    raise ValueError("not a card: %r" % tok)


def card_suit(card):
    """The printed suit ('C', 'D', 'H', 'S'), None for a joker."""
    return None if card in JOKERS else card[-1]


def card_rank(card):
    """The rank ('8' ... 'A'), None for a joker."""
    return None if card in JOKERS else card[:-1]


def same_colour(suit):
    """The other suit of the same colour: C<->S, D<->H."""
    return {"C": "S", "S": "C", "D": "H", "H": "D"}[suit]


def trump_of_calling(card):
    """Flip: the trump a calling card sets (its suit; "none" for a joker)."""
    return card_suit(card) or "none"


def effective_suit(card, trump):
    """The suit a card belongs to under trump: the left bower and the
    five-hand joker belong to the trump suit; flip's jokers to none (None)."""
    if card == "JOKER":
        return trump if trump in SUITS else None
    if card in FLIP_JOKERS:
        return None
    suit = card[-1]
    if trump in SUITS and card[:-1] == "J" and suit == same_colour(trump):
        return trump
    return suit


def is_trump(card, trump):
    """True if the card is a trump (never under high, low or none)."""
    return trump in SUITS and effective_suit(card, trump) == trump


def power(card, trump):
    """Strength of a card inside its effective suit, 1 = weakest; a trump
    gets TRUMP_POWER added. Trump order: joker, right, left, A K Q 10 9 8;
    plain: A K Q J 10 9 8; low: 9 10 J Q K A (nine best). Flip's jokers: 0."""
    if card in JOKERS:
        return TRUMP_POWER + 9 if card == "JOKER" and trump in SUITS else 0
    rank, suit = RANKS.index(card[:-1]), card[-1]
    if trump in SUITS:
        if rank == 3 and suit == trump:
            return TRUMP_POWER + 8  # right bower
        if rank == 3 and suit == same_colour(trump):
            return TRUMP_POWER + 7  # left bower
        if suit == trump:
            return TRUMP_POWER + (1, 2, 3, 0, 4, 5, 6)[rank]
    if trump == "low":
        return 7 - rank  # ace 1 ... nine 6
    return rank + 1


def led_suit(cards, trump):
    """The suit to follow in a trick of these cards (in play order), or
    None: nobody has led, a Benny was led, or only Charlies so far. After
    a led Charlie the first non-joker card sets the suit. In flip the led
    card's suit is taken under the trump in force now."""
    if not cards or cards[0] == "BENNY":
        return None
    for c in cards:
        if c not in FLIP_JOKERS:
            return effective_suit(c, trump)
    return None


def trick_key(card, led, trump):
    """What a card is worth in a trick led in suit led: its power when it
    is a trump or follows, else 0 (flip's jokers: 0)."""
    if card in FLIP_JOKERS:
        return 0
    if is_trump(card, trump) or effective_suit(card, trump) == led:
        return power(card, trump)
    return 0


def trick_winner(cards, trump):
    """Index of the card winning the trick so far (cards in play order):
    the first Benny; else the best trump, else the best card of the led
    suit, the first of two identical cards; only Charlies: the first."""
    if not cards:
        return None
    if "BENNY" in cards:
        return cards.index("BENNY")
    led = led_suit(cards, trump)
    if led is None:
        return 0
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        k = trick_key(c, led, trump)
        if k > best_key:
            best, best_key = i, k
    return best


def would_win(cards, card, trump):
    """True if card, played now to the trick cards, would be winning it."""
    return trick_winner(list(cards) + [card], trump) == len(cards)


def legal_plays(hand, cards, trump):
    """The distinct cards of hand that may be played to the trick cards:
    those of the led suit if any (plus flip's jokers, always playable),
    else any card."""
    led = led_suit(cards, trump)
    distinct = list(dict.fromkeys(hand))
    if led is None:
        return distinct
    follow = [c for c in distinct if c not in FLIP_JOKERS and effective_suit(c, trump) == led]
    if not follow:
        return distinct
    return [c for c in distinct if c in follow or c in FLIP_JOKERS]


class Trick:
    """A finished trick: seats and cards in play order, the trump at its
    end, the winner's seat (from the referee)."""

    def __init__(self, seats, cards, trump, winner):
        self.seats, self.cards, self.trump, self.winner = seats, cards, trump, winner

    def __repr__(self):
        return "Trick(%r, %r, %r, %r)" % (self.seats, self.cards, self.trump, self.winner)


class State:
    """Everything a seat may know, updated line by line with feed()."""

    def __init__(self):
        # the game (handshake)
        self.variant = None
        self.options = {}
        self.players = 0
        self.seat = -1
        self.teams = None  # list of lists of seats; None where all play alone
        self.deadhand = None  # flip with an odd player count: its seat
        self.seed = 0
        self.limits = {}  # startup, move, bank (ms), clock
        self.budget = 0
        self.score = []  # per team (partnership games) or per player
        self.ranks = None  # after gameover
        self.hand_no = 0
        self._new_hand(0, -1)
        # the decision being asked
        self.request = None  # ready, bid, trump, declare, give, discard, play
        self.legal = []
        self.time_move = self.time_bank = None
        self.table = []  # the request's table line: [(seat, card)]

    def _new_hand(self, number, dealer):
        self.hand_no, self.dealer = number, dealer
        self.dealt, self.held = [], []
        self.upcard = self.calling = None
        self.auction = []  # [(seat, bid text)], flip's bids included
        self.contract = None  # (bidder, bid text) or None
        self.trump = None
        self.declared = None  # five-hand: (bidder, partner seat or None if alone)
        self.sitting_out = set()
        self.to = None  # give requests: the receiver
        self.trick = []  # [(seat, card)] this trick, from the play events
        self.tricks = []  # finished Tricks
        self.won = []  # tricks won per seat
        self.played = []  # [(seat, card)] every card played this hand
        self.voids = {}  # seat -> set of suits it showed it lacks
        self.gave, self.received, self.discarded = [], [], []  # [(seat, card)], cards
        self.pickup = None  # five-hand: (dealer, card taken)
        self.calling_history = []  # flip: ("switch"|"flip", seat, new card, old card)

    # -- derived facts -------------------------------------------------
    def trick_cards(self):
        return [c for _, c in self.trick]

    def led_suit(self):
        return led_suit(self.trick_cards(), self.trump)

    def legal_cards(self):
        """The cards the rules let this seat play now (from held and trick)."""
        return legal_plays(self.held, self.trick_cards(), self.trump)

    def winning_seat(self):
        """The seat winning the trick so far, or None."""
        i = trick_winner(self.trick_cards(), self.trump)
        return None if i is None else self.trick[i][0]

    def would_win(self, card):
        return would_win(self.trick_cards(), card, self.trump)

    def partners(self):
        """This seat's partners now: the team (hammerwalt, indiana,
        bloomington), the bidder's declared partner in five-hand (or the
        other defenders), none in flip."""
        if self.teams:
            return [s for t in self.teams if self.seat in t for s in t if s != self.seat]
        if self.variant == "fivehand" and self.declared:
            offence = {self.declared[0], self.declared[1]} - {None}
            if self.seat in offence:
                return sorted(offence - {self.seat})
            return [s for s in range(self.players) if s not in offence and s != self.seat]
        return []

    def is_bidder_side(self):
        return self.contract is not None and (
            self.contract[0] == self.seat or self.contract[0] in self.partners())

    # -- reading lines -------------------------------------------------
    def feed(self, line):
        """Reads one line from the referee. Returns True when it completes
        a request (the legal line): state.request and state.legal say what
        to answer."""
        w = line.rstrip("\r\n").split(" ")
        k, a = w[0], w[1:]
        if k == "variant":
            self.variant = a[0]
        elif k == "option":
            self.options[a[0]] = " ".join(a[1:])
        elif k == "players":
            self.players = int(a[0])
        elif k == "seat":
            self.seat = int(a[0])
        elif k == "teams":
            self.teams = None if a[0] == "-" else [
                [int(s) for s in t.split(" ")] for t in " ".join(a).split(",")]
        elif k == "deadhand":
            self.deadhand = int(a[0])
        elif k == "seed":
            self.seed = int(a[0])
        elif k == "time" and a and a[0] == "startup":
            for i in range(0, len(a) - 1, 2):
                self.limits[a[i]] = a[i + 1] if a[i] == "clock" else int(a[i + 1])
        elif k == "budget":
            self.budget = int(a[0])
        elif k == "hand":
            self._new_hand(int(a[0]), int(a[2]))
            self.won = [0] * (self.players + (1 if self.deadhand is not None else 0))
        elif k == "cards":
            self.dealt = list(a)
            self.held = list(a)
        elif k == "held":
            self.held = [] if a == ["-"] else list(a)
        elif k in ("turnup", "upcard"):
            self.upcard = a[0]
        elif k == "calling":
            self.calling = a[0]
            self.trump = trump_of_calling(a[0])
        elif k == "bid":
            self.auction.append((int(a[0]), " ".join(a[1:])))
        elif k == "auction" or k == "bids":
            self.auction = [] if a == ["-"] else [
                (int(t.split(" ")[0]), t.split(" ", 1)[1]) for t in " ".join(a).split(",")]
        elif k == "contract":
            self.contract = None if a == ["-"] else (int(a[0]), " ".join(a[1:]))
        elif k == "trump":
            self.trump = a[0]
        elif k == "declare":
            self.declared = (int(a[0]), int(a[2]) if a[1] == "partner" else None)
        elif k == "pickup":
            self.pickup = (int(a[0]), a[1])
        elif k == "give":
            frm, to = int(a[0]), int(a[1])
            if len(a) > 2 and frm == self.seat:
                self.gave.append((to, a[2]))
            if len(a) > 2 and to == self.seat:
                self.received.append((frm, a[2]))
        elif k == "discard":
            if len(a) > 1 and int(a[0]) == self.seat:
                self.discarded.append(a[1])
        elif k == "sitout":
            self.sitting_out.add(int(a[0]))
        elif k == "play":
            self._play(int(a[0]), a[1])
        elif k == "switch":
            seat = int(a[0])
            self.calling_history.append(("switch", seat, a[1], a[2]))
            self.calling, self.trump = a[1], trump_of_calling(a[1])
            if seat == self.seat and a[1] in self.held:
                self.held.remove(a[1])
                self.held.append(a[2])
        elif k == "flip":
            self.calling_history.append(("flip", int(a[0]), a[1], self.calling))
            self.calling, self.trump = a[1], trump_of_calling(a[1])
        elif k == "trick":
            w = int(a[2])
            self.tricks.append(Trick([s for s, _ in self.trick], self.trick_cards(), self.trump, w))
            if w < len(self.won):
                self.won[w] += 1
            self.trick = []
        elif k == "handend":
            i = a.index("score")
            self.score = [int(x) for x in a[i + 1:]]
        elif k == "gameover":
            i = a.index("score")
            self.ranks = [int(x) for x in a[1:i]]
            self.score = [int(x) for x in a[i + 1:]]
        elif k == "request":
            self.request = a[0]
            self.to = None
        elif k == "to":
            self.to = int(a[0])
        elif k == "table":
            self.table = [] if a == ["-"] else [
                (int(t.split(" ")[0]), t.split(" ")[1]) for t in " ".join(a).split(",")]
        elif k == "won":
            self.won = [int(x) for x in a]
        elif k == "time" and self.request:
            self.time_move = int(a[0])
            self.time_bank = None if a[1] == "-" else int(a[1])
        elif k == "legal":
            self.legal = " ".join(a).split(",")
            return True
        return False

    def _play(self, seat, card):
        led = self.led_suit()
        if (led is not None and seat != self.deadhand and card not in FLIP_JOKERS
                and effective_suit(card, self.trump) != led):
            self.voids.setdefault(seat, set()).add(led)
        self.trick.append((seat, card))
        self.played.append((seat, card))
        if seat == self.seat and card in self.held:
            self.held.remove(card)


COMMENT_MAX = 200  # bytes of a comment the referee keeps


def with_comment(move, text):
    """The answer move with a comment: "JH # cheapest winner" (protocol.md,
    "Comments"). The game's page shows it beside the move; no other bot
    ever sees it. text is made one line and cut to COMMENT_MAX bytes; an
    empty text gives the move alone. run() checks the move before the "#"."""
    text = " ".join(str(text).split()).encode()[:COMMENT_MAX].decode(errors="ignore")
    return "%s # %s" % (move, text) if text else move


def run(decide, name="euchre-kit-bot", stdin=None, stdout=None):
    """The bot's loop: feeds every line to a State, answers the handshake
    with "ready2 NAME" (it plays matches: after a "game" line the next
    game's handshake follows, and a fresh State reads it) and every other
    request with decide(state), which may add a comment (with_comment()).
    An answer whose move is not in state.legal is replaced by the first
    legal move (and said on standard error, which the referee keeps in the
    bot's log)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    state = State()
    for line in stdin:
        if line.rstrip("\r\n") == "quit":
            break
        if line.rstrip("\r\n") == "game":
            state = State()  # the next game of the match
            continue
        if not state.feed(line):
            continue
        if state.request == "ready":
            move = "ready2 " + name
        else:
            move, _, comment = decide(state).partition("#")
            move = move.rstrip()
            if move not in state.legal:
                print("%s: %r is not legal, playing %s" % (name, move, state.legal[0]),
                      file=sys.stderr)
                move, comment = state.legal[0], ""
            move = with_comment(move, comment)
        state.request = None
        stdout.write(move + "\n")
        stdout.flush()
    return state
