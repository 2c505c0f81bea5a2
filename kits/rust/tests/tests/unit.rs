//! Unit tests of the Rust kit on hand-worked positions (docs/variants.md).
use euchre_kit::{self as kit, State};
use std::collections::{BTreeMap, BTreeSet};

fn by_power(trump: &str, cards: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = cards.iter().map(|s| s.to_string()).collect();
    v.sort_by_key(|c| -kit::power(c, trump));
    v
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

#[test]
fn parse() {
    assert_eq!(kit::parse_card("th").as_deref(), Some("10H"));
    assert_eq!(kit::parse_card("benny").as_deref(), Some("BENNY"));
    assert_eq!(kit::parse_card("1H"), None);
}

#[test]
fn left_bower_under_hearts() {
    assert_eq!(kit::effective_suit("JD", "H"), Some('H'));
    assert!(kit::is_trump("JD", "H"));
    assert_eq!(by_power("H", &["AH", "JD", "9H", "JH", "KH", "10H", "QH"]), s(&["JH", "JD", "AH", "KH", "QH", "10H", "9H"]));
    assert_eq!(kit::effective_suit("JC", "H"), Some('C'));
    assert_eq!(kit::power("JC", "H"), 4);
}

#[test]
fn no_trump_modes() {
    assert_eq!(kit::effective_suit("JD", "high"), Some('D'));
    assert!(!kit::is_trump("JD", "high"));
    assert_eq!(kit::trick_winner(&["9S", "AS"], "low"), Some(0));
    assert_eq!(kit::trick_winner(&["9S", "AS"], "high"), Some(1));
    assert_eq!(by_power("low", &["AS", "KS", "QS", "JS", "10S", "9S"]), s(&["9S", "10S", "JS", "QS", "KS", "AS"]));
    assert_eq!(kit::trick_winner(&["KH", "9S", "AH"], "none"), Some(2));
}

#[test]
fn tricks_under_a_suit() {
    assert_eq!(kit::trick_winner(&["AH", "9S", "KH"], "S"), Some(1));
    assert_eq!(kit::trick_winner(&["AH", "9S", "JC"], "S"), Some(2));
    assert_eq!(kit::trick_winner(&["10H", "AD", "QH"], "S"), Some(2));
    assert_eq!(kit::trick_winner(&["AH", "AH"], "C"), Some(0)); // twins: the first
    assert!(kit::would_win(&["10H", "9S"], "JS", "S"));
    assert!(!kit::would_win(&["10H", "JS"], "JC", "S"));
    assert_eq!(kit::legal_plays(&["JH", "AH", "KS"], &["9D"], "D"), s(&["JH"]));
    assert_eq!(kit::legal_plays(&["JH", "AH", "KS"], &["QH"], "D"), s(&["AH"]));
    assert_eq!(kit::legal_plays(&["JH", "KS"], &["QH"], "D"), s(&["JH", "KS"]));
    assert_eq!(kit::legal_plays(&["9C", "9C", "AD"], &[] as &[&str], "S"), s(&["9C", "AD"]));
}

#[test]
fn fivehand_joker() {
    assert_eq!(kit::effective_suit("JOKER", "C"), Some('C'));
    assert_eq!(kit::trick_winner(&["JC", "JOKER", "JS"], "C"), Some(1));
    assert_eq!(kit::legal_plays(&["JOKER", "AH"], &["8C"], "C"), s(&["JOKER"]));
    assert_eq!(kit::led_suit(&["JOKER", "8C"], "D"), Some('D'));
}

#[test]
fn flip_jokers_and_trump_changes() {
    assert_eq!(kit::trick_winner(&["AS", "BENNY", "JS", "BENNY"], "S"), Some(1));
    assert_eq!(kit::trick_winner(&["CHARLIE", "9H", "10H"], "C"), Some(2));
    assert_eq!(kit::trick_winner(&["CHARLIE", "CHARLIE"], "C"), Some(0));
    assert_eq!(kit::led_suit(&["BENNY", "9H"], "C"), None);
    assert_eq!(kit::led_suit(&["CHARLIE", "9H", "AS"], "C"), Some('H'));
    assert_eq!(kit::legal_plays(&["AH", "BENNY", "CHARLIE", "KS"], &["9H"], "C"), s(&["AH", "BENNY", "CHARLIE"]));
    // diamonds trump, JH led (a diamond); a Charlie flips to clubs: JH is a
    // heart again, later players follow hearts, the diamonds cannot win
    let trick = ["JH", "9D", "KD", "CHARLIE"];
    assert_eq!(kit::led_suit(&["JH"], "D"), Some('D'));
    assert_eq!(kit::led_suit(&trick, "C"), Some('H'));
    assert_eq!(kit::legal_plays(&["AD", "QH"], &trick, "C"), s(&["QH"]));
    assert_eq!(kit::trick_winner(&trick, "C"), Some(0));
    assert_eq!(kit::trick_winner(&["JH", "9D", "KD", "CHARLIE", "9C"], "C"), Some(4));
    assert_eq!(kit::trump_of_calling("BENNY"), "none");
}

const TRANSCRIPT: &str = "euchre-arena 1\nvariant hammerwalt\noption target 64\nplayers 4\nseat 0\n\
teams 0 2,1 3\nseed 291080821224767267\ntime startup 10000 move 1000 bank 0 clock wall\nbudget 54000\n\
request ready\ntime 10000 -\nlegal ready\nhand 1 dealer 0\ncards JC KC KD 9H 10H JH QH AH 10S KS AS AS\n\
bid 1 6\nbid 2 pass\nbid 3 pass\nrequest bid\nheld JC KC KD 9H 10H JH QH AH 10S KS AS AS\n\
auction 1 6,2 pass,3 pass\ntime 1000 -\nlegal pass,7,8,9,10,11,12,alone\nbid 0 pass\ncontract 1 6\n\
trump D\nplay 1 JD\nplay 2 10D\nplay 3 9D\nrequest play\nheld JC KC KD 9H 10H JH QH AH 10S KS AS AS\n\
contract 1 6\ntrump D\ntable 1 JD,2 10D,3 9D\nwon 0 0 0 0\ntime 1000 250\nlegal KD,JH\n\
play 0 KD\ntrick 1 winner 1\nplay 1 AC\nplay 2 9C\nplay 3 9S\nrequest play\n\
held JC KC 9H 10H JH QH AH 10S KS AS AS\ncontract 1 6\ntrump D\ntable 1 AC,2 9C,3 9S\n\
won 0 1 0 0\ntime 1000 -\nlegal JC,KC\nquit\n";

#[test]
fn state_from_a_transcript() {
    let mut st = State::new();
    let lines: Vec<&str> = TRANSCRIPT.lines().collect();
    let done = lines[..36].iter().filter(|l| st.feed(l)).count();
    assert_eq!(done, 3);
    assert_eq!((st.variant.as_str(), st.seat, st.players), ("hammerwalt", 0, 4));
    assert_eq!(st.teams, Some(vec![vec![0, 2], vec![1, 3]]));
    assert_eq!(st.partners(), vec![2]);
    assert_eq!(st.seed, 291080821224767267);
    assert_eq!(st.limits.get("move").map(String::as_str), Some("1000"));
    assert_eq!(st.request.as_deref(), Some("play"));
    assert_eq!(st.contract, Some((1, "6".to_string())));
    assert_eq!(st.trump, "D");
    assert_eq!(st.auction.len(), 4);
    assert_eq!(st.auction[3], (0, "pass".to_string()));
    assert_eq!(st.trick, st.table);
    assert_eq!(st.trick.len(), 3);
    assert_eq!((st.time_move, st.time_bank), (Some(1000), Some(250)));
    assert_eq!(st.led_suit(), Some('D'));
    assert_eq!(st.legal_cards(), s(&["KD", "JH"]));
    assert_eq!(st.winning_seat(), Some(1));
    assert!(!st.would_win("JH")); // the right bower holds
    for l in &lines[36..] {
        st.feed(l);
    }
    assert_eq!(st.tricks[0].cards, s(&["JD", "10D", "9D", "KD"]));
    assert_eq!(st.tricks[0].winner, 1);
    assert_eq!(st.won, vec![0, 1, 0, 0]);
    let mut voids = BTreeMap::new();
    voids.insert(3, BTreeSet::from(['C'])); // seat 3 threw 9S on clubs
    assert_eq!(st.voids, voids);
    assert!(!st.held.contains(&"KD".to_string()));
}

#[test]
fn fivehand_partners_and_flip_calling() {
    let mut st = State::new();
    for l in ["variant fivehand", "players 5", "seat 4", "teams -", "hand 1 dealer 0", "declare 1 partner 3"] {
        st.feed(l);
    }
    assert_eq!(st.partners(), vec![0, 2]); // a defender: the other defenders
    st.feed("declare 3 partner 4");
    assert_eq!(st.partners(), vec![3]);
    let mut st = State::new();
    for l in ["variant flip", "players 3", "seat 0", "teams -", "deadhand 3", "hand 1 dealer 0", "calling JH",
              "play 1 KH", "play 2 CHARLIE", "flip 2 QD", "play 3 9S"] {
        st.feed(l);
    }
    assert_eq!((st.calling.as_deref(), st.trump.as_str()), (Some("QD"), "D"));
    assert!(st.voids.is_empty()); // the dead hand shows no void
    st.held = s(&["AS", "9H"]);
    st.feed("switch 0 9H QD");
    assert_eq!(st.held, s(&["AS", "QD"]));
    assert_eq!(st.trump, "H");
}

#[test]
fn run_answers() {
    // ready; an illegal answer (the bid, the first JC) becomes the first legal move
    let mut out = Vec::new();
    let seen = std::cell::RefCell::new(Vec::new());
    let st1 = kit::run_on(
        |st| {
            seen.borrow_mut().push(st.request.clone().unwrap_or_default());
            if st.request.as_deref() == Some("play") { "JC".into() } else { "nonsense".into() }
        },
        "t",
        TRANSCRIPT.as_bytes(),
        &mut out,
    );
    assert_eq!(String::from_utf8(out).unwrap(), "ready2 t\npass\nKD\nJC\n");
    // a match: a "game" line instead of quit, then the next game's handshake
    let mut out2 = Vec::new();
    let matched = TRANSCRIPT.replacen("quit\n", &format!("game\n{}", TRANSCRIPT), 1);
    let st2 = kit::run_on(
        |st| if st.request.as_deref() == Some("play") { "JC".into() } else { "nonsense".into() },
        "t",
        matched.as_bytes(),
        &mut out2,
    );
    assert_eq!(String::from_utf8(out2).unwrap(), "ready2 t\npass\nKD\nJC\n".repeat(2));
    assert_eq!(st2.played, st1.played); // the second game's plays only
    assert_eq!(*seen.borrow(), vec!["bid", "play", "play"]);
}

#[test]
fn comments() {
    assert_eq!(kit::with_comment("JH", "drawing\ntrump  now"), "JH # drawing trump now");
    assert_eq!(kit::with_comment("pass", ""), "pass");
    assert_eq!(kit::with_comment("7 H", &"x".repeat(500)).len(), "7 H # ".len() + 200);
    // the move before the '#' is checked; a replaced move loses its comment
    let mut out = Vec::new();
    kit::run_on(
        |st| kit::with_comment(if st.request.as_deref() == Some("play") { "JC" } else { "nonsense" }, "why"),
        "t",
        TRANSCRIPT.as_bytes(),
        &mut out,
    );
    assert_eq!(String::from_utf8(out).unwrap(), "ready2 t\npass\nKD\nJC # why\n");
}
