/*
 * TestKit.java - unit tests of the Java kit on hand-worked positions
 * (docs/variants.md). Prints each failure and a count; exit 1 on any.
 */
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

public final class TestKit {
    static int checks, fails;

    static void eq(Object got, Object want, String what) {
        checks++;
        if (!Objects.equals(got, want)) {
            fails++;
            System.out.println("FAIL " + what + ": got " + got + ", want " + want);
        }
    }

    static List<String> l(String... c) {
        return List.of(c);
    }

    static List<String> byPower(String trump, String... c) {
        List<String> out = new ArrayList<>(List.of(c));
        out.sort(Comparator.comparingInt((String x) -> -Kit.power(x, trump)));
        return out;
    }

    static final String TRANSCRIPT = String.join("\n", "euchre-arena 1", "variant hammerwalt",
            "option target 64", "players 4", "seat 0", "teams 0 2,1 3", "seed 291080821224767267",
            "time startup 10000 move 1000 bank 0 clock wall", "budget 54000", "request ready",
            "time 10000 -", "legal ready", "hand 1 dealer 0",
            "cards JC KC KD 9H 10H JH QH AH 10S KS AS AS", "bid 1 6", "bid 2 pass", "bid 3 pass",
            "request bid", "held JC KC KD 9H 10H JH QH AH 10S KS AS AS", "auction 1 6,2 pass,3 pass",
            "time 1000 -", "legal pass,7,8,9,10,11,12,alone", "bid 0 pass", "contract 1 6", "trump D",
            "play 1 JD", "play 2 10D", "play 3 9D", "request play",
            "held JC KC KD 9H 10H JH QH AH 10S KS AS AS", "contract 1 6", "trump D",
            "table 1 JD,2 10D,3 9D", "won 0 0 0 0", "time 1000 250", "legal KD,JH",
            "play 0 KD", "trick 1 winner 1", "play 1 AC", "play 2 9C", "play 3 9S", "request play",
            "held JC KC 9H 10H JH QH AH 10S KS AS AS", "contract 1 6", "trump D",
            "table 1 AC,2 9C,3 9S", "won 0 1 0 0", "time 1000 -", "legal JC,KC", "quit", "");

    public static void main(String[] args) throws Exception {
        eq(Kit.parseCard("th"), "10H", "parse th");
        eq(Kit.parseCard("benny"), "BENNY", "parse benny");
        /* hearts trump: JD is the left bower, a heart, second only to JH */
        eq(Kit.effectiveSuit("JD", "H"), "H", "JD under H");
        eq(Kit.isTrump("JD", "H"), true, "JD trump under H");
        eq(byPower("H", "AH", "JD", "9H", "JH", "KH", "10H", "QH"), l("JH", "JD", "AH", "KH", "QH", "10H", "9H"), "hearts order");
        eq(Kit.effectiveSuit("JC", "H"), "C", "JC under H");
        eq(Kit.power("JC", "H"), 4, "JC power under H");
        /* high: no bowers; low: nine best, ace worst */
        eq(Kit.effectiveSuit("JD", "high"), "D", "JD under high");
        eq(Kit.trickWinner(l("9S", "AS"), "low"), 0, "low: 9 beats A");
        eq(Kit.trickWinner(l("9S", "AS"), "high"), 1, "high: A beats 9");
        eq(byPower("low", "AS", "KS", "QS", "JS", "10S", "9S"), l("9S", "10S", "JS", "QS", "KS", "AS"), "low order");
        eq(Kit.trickWinner(l("KH", "9S", "AH"), "none"), 2, "none ranks as high");
        /* spades trump */
        eq(Kit.trickWinner(l("AH", "9S", "KH"), "S"), 1, "a nine of trumps");
        eq(Kit.trickWinner(l("AH", "9S", "JC"), "S"), 2, "the left bower");
        eq(Kit.trickWinner(l("10H", "AD", "QH"), "S"), 2, "an off-suit ace");
        eq(Kit.trickWinner(l("AH", "AH"), "C"), 0, "twins: the first");
        eq(Kit.wouldWin(l("10H", "9S"), "JS", "S"), true, "JS would win");
        eq(Kit.wouldWin(l("10H", "JS"), "JC", "S"), false, "JC would not");
        /* diamonds trump: JH follows a diamond lead, not a heart lead */
        eq(Kit.legalPlays(l("JH", "AH", "KS"), l("9D"), "D"), l("JH"), "follow diamonds");
        eq(Kit.legalPlays(l("JH", "AH", "KS"), l("QH"), "D"), l("AH"), "follow hearts");
        eq(Kit.legalPlays(l("JH", "KS"), l("QH"), "D"), l("JH", "KS"), "void in hearts");
        eq(Kit.legalPlays(l("9C", "9C", "AD"), l(), "S"), l("9C", "AD"), "lead: distinct");
        /* five-hand joker */
        eq(Kit.effectiveSuit("JOKER", "C"), "C", "joker's suit");
        eq(Kit.trickWinner(l("JC", "JOKER", "JS"), "C"), 1, "joker tops");
        eq(Kit.legalPlays(l("JOKER", "AH"), l("8C"), "C"), l("JOKER"), "joker follows trump");
        eq(Kit.ledSuit(l("JOKER", "8C"), "D"), "D", "joker led");
        /* flip */
        eq(Kit.trickWinner(l("AS", "BENNY", "JS", "BENNY"), "S"), 1, "first Benny");
        eq(Kit.trickWinner(l("CHARLIE", "9H", "10H"), "C"), 2, "Charlie never wins");
        eq(Kit.trickWinner(l("CHARLIE", "CHARLIE"), "C"), 0, "only Charlies");
        eq(Kit.ledSuit(l("BENNY", "9H"), "C"), null, "led Benny");
        eq(Kit.ledSuit(l("CHARLIE", "9H", "AS"), "C"), "H", "led Charlie");
        eq(Kit.legalPlays(l("AH", "BENNY", "CHARLIE", "KS"), l("9H"), "C"), l("AH", "BENNY", "CHARLIE"), "jokers playable");
        List<String> trick = l("JH", "9D", "KD", "CHARLIE");
        eq(Kit.ledSuit(l("JH"), "D"), "D", "JH led under D");
        eq(Kit.ledSuit(trick, "C"), "H", "JH after the flip to C");
        eq(Kit.legalPlays(l("AD", "QH"), trick, "C"), l("QH"), "follow hearts after the flip");
        eq(Kit.trickWinner(trick, "C"), 0, "diamonds cannot win");
        eq(Kit.trickWinner(l("JH", "9D", "KD", "CHARLIE", "9C"), "C"), 4, "a club trumps");
        eq(Kit.trumpOfCalling("BENNY"), "none", "joker calling card");

        Kit.State st = new Kit.State();
        String[] lines = TRANSCRIPT.split("\n");
        int done = 0, i;
        for (i = 0; i < 36; i++) {
            done += st.feed(lines[i]) ? 1 : 0;
        }
        eq(done, 3, "requests");
        eq(st.variant + " " + st.seat + " " + st.players, "hammerwalt 0 4", "handshake");
        eq(st.teams, List.of(List.of(0, 2), List.of(1, 3)), "teams");
        eq(st.partners(), List.of(2), "partners");
        eq(st.limits, Map.of("startup", "10000", "move", "1000", "bank", "0", "clock", "wall"), "limits");
        eq(st.request, "play", "request");
        eq(st.contract, new Kit.Play(1, "6"), "contract");
        eq(st.trump, "D", "trump");
        eq(st.auction.size() + " " + st.auction.get(3), "4 Play[seat=0, card=pass]", "auction");
        eq(st.trick, st.table, "trick = table");
        eq(st.trick.size(), 3, "trick");
        eq(st.timeMove + " " + st.timeBank, "1000 250", "time");
        eq(st.ledSuit(), "D", "led");
        eq(st.legalCards(), l("KD", "JH"), "legal cards");
        eq(st.winningSeat(), 1, "winning seat");
        eq(st.wouldWin("JH"), false, "the right bower holds");
        for (; i < lines.length; i++) {
            st.feed(lines[i]);
        }
        eq(st.tricks.get(0).cards(), l("JD", "10D", "9D", "KD"), "trick 1");
        eq(st.tricks.get(0).winner(), 1, "trick 1 winner");
        eq(st.won[1], 1, "won");
        eq(st.voids, Map.of(3, Set.of("C")), "seat 3 threw 9S on clubs");
        eq(st.held.contains("KD"), false, "KD played");

        st = new Kit.State();
        for (String s : l("variant fivehand", "players 5", "seat 4", "teams -", "hand 1 dealer 0", "declare 1 partner 3")) {
            st.feed(s);
        }
        eq(st.partners(), List.of(0, 2), "a defender's partners");
        st.feed("declare 3 partner 4");
        eq(st.partners(), List.of(3), "the bidder's partner's");
        st = new Kit.State();
        for (String s : l("variant flip", "players 3", "seat 0", "teams -", "deadhand 3", "hand 1 dealer 0",
                "calling JH", "play 1 KH", "play 2 CHARLIE", "flip 2 QD", "play 3 9S")) {
            st.feed(s);
        }
        eq(st.calling + " " + st.trump, "QD D", "flipped");
        eq(st.voids, Map.of(), "the dead hand shows no void");
        st.held = new ArrayList<>(l("AS", "9H"));
        st.feed("switch 0 9H QD");
        eq(st.held, l("AS", "QD"), "switched");
        eq(st.trump, "H", "trump after the switch");

        /* run: ready; an illegal answer (the bid, the first JC) becomes the first legal move */
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> seen = new ArrayList<>();
        Kit.State st1 = Kit.run(s -> {
            seen.add(s.request);
            return s.request.equals("play") ? "JC" : "nonsense";
        }, "t", new BufferedReader(new StringReader(TRANSCRIPT)), new PrintStream(out, true));
        eq(out.toString(), "ready2 t\npass\nKD\nJC\n", "run's answers");
        /* a match: a "game" line instead of quit, then the next game's handshake */
        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        Kit.State st2 = Kit.run(s -> s.request.equals("play") ? "JC" : "nonsense", "t",
            new BufferedReader(new StringReader(TRANSCRIPT.replace("quit\n", "game\n" + TRANSCRIPT))),
            new PrintStream(out2, true));
        eq(out2.toString(), "ready2 t\npass\nKD\nJC\n".repeat(2), "a match's answers");
        eq(st2.played, st1.played, "the second game's plays only");
        eq(seen, l("bid", "play", "play"), "run's requests");

        /* comments: one line, capped; the move before the "#" is checked, a replaced move loses its comment */
        eq(Kit.withComment("JH", "drawing\ntrump  now"), "JH # drawing trump now", "withComment");
        eq(Kit.withComment("pass", ""), "pass", "withComment empty");
        eq(Kit.withComment("7 H", "x".repeat(500)).length(), "7 H # ".length() + 200, "withComment cap");
        ByteArrayOutputStream out3 = new ByteArrayOutputStream();
        Kit.run(s -> Kit.withComment(s.request.equals("play") ? "JC" : "nonsense", "why"),
                "t", new BufferedReader(new StringReader(TRANSCRIPT)), new PrintStream(out3, true));
        eq(out3.toString(), "ready2 t\npass\nKD\nJC # why\n", "run's answers with comments");

        System.out.println("java unit: " + checks + " checks, " + fails + " failures");
        System.exit(fails == 0 ? 0 : 1);
    }
}
