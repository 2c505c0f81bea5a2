//! A simple sensible euchre-arena bot built on euchre_kit (start yours
//! here). It bids what its trumps and aces promise, names its best trump,
//! gives and discards its weakest cards (its best to an alone bidder), wins
//! a trick as cheaply as it can unless a partner already holds it, and
//! otherwise throws its weakest card. Debug output goes to stderr.
use euchre_kit::{self as kit, State};

/// Tricks the cards may take with this trump: trumps, aces (nines in low).
fn strength(cards: &[String], trump: &str) -> usize {
    let top = if trump == "low" { "9" } else { "A" };
    cards.iter().filter(|c| kit::is_trump(c, trump) || kit::card_rank(c) == Some(top)).count()
}

/// The card of least (sign 1) or most (sign -1) power.
fn least(cards: &[String], trump: &str, sign: i32) -> String {
    cards.iter().min_by_key(|c| sign * kit::power(c, trump)).cloned().unwrap_or_default()
}

fn bid(st: &State) -> String {
    let legal = &st.legal;
    let has = |m: &str| legal.iter().any(|x| x == m);
    if st.variant == "fivehand" {
        // order / order H / H / pass
        if has("order") {
            let up = st.upcard.as_deref().and_then(kit::card_suit).map(String::from).unwrap_or_default();
            return if strength(&st.held, &up) >= 3 { "order" } else { "pass" }.into();
        }
        let suit_of = |m: &String| m[m.len() - 1..].to_string();
        let named = legal.iter().filter(|m| kit::trump_suit(&suit_of(m)).is_some());
        return match named.max_by_key(|m| strength(&st.held, &suit_of(m))) {
            Some(m) if strength(&st.held, &suit_of(m)) >= 3 || !has("pass") => m.clone(),
            _ => legal[0].clone(),
        };
    }
    let modes = ["C", "D", "H", "S", "high", "low"];
    let t = modes.iter().rev().max_by_key(|m| strength(&st.held, m)).copied().unwrap_or("C");
    let est = strength(&st.held, t) + usize::from(st.variant == "flip");
    let numeric: Vec<&String> = legal
        .iter()
        .filter(|m| m.starts_with(|c: char| c.is_ascii_digit()) && m.split(' ').nth(1).map_or(true, |x| x == t))
        .collect();
    let fits: Vec<&&String> = numeric.iter().filter(|m| m.split(' ').next().and_then(|n| n.parse().ok()) <= Some(est)).collect();
    let pick = match (st.variant.as_str(), fits.first(), fits.last()) {
        ("flip", _, Some(last)) => Some(**last),
        ("hammerwalt", Some(first), _) => Some(**first),
        (_, _, Some(last)) if st.variant != "flip" => Some(**last),
        _ if has("pass") && st.variant != "flip" => return "pass".into(),
        _ => numeric.first().copied(),
    };
    pick.cloned().unwrap_or_else(|| legal[0].clone())
}

fn decide(st: &State) -> String {
    let trump = st.trump.as_str();
    match st.request.as_deref() {
        Some("bid") => return bid(st),
        Some("trump") => return st.legal.iter().rev().max_by_key(|t| strength(&st.held, t)).cloned().unwrap_or_default(),
        Some("declare") => return "partner".into(),
        Some("give") if st.contract.as_ref().map(|c| c.0) != Some(st.seat) => return least(&st.legal, trump, -1),
        Some("give") | Some("discard") => return least(&st.legal, trump, 1),
        _ => {}
    }
    let cards: Vec<String> = st.legal.iter().filter(|m| !m.contains(' ')).cloned().collect(); // no flip switches
    if st.trick.is_empty() {
        return least(&cards, trump, -1); // lead our best
    }
    let winners: Vec<String> = cards.iter().filter(|c| st.would_win(c)).cloned().collect();
    let partner_holds = st.winning_seat().map_or(false, |w| st.partners().contains(&w));
    let card = least(if partner_holds || winners.is_empty() { &cards } else { &winners }, trump, 1);
    kit::with_comment(&card, if partner_holds { "partner holds it" } else if winners.is_empty() { "cannot win" } else { "cheapest winner" })
}

fn main() {
    kit::run(decide, "rust-kit-example");
}
