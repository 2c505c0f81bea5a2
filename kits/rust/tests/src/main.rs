//! The oracle: holds the Rust kit's helpers against the engine. Reads game
//! records (referee --log FILE) and checks what the kit computes against
//! what the referee said, as kits/python/tests/oracle.py does:
//!  - each seat played by a program ("T S< line"): its lines feed a State;
//!    at each play request the kit's legal cards must be the legal list
//!    (flip's "X switch Y" counted as X) and the trick tracked from the
//!    events the table line; at each trick event trick_winner and
//!    would_win of the last card must name the referee's winner;
//!  - the record's own lines ("| line", every seat's plays) feed one more
//!    State, held to the same trick check.
//! Usage: oracle LOG...; exit 1 on any disagreement.
use euchre_kit::{self as kit, State};
use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;

const FULL: [&str; 8] = ["hand", "trump", "calling", "flip", "switch", "play", "trick", "contract"];

#[derive(Default)]
struct Count {
    legal: u64,
    tricks: u64,
    fails: u64,
}

impl Count {
    fn fail(&mut self, where_: &str, msg: String) {
        self.fails += 1;
        if self.fails <= 20 {
            println!("FAIL {}: {}", where_, msg);
        }
    }

    fn feed(&mut self, st: &mut State, line: &str, where_: &str) {
        let before = st.tricks.len();
        let done = st.feed(line);
        if st.tricks.len() > before {
            let t = st.tricks.last().unwrap().clone();
            let i = kit::trick_winner(&t.cards, &t.trump).unwrap_or(0);
            if t.seats[i] != t.winner {
                self.fail(where_, format!("trick {:?} under {}: kit says seat {}, referee {}", t.cards, t.trump, t.seats[i], t.winner));
            }
            let n = t.cards.len();
            let last = kit::would_win(&t.cards[..n - 1], &t.cards[n - 1], &t.trump);
            if last != (t.seats[n - 1] == t.winner) {
                self.fail(where_, format!("would_win of {:?} is {}", t.cards, last));
            }
            self.tricks += 1;
        }
        if done && st.request.as_deref() == Some("play") {
            let want: BTreeSet<String> = st.legal.iter().map(|m| m.split(' ').next().unwrap_or("").to_string()).collect();
            let got_list = st.legal_cards();
            let got: BTreeSet<String> = got_list.iter().cloned().collect();
            if want != got || got.len() != got_list.len() {
                self.fail(where_, format!("held {:?} trick {:?} trump {}: kit {:?}, referee {:?}", st.held, st.trick, st.trump, got, want));
            }
            if st.table != st.trick {
                self.fail(where_, format!("tracked trick {:?}, table line {:?}", st.trick, st.table));
            }
            self.legal += 1;
        }
        if done {
            st.request = None;
        }
    }
}

fn check_log(path: &str, count: &mut Count) -> std::io::Result<()> {
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut seats: BTreeMap<usize, State> = BTreeMap::new();
    let mut full: Option<State> = None;
    for (n, line) in file.split(b'\n').enumerate() {
        let line = String::from_utf8_lossy(&line?).into_owned();
        let where_ = format!("{}:{}", path, n + 1);
        if line.starts_with("game ") {
            seats.clear();
            full = Some(State::new());
        } else if let Some(rest) = line.strip_prefix("| ") {
            if let Some(st) = full.as_mut() {
                if FULL.contains(&rest.split(' ').next().unwrap_or("")) {
                    count.feed(st, rest, &where_);
                }
            }
        } else if let Some((_, tail)) = line.split_once(' ') {
            if let Some((seat, text)) = tail.split_once("< ") {
                if let Ok(seat) = seat.parse::<usize>() {
                    count.feed(seats.entry(seat).or_default(), text, &where_);
                }
            }
        }
    }
    Ok(())
}

fn main() {
    let logs: Vec<String> = std::env::args().skip(1).collect();
    if logs.is_empty() {
        eprintln!("usage: oracle LOG...");
        std::process::exit(2);
    }
    let mut count = Count::default();
    for path in &logs {
        if let Err(e) = check_log(path, &mut count) {
            eprintln!("oracle: cannot read '{}': {}", path, e);
            std::process::exit(2);
        }
    }
    println!(
        "rust oracle: {} legal lists, {} tables, {} tricks checked, {} disagreements",
        count.legal, count.legal, count.tricks, count.fails
    );
    if count.legal < 1000 || count.tricks < 1000 {
        println!("FAIL: too few positions in the records");
        std::process::exit(1);
    }
    std::process::exit(if count.fails == 0 { 0 } else { 1 });
}
