//! euchre_kit: a starter kit for euchre-arena bots in Rust (std only).
//!
//! It reads the referee's lines (protocol.md) into a `State`, keeps the
//! hand's public history, and offers the helpers a strategy needs: the
//! effective suit of a card (bowers, the five-hand joker, flip's Benny and
//! Charlie), its power under every trump mode, the led suit, the winner of
//! a trick and whether a card would win it, and the cards that may legally
//! be played.
//!
//! Cards are the protocol's tokens in canonical form: "9H", "10H", "JD",
//! "JOKER", "BENNY", "CHARLIE". Suits are chars 'C' 'D' 'H' 'S'. Trump
//! modes are strings: "C" "D" "H" "S", "high", "low", and "none" (flip, a
//! joker as the calling card: ranked as high); "" before trump is known.
//!
//! Write a bot as a function `decide(&State) -> String` returning one of
//! `state.legal` and call `run(decide, "my-bot-name")`; src/main.rs shows one.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, Write};

pub const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];
pub const RANKS: [&str; 7] = ["8", "9", "10", "J", "Q", "K", "A"];
/// Added to a trump's power: any trump beats any plain card.
pub const TRUMP_POWER: i32 = 64;

pub fn is_flip_joker(c: &str) -> bool {
    c == "BENNY" || c == "CHARLIE"
}

pub fn is_joker(c: &str) -> bool {
    c == "JOKER" || is_flip_joker(c)
}

/// The suit of a trump mode ("H" -> 'H'), None for high, low, none, "".
pub fn trump_suit(trump: &str) -> Option<char> {
    let mut ch = trump.chars();
    match (ch.next(), ch.next()) {
        (Some(s), None) if SUITS.contains(&s) => Some(s),
        _ => None,
    }
}

/// The canonical form of a card token ("th" -> "10H"), None if not a card.
pub fn parse_card(tok: &str) -> Option<String> {
    let t = tok.trim().to_ascii_uppercase();
    if is_joker(&t) {
        return Some(t);
    }
    if t.len() < 2 || !t.is_char_boundary(t.len() - 1) {
        return None;
    }
    let (rank, suit) = t.split_at(t.len() - 1);
    let rank = if rank == "T" { "10" } else { rank };
    let s = suit.chars().next()?;
    if RANKS.contains(&rank) && SUITS.contains(&s) {
        Some(format!("{}{}", rank, s))
    } else {
        None
    }
}

/// The printed suit, None for a joker.
pub fn card_suit(c: &str) -> Option<char> {
    if is_joker(c) { None } else { c.chars().last() }
}

/// The rank ("8" ... "A"), None for a joker.
pub fn card_rank(c: &str) -> Option<&str> {
    if is_joker(c) { None } else { Some(&c[..c.len() - 1]) }
}

/// The other suit of the same colour: C-S, D-H.
pub fn same_colour(s: char) -> char {
    match s {
        'C' => 'S',
        'S' => 'C',
        'D' => 'H',
        _ => 'D',
    }
}

/// Flip: the trump a calling card sets (its suit; "none" for a joker).
pub fn trump_of_calling(c: &str) -> String {
    card_suit(c).map_or("none".to_string(), |s| s.to_string())
}

/// The suit a card belongs to under trump: the left bower and the five-hand
/// joker belong to the trump suit; flip's jokers to none.
pub fn effective_suit(card: &str, trump: &str) -> Option<char> {
    let t = trump_suit(trump);
    if card == "JOKER" {
        return t;
    }
    if is_flip_joker(card) {
        return None;
    }
    let suit = card_suit(card)?;
    match t {
        Some(t) if card_rank(card) == Some("J") && suit == same_colour(t) => Some(t),
        _ => Some(suit),
    }
}

/// True if the card is a trump (never under high, low or none).
pub fn is_trump(card: &str, trump: &str) -> bool {
    trump_suit(trump).is_some() && effective_suit(card, trump) == trump_suit(trump)
}

/// Strength inside the effective suit, 1 = weakest; trumps get TRUMP_POWER
/// added. Trump: joker, right, left, A K Q 10 9 8; plain: A K Q J 10 9 8;
/// low: 9 10 J Q K A (nine best). Flip's jokers: 0.
pub fn power(card: &str, trump: &str) -> i32 {
    let t = trump_suit(trump);
    if is_joker(card) {
        return if card == "JOKER" && t.is_some() { TRUMP_POWER + 9 } else { 0 };
    }
    let rank = RANKS.iter().position(|r| Some(*r) == card_rank(card)).unwrap_or(0) as i32;
    let suit = card_suit(card);
    if let Some(t) = t {
        if rank == 3 && suit == Some(t) {
            return TRUMP_POWER + 8; // right bower
        }
        if rank == 3 && suit == Some(same_colour(t)) {
            return TRUMP_POWER + 7; // left bower
        }
        if suit == Some(t) {
            return TRUMP_POWER + [1, 2, 3, 0, 4, 5, 6][rank as usize];
        }
    }
    if trump == "low" { 7 - rank } else { rank + 1 }
}

/// The suit to follow in a trick of these cards (play order), or None:
/// none led, a Benny led, only Charlies so far (after a led Charlie the
/// first non-joker card sets it). In flip, under the trump in force now.
pub fn led_suit<S: AsRef<str>>(cards: &[S], trump: &str) -> Option<char> {
    if cards.is_empty() || cards[0].as_ref() == "BENNY" {
        return None;
    }
    cards.iter().map(|c| c.as_ref()).find(|c| !is_flip_joker(c)).and_then(|c| effective_suit(c, trump))
}

/// A card's worth in a trick led in suit led: its power when a trump or
/// following, else 0 (flip's jokers: 0).
pub fn trick_key(card: &str, led: Option<char>, trump: &str) -> i32 {
    if is_flip_joker(card) {
        return 0;
    }
    if is_trump(card, trump) || (led.is_some() && effective_suit(card, trump) == led) {
        power(card, trump)
    } else {
        0
    }
}

/// Index of the card winning the trick so far: the first Benny; else the
/// best trump, else the best of the led suit, the first of two identical
/// cards; only Charlies: the first. None for an empty trick.
pub fn trick_winner<S: AsRef<str>>(cards: &[S], trump: &str) -> Option<usize> {
    if cards.is_empty() {
        return None;
    }
    if let Some(i) = cards.iter().position(|c| c.as_ref() == "BENNY") {
        return Some(i);
    }
    let led = led_suit(cards, trump);
    if led.is_none() {
        return Some(0);
    }
    let (mut best, mut best_key) = (0, -1);
    for (i, c) in cards.iter().enumerate() {
        let k = trick_key(c.as_ref(), led, trump);
        if k > best_key {
            best = i;
            best_key = k;
        }
    }
    Some(best)
}

/// True if card, played now to the trick cards, would be winning it.
pub fn would_win<S: AsRef<str>>(cards: &[S], card: &str, trump: &str) -> bool {
    let mut all: Vec<&str> = cards.iter().map(|c| c.as_ref()).collect();
    all.push(card);
    trick_winner(&all, trump) == Some(cards.len())
}

/// The distinct cards of hand that may be played to the trick: those of
/// the led suit if any (plus flip's jokers), else any card.
pub fn legal_plays<S: AsRef<str>, T: AsRef<str>>(hand: &[S], cards: &[T], trump: &str) -> Vec<String> {
    let mut distinct: Vec<String> = Vec::new();
    for c in hand {
        if !distinct.iter().any(|d| d == c.as_ref()) {
            distinct.push(c.as_ref().to_string());
        }
    }
    let led = match led_suit(cards, trump) {
        None => return distinct,
        Some(l) => l,
    };
    let follows = |c: &str| !is_flip_joker(c) && effective_suit(c, trump) == Some(led);
    if !distinct.iter().any(|c| follows(c)) {
        return distinct;
    }
    distinct.into_iter().filter(|c| follows(c) || is_flip_joker(c)).collect()
}

/// A finished trick: seats and cards in play order, the trump at its end,
/// the winner's seat (from the referee).
#[derive(Clone, Debug, PartialEq)]
pub struct Trick {
    pub seats: Vec<usize>,
    pub cards: Vec<String>,
    pub trump: String,
    pub winner: usize,
}

/// Everything a seat may know, updated line by line with `feed`.
#[derive(Clone, Debug, Default)]
pub struct State {
    // the game (handshake)
    pub variant: String,
    pub options: BTreeMap<String, String>,
    pub players: usize,
    pub seat: usize,
    pub teams: Option<Vec<Vec<usize>>>, // None where all play alone
    pub deadhand: Option<usize>,        // flip with an odd player count
    pub seed: u64,
    pub limits: BTreeMap<String, String>, // startup, move, bank, clock
    pub budget: u64,
    pub score: Vec<i64>, // per team (partnership games) or per player
    pub ranks: Vec<usize>,
    // the hand
    pub hand_no: u32,
    pub dealer: usize,
    pub dealt: Vec<String>,
    pub held: Vec<String>,
    pub upcard: Option<String>,
    pub calling: Option<String>,
    pub trump: String,
    pub auction: Vec<(usize, String)>, // flip's bids too
    pub contract: Option<(usize, String)>,
    pub declared: Option<(usize, Option<usize>)>, // five-hand: bidder, partner (None: alone)
    pub sitting_out: BTreeSet<usize>,
    pub trick: Vec<(usize, String)>, // this trick, from the play events
    pub tricks: Vec<Trick>,
    pub won: Vec<u32>,
    pub played: Vec<(usize, String)>,
    pub voids: BTreeMap<usize, BTreeSet<char>>,
    pub gave: Vec<(usize, String)>,     // (to, card)
    pub received: Vec<(usize, String)>, // (from, card)
    pub discarded: Vec<String>,
    pub pickup: Option<(usize, String)>,
    pub calling_history: Vec<String>, // flip: "switch 2 KS 9H", "flip 2 QD"
    // the decision being asked
    pub request: Option<String>, // ready, bid, trump, declare, give, discard, play
    pub to: Option<usize>,       // give requests: the receiver
    pub table: Vec<(usize, String)>,
    pub time_move: Option<u64>,
    pub time_bank: Option<u64>,
    pub legal: Vec<String>,
}

fn num<T: std::str::FromStr + Default>(s: Option<&&str>) -> T {
    s.and_then(|x| x.parse().ok()).unwrap_or_default()
}

fn seat_list(rest: &str) -> Vec<(usize, String)> {
    if rest == "-" || rest.is_empty() {
        return Vec::new();
    }
    rest.split(',')
        .map(|item| {
            let (s, t) = item.split_once(' ').unwrap_or((item, ""));
            (s.parse().unwrap_or(0), t.to_string())
        })
        .collect()
}

impl State {
    pub fn new() -> State {
        State::default()
    }

    fn new_hand(&mut self, number: u32, dealer: usize) {
        let keep = State {
            variant: std::mem::take(&mut self.variant),
            options: std::mem::take(&mut self.options),
            players: self.players,
            seat: self.seat,
            teams: self.teams.take(),
            deadhand: self.deadhand,
            seed: self.seed,
            limits: std::mem::take(&mut self.limits),
            budget: self.budget,
            score: std::mem::take(&mut self.score),
            ranks: std::mem::take(&mut self.ranks),
            hand_no: number,
            dealer,
            won: vec![0; self.players + usize::from(self.deadhand.is_some())],
            ..State::default()
        };
        *self = keep;
    }

    pub fn trick_cards(&self) -> Vec<&str> {
        self.trick.iter().map(|(_, c)| c.as_str()).collect()
    }

    pub fn led_suit(&self) -> Option<char> {
        led_suit(&self.trick_cards(), &self.trump)
    }

    /// The cards the rules let this seat play now (held, trick, trump).
    pub fn legal_cards(&self) -> Vec<String> {
        legal_plays(&self.held, &self.trick_cards(), &self.trump)
    }

    /// The seat winning the trick so far, or None.
    pub fn winning_seat(&self) -> Option<usize> {
        trick_winner(&self.trick_cards(), &self.trump).map(|i| self.trick[i].0)
    }

    pub fn would_win(&self, card: &str) -> bool {
        would_win(&self.trick_cards(), card, &self.trump)
    }

    /// This seat's partners now: the team, five-hand's declared side (the
    /// other defenders for a defender), none in flip.
    pub fn partners(&self) -> Vec<usize> {
        if let Some(teams) = &self.teams {
            return teams
                .iter()
                .filter(|t| t.contains(&self.seat))
                .flat_map(|t| t.iter().copied().filter(|&s| s != self.seat))
                .collect();
        }
        match self.declared {
            Some((bidder, partner)) if self.variant == "fivehand" => {
                let offence = |s: usize| s == bidder || Some(s) == partner;
                let mine = offence(self.seat);
                (0..self.players).filter(|&s| s != self.seat && offence(s) == mine).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Reads one line; true when it completes a request (its legal line):
    /// `request` and `legal` say what to answer.
    pub fn feed(&mut self, line: &str) -> bool {
        let line = line.trim_end_matches(|c| c == '\r' || c == '\n');
        let (k, rest) = line.split_once(' ').unwrap_or((line, ""));
        let a: Vec<&str> = if rest.is_empty() { Vec::new() } else { rest.split(' ').collect() };
        let words = |from: usize| a.get(from..).map_or(String::new(), |w| w.join(" "));
        match k {
            "legal" => {
                self.legal = rest.split(',').map(str::to_string).collect();
                return true;
            }
            "variant" => self.variant = words(0),
            "option" if !a.is_empty() => {
                self.options.insert(a[0].to_string(), words(1));
            }
            "players" => self.players = num(a.first()),
            "seat" => self.seat = num(a.first()),
            "teams" => {
                self.teams = if rest == "-" {
                    None
                } else {
                    Some(rest.split(',').map(|t| t.split(' ').filter_map(|s| s.parse().ok()).collect()).collect())
                }
            }
            "deadhand" => self.deadhand = Some(num(a.first())),
            "seed" => self.seed = num(a.first()),
            "time" if a.first() == Some(&"startup") => {
                for p in a.chunks(2).filter(|p| p.len() == 2) {
                    self.limits.insert(p[0].to_string(), p[1].to_string());
                }
            }
            "time" => {
                self.time_move = a.first().and_then(|x| x.parse().ok());
                self.time_bank = a.get(1).and_then(|x| x.parse().ok());
            }
            "budget" => self.budget = num(a.first()),
            "hand" => self.new_hand(num(a.first()), num(a.get(2))),
            "cards" => {
                self.dealt = a.iter().map(|s| s.to_string()).collect();
                self.held = self.dealt.clone();
            }
            "held" => self.held = if rest == "-" { Vec::new() } else { a.iter().map(|s| s.to_string()).collect() },
            "turnup" | "upcard" => self.upcard = a.first().map(|s| s.to_string()),
            "calling" => self.set_calling(&words(0)),
            "bid" => self.auction.push((num(a.first()), words(1))),
            "auction" | "bids" => self.auction = seat_list(rest),
            "contract" => self.contract = if rest == "-" { None } else { Some((num(a.first()), words(1))) },
            "trump" => self.trump = words(0),
            "declare" => {
                let partner = if a.get(1) == Some(&"partner") { Some(num(a.get(2))) } else { None };
                self.declared = Some((num(a.first()), partner));
            }
            "pickup" => self.pickup = Some((num(a.first()), words(1))),
            "give" if a.len() > 2 => {
                let (from, to): (usize, usize) = (num(a.first()), num(a.get(1)));
                if from == self.seat {
                    self.gave.push((to, a[2].to_string()));
                }
                if to == self.seat {
                    self.received.push((from, a[2].to_string()));
                }
            }
            "discard" if a.len() > 1 && num::<usize>(a.first()) == self.seat => self.discarded.push(a[1].to_string()),
            "sitout" => {
                self.sitting_out.insert(num(a.first()));
            }
            "play" if a.len() > 1 => self.play(num(a.first()), a[1]),
            "switch" if a.len() > 2 => {
                self.calling_history.push(line.to_string());
                self.set_calling(a[1]);
                if num::<usize>(a.first()) == self.seat {
                    if let Some(i) = self.held.iter().position(|c| c == a[1]) {
                        self.held.remove(i);
                        self.held.push(a[2].to_string());
                    }
                }
            }
            "flip" if a.len() > 1 => {
                self.calling_history.push(line.to_string());
                self.set_calling(a[1]);
            }
            "trick" => {
                let w: usize = num(a.get(2));
                let trick = std::mem::take(&mut self.trick);
                self.tricks.push(Trick {
                    seats: trick.iter().map(|(s, _)| *s).collect(),
                    cards: trick.into_iter().map(|(_, c)| c).collect(),
                    trump: self.trump.clone(),
                    winner: w,
                });
                if let Some(n) = self.won.get_mut(w) {
                    *n += 1;
                }
            }
            "handend" | "gameover" => {
                let i = a.iter().position(|w| *w == "score").unwrap_or(a.len());
                self.score = a.get(i + 1..).unwrap_or(&[]).iter().filter_map(|x| x.parse().ok()).collect();
                if k == "gameover" {
                    self.ranks = a.get(1..i).unwrap_or(&[]).iter().filter_map(|x| x.parse().ok()).collect();
                }
            }
            "request" => {
                self.request = Some(words(0));
                self.to = None;
            }
            "to" => self.to = Some(num(a.first())),
            "table" => self.table = seat_list(rest),
            "won" => self.won = a.iter().filter_map(|x| x.parse().ok()).collect(),
            _ => {}
        }
        false
    }

    fn set_calling(&mut self, card: &str) {
        self.calling = Some(card.to_string());
        self.trump = trump_of_calling(card);
    }

    fn play(&mut self, seat: usize, card: &str) {
        if let Some(led) = self.led_suit() {
            if Some(seat) != self.deadhand && !is_flip_joker(card) && effective_suit(card, &self.trump) != Some(led) {
                self.voids.entry(seat).or_default().insert(led);
            }
        }
        self.trick.push((seat, card.to_string()));
        self.played.push((seat, card.to_string()));
        if seat == self.seat {
            if let Some(i) = self.held.iter().position(|c| c == card) {
                self.held.remove(i);
            }
        }
    }
}

/// Bytes of a comment the referee keeps.
pub const COMMENT_MAX: usize = 200;

/// The answer `mv` with a comment: "JH # cheapest winner" (protocol.md,
/// "Comments"). The game's page shows it beside the move; no other bot
/// ever sees it. `text` is made one line and cut to `COMMENT_MAX` bytes
/// (at a character's boundary); an empty text gives the move alone.
/// `run_on` checks the move before the '#'.
pub fn with_comment(mv: &str, text: &str) -> String {
    let mut t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.len() > COMMENT_MAX {
        let mut end = COMMENT_MAX;
        while !t.is_char_boundary(end) {
            end -= 1;
        }
        t.truncate(end);
    }
    if t.is_empty() { mv.to_string() } else { format!("{} # {}", mv, t) }
}

/// The bot's loop on any reader and writer: answers the handshake with
/// "ready2 NAME" (it plays matches: after a "game" line the next game's
/// handshake follows, and a fresh State reads it) and every other request
/// with decide's move, which may carry a comment (`with_comment`); a move
/// not in `state.legal` is replaced by the first legal one (and said on
/// standard error). Returns the state at quit or the end of the input.
pub fn run_on<R: BufRead, W: Write>(decide: impl Fn(&State) -> String, name: &str, input: R, mut out: W) -> State {
    let mut state = State::new();
    for line in input.split(b'\n') {
        let bytes = match line {
            Ok(b) => b,
            Err(_) => break,
        };
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches('\r');
        if line == "quit" {
            break;
        }
        if line == "game" {
            state = State::new(); // the next game of the match
            continue;
        }
        if !state.feed(line) {
            continue;
        }
        let mv = if state.request.as_deref() == Some("ready") {
            format!("ready2 {}", name)
        } else {
            let answer = decide(&state);
            let (mv, comment) = match answer.find('#') {
                Some(i) => (answer[..i].trim_end(), &answer[i + 1..]),
                None => (answer.as_str(), ""),
            };
            if state.legal.iter().any(|m| m == mv) {
                with_comment(mv, comment)
            } else {
                eprintln!("{}: '{}' is not legal, playing {}", name, mv, state.legal[0]);
                state.legal[0].clone()
            }
        };
        state.request = None;
        if writeln!(out, "{}", mv).and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    state
}

/// The bot's loop on standard input and output (see `run_on`).
pub fn run(decide: impl Fn(&State) -> String, name: &str) -> State {
    let stdin = std::io::stdin();
    run_on(decide, name, stdin.lock(), std::io::stdout().lock())
}
