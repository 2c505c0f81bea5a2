/*
 * Kit.java - a starter kit for euchre-arena bots in Java (JDK only).
 *
 * It reads the referee's lines (protocol.md) into a Kit.State, keeps the
 * hand's public history, and offers the helpers a strategy needs: the
 * effective suit of a card (bowers, the five-hand joker, flip's Benny and
 * Charlie), its power under every trump mode, the led suit, the winner of a
 * trick and whether a card would win it, and the cards that may legally be
 * played.
 *
 * Cards are the protocol's tokens in canonical form: "9H", "10H", "JD",
 * "JOKER", "BENNY", "CHARLIE". Trump modes: "C" "D" "H" "S", "high",
 * "low", and "none" (flip, a joker as the calling card: ranked as high);
 * null before trump is known. Suits are one-letter strings; null: none.
 *
 * Write a bot as a Kit.Decider returning one of state.legal and call
 * Kit.run(decider, "my-bot-name"); example/Bot.java shows one.
 */
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

public final class Kit {
    public static final List<String> SUITS = List.of("C", "D", "H", "S");
    public static final List<String> RANKS = List.of("8", "9", "10", "J", "Q", "K", "A");
    public static final int TRUMP_POWER = 64; /* added to a trump's power */

    private Kit() {
    }

    static boolean isSuit(String t) {
        return t != null && SUITS.contains(t);
    }

    public static boolean isJoker(String c) {
        return c.equals("JOKER") || isFlipJoker(c);
    }

    public static boolean isFlipJoker(String c) {
        return c.equals("BENNY") || c.equals("CHARLIE");
    }

    /** The canonical form of a card token ("th" -> "10H"). */
    public static String parseCard(String tok) {
        String t = tok.trim().toUpperCase();
        if (isJoker(t)) {
            return t;
        }
        if (t.length() >= 2) {
            String rank = t.substring(0, t.length() - 1), suit = t.substring(t.length() - 1);
            if (rank.equals("T")) {
                rank = "10";
            }
            if (RANKS.contains(rank) && isSuit(suit)) {
                return rank + suit;
            }
        }
        throw new IllegalArgumentException("not a card: " + tok);
    }

    /** The printed suit, null for a joker. */
    public static String cardSuit(String c) {
        return isJoker(c) ? null : c.substring(c.length() - 1);
    }

    /** The rank ("8" ... "A"), null for a joker. */
    public static String cardRank(String c) {
        return isJoker(c) ? null : c.substring(0, c.length() - 1);
    }

    /** The other suit of the same colour: C-S, D-H. */
    public static String sameColour(String s) {
        switch (s) {
        case "C": return "S";
        case "S": return "C";
        case "D": return "H";
        default: return "D";
        }
    }

    /** Flip: the trump a calling card sets (its suit; "none" for a joker). */
    public static String trumpOfCalling(String c) {
        return isJoker(c) ? "none" : cardSuit(c);
    }

    /** The suit a card belongs to under trump: the left bower and the
     *  five-hand joker belong to the trump suit; flip's jokers to null. */
    public static String effectiveSuit(String card, String trump) {
        if (card.equals("JOKER")) {
            return isSuit(trump) ? trump : null;
        }
        if (isFlipJoker(card)) {
            return null;
        }
        String suit = cardSuit(card);
        if (isSuit(trump) && cardRank(card).equals("J") && suit.equals(sameColour(trump))) {
            return trump;
        }
        return suit;
    }

    /** True if the card is a trump (never under high, low or none). */
    public static boolean isTrump(String card, String trump) {
        return isSuit(trump) && trump.equals(effectiveSuit(card, trump));
    }

    /** Strength inside the effective suit, 1 = weakest; trumps get
     *  TRUMP_POWER added. Trump: joker, right, left, A K Q 10 9 8; plain:
     *  A K Q J 10 9 8; low: 9 10 J Q K A (nine best). Flip's jokers: 0. */
    public static int power(String card, String trump) {
        if (isJoker(card)) {
            return card.equals("JOKER") && isSuit(trump) ? TRUMP_POWER + 9 : 0;
        }
        int rank = RANKS.indexOf(cardRank(card));
        String suit = cardSuit(card);
        if (isSuit(trump)) {
            if (rank == 3 && suit.equals(trump)) {
                return TRUMP_POWER + 8; /* right bower */
            }
            if (rank == 3 && suit.equals(sameColour(trump))) {
                return TRUMP_POWER + 7; /* left bower */
            }
            if (suit.equals(trump)) {
                return TRUMP_POWER + new int[] {1, 2, 3, 0, 4, 5, 6}[rank];
            }
        }
        return "low".equals(trump) ? 7 - rank : rank + 1;
    }

    /** The suit to follow in a trick of these cards (play order), or null:
     *  none led, a Benny led, only Charlies so far (after a led Charlie the
     *  first non-joker card sets it). In flip, under the trump in force now. */
    public static String ledSuit(List<String> cards, String trump) {
        if (cards.isEmpty() || cards.get(0).equals("BENNY")) {
            return null;
        }
        for (String c : cards) {
            if (!isFlipJoker(c)) {
                return effectiveSuit(c, trump);
            }
        }
        return null;
    }

    /** A card's worth in a trick led in suit led: its power when a trump
     *  or following, else 0 (flip's jokers: 0). */
    public static int trickKey(String card, String led, String trump) {
        if (isFlipJoker(card)) {
            return 0;
        }
        String eff = effectiveSuit(card, trump);
        return isTrump(card, trump) || (eff != null && eff.equals(led)) ? power(card, trump) : 0;
    }

    /** Index of the card winning the trick so far: the first Benny; else
     *  the best trump, else the best of the led suit, the first of two
     *  identical cards; only Charlies: the first. -1 for an empty trick. */
    public static int trickWinner(List<String> cards, String trump) {
        if (cards.isEmpty()) {
            return -1;
        }
        int benny = cards.indexOf("BENNY");
        if (benny >= 0) {
            return benny;
        }
        String led = ledSuit(cards, trump);
        if (led == null) {
            return 0;
        }
        int best = 0, bestKey = -1;
        for (int i = 0; i < cards.size(); i++) {
            int k = trickKey(cards.get(i), led, trump);
            if (k > bestKey) {
                best = i;
                bestKey = k;
            }
        }
        return best;
    }

    /** True if card, played now to the trick cards, would be winning it. */
    public static boolean wouldWin(List<String> cards, String card, String trump) {
        List<String> all = new ArrayList<>(cards);
        all.add(card);
        return trickWinner(all, trump) == cards.size();
    }

    /** The distinct cards of hand that may be played to the trick: those
     *  of the led suit if any (plus flip's jokers), else any card. */
    public static List<String> legalPlays(List<String> hand, List<String> cards, String trump) {
        String led = ledSuit(cards, trump);
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(hand));
        if (led == null) {
            return distinct;
        }
        List<String> out = new ArrayList<>();
        boolean follow = false;
        for (String c : distinct) {
            if (!isFlipJoker(c) && led.equals(effectiveSuit(c, trump))) {
                follow = true;
            }
        }
        if (!follow) {
            return distinct;
        }
        for (String c : distinct) {
            if (isFlipJoker(c) || led.equals(effectiveSuit(c, trump))) {
                out.add(c);
            }
        }
        return out;
    }

    /** A seat and a card (a play) or a seat and a bid text. */
    public record Play(int seat, String card) {
    }

    /** A finished trick: seats and cards in play order, the trump at its
     *  end, the winner's seat (from the referee). */
    public record Trick(List<Integer> seats, List<String> cards, String trump, int winner) {
    }

    /** Everything a seat may know, updated line by line with feed(). */
    public static final class State {
        /* the game (handshake) */
        public String variant;
        public final Map<String, String> options = new HashMap<>();
        public int players, seat = -1;
        public List<List<Integer>> teams; /* null where all play alone */
        public Integer deadhand; /* flip with an odd player count */
        public long seed;
        public final Map<String, String> limits = new HashMap<>(); /* startup, move, bank, clock */
        public int budget;
        public List<Integer> score = new ArrayList<>(), ranks;
        /* the hand */
        public int handNo, dealer = -1;
        public List<String> dealt = new ArrayList<>(), held = new ArrayList<>();
        public String upcard, calling, trump;
        public List<Play> auction = new ArrayList<>(); /* seat and bid text; flip's bids too */
        public Play contract; /* bidder and bid text, null: none */
        public Integer declaredBidder, declaredPartner; /* five-hand; partner null: alone */
        public Set<Integer> sittingOut = new HashSet<>();
        public List<Play> trick = new ArrayList<>(); /* from the play events */
        public List<Trick> tricks = new ArrayList<>();
        public int[] won = new int[0];
        public List<Play> played = new ArrayList<>();
        public Map<Integer, Set<String>> voids = new HashMap<>();
        public List<Play> gave = new ArrayList<>(), received = new ArrayList<>();
        public List<String> discarded = new ArrayList<>();
        public Play pickup;
        public List<String> callingHistory = new ArrayList<>(); /* "switch 2 KS 9H", "flip 2 QD" */
        /* the decision being asked */
        public String request; /* ready, bid, trump, declare, give, discard, play */
        public Integer to; /* give requests: the receiver */
        public List<Play> table = new ArrayList<>();
        public Integer timeMove, timeBank;
        public List<String> legal = new ArrayList<>();

        void newHand(int number, int dealerSeat) {
            handNo = number;
            dealer = dealerSeat;
            dealt = new ArrayList<>();
            held = new ArrayList<>();
            upcard = calling = trump = null;
            auction = new ArrayList<>();
            contract = null;
            declaredBidder = declaredPartner = null;
            sittingOut = new HashSet<>();
            trick = new ArrayList<>();
            tricks = new ArrayList<>();
            won = new int[players + (deadhand != null ? 1 : 0)];
            played = new ArrayList<>();
            voids = new HashMap<>();
            gave = new ArrayList<>();
            received = new ArrayList<>();
            discarded = new ArrayList<>();
            pickup = null;
            callingHistory = new ArrayList<>();
        }

        public List<String> trickCards() {
            List<String> out = new ArrayList<>();
            for (Play p : trick) {
                out.add(p.card());
            }
            return out;
        }

        public String ledSuit() {
            return Kit.ledSuit(trickCards(), trump);
        }

        /** The cards the rules let this seat play now (held, trick, trump). */
        public List<String> legalCards() {
            return legalPlays(held, trickCards(), trump);
        }

        /** The seat winning the trick so far, or -1. */
        public int winningSeat() {
            int i = trickWinner(trickCards(), trump);
            return i < 0 ? -1 : trick.get(i).seat();
        }

        public boolean wouldWin(String card) {
            return Kit.wouldWin(trickCards(), card, trump);
        }

        /** This seat's partners now: the team, five-hand's declared side
         *  (the other defenders for a defender), none in flip. */
        public List<Integer> partners() {
            List<Integer> out = new ArrayList<>();
            if (teams != null) {
                for (List<Integer> t : teams) {
                    if (t.contains(seat)) {
                        for (int s : t) {
                            if (s != seat) {
                                out.add(s);
                            }
                        }
                    }
                }
            } else if ("fivehand".equals(variant) && declaredBidder != null) {
                boolean mine = seat == declaredBidder || Integer.valueOf(seat).equals(declaredPartner);
                for (int s = 0; s < players; s++) {
                    boolean in = s == declaredBidder || Integer.valueOf(s).equals(declaredPartner);
                    if (s != seat && in == mine) {
                        out.add(s);
                    }
                }
            }
            return out;
        }

        static List<Play> seatList(String rest) {
            List<Play> out = new ArrayList<>();
            if (rest.equals("-") || rest.isEmpty()) {
                return out;
            }
            for (String item : rest.split(",")) {
                int sp = item.indexOf(' ');
                out.add(new Play(Integer.parseInt(item.substring(0, sp)), item.substring(sp + 1)));
            }
            return out;
        }

        /** Reads one line; true when it completes a request (its legal
         *  line): request and legal say what to answer. */
        public boolean feed(String line) {
            int sp = line.indexOf(' ');
            String k = sp < 0 ? line : line.substring(0, sp);
            String rest = sp < 0 ? "" : line.substring(sp + 1);
            String[] a = rest.isEmpty() ? new String[0] : rest.split(" ");
            switch (k) {
            case "legal" -> {
                legal = new ArrayList<>(Arrays.asList(rest.split(",")));
                return true;
            }
            case "variant" -> variant = a[0];
            case "option" -> options.put(a[0], rest.substring(a[0].length()).trim());
            case "players" -> players = Integer.parseInt(a[0]);
            case "seat" -> seat = Integer.parseInt(a[0]);
            case "teams" -> {
                teams = null;
                if (!rest.equals("-")) {
                    teams = new ArrayList<>();
                    for (String t : rest.split(",")) {
                        List<Integer> team = new ArrayList<>();
                        for (String s : t.split(" ")) {
                            team.add(Integer.parseInt(s));
                        }
                        teams.add(team);
                    }
                }
            }
            case "deadhand" -> deadhand = Integer.parseInt(a[0]);
            case "seed" -> seed = Long.parseLong(a[0]);
            case "time" -> {
                if (a[0].equals("startup")) {
                    for (int i = 0; i + 1 < a.length; i += 2) {
                        limits.put(a[i], a[i + 1]);
                    }
                } else {
                    timeMove = Integer.parseInt(a[0]);
                    timeBank = a[1].equals("-") ? null : Integer.valueOf(a[1]);
                }
            }
            case "budget" -> budget = Integer.parseInt(a[0]);
            case "hand" -> newHand(Integer.parseInt(a[0]), Integer.parseInt(a[2]));
            case "cards" -> {
                dealt = new ArrayList<>(Arrays.asList(a));
                held = new ArrayList<>(dealt);
            }
            case "held" -> held = rest.equals("-") ? new ArrayList<>() : new ArrayList<>(Arrays.asList(a));
            case "turnup", "upcard" -> upcard = a[0];
            case "calling" -> setCalling(a[0]);
            case "bid" -> auction.add(new Play(Integer.parseInt(a[0]), rest.substring(a[0].length() + 1)));
            case "auction", "bids" -> auction = seatList(rest);
            case "contract" -> contract = a[0].equals("-") ? null
                    : new Play(Integer.parseInt(a[0]), rest.substring(a[0].length() + 1));
            case "trump" -> trump = a[0];
            case "declare" -> {
                declaredBidder = Integer.parseInt(a[0]);
                declaredPartner = a[1].equals("partner") ? Integer.valueOf(a[2]) : null;
            }
            case "pickup" -> pickup = new Play(Integer.parseInt(a[0]), a[1]);
            case "give" -> {
                int from = Integer.parseInt(a[0]), dest = Integer.parseInt(a[1]);
                if (a.length > 2 && from == seat) {
                    gave.add(new Play(dest, a[2]));
                }
                if (a.length > 2 && dest == seat) {
                    received.add(new Play(from, a[2]));
                }
            }
            case "discard" -> {
                if (a.length > 1 && Integer.parseInt(a[0]) == seat) {
                    discarded.add(a[1]);
                }
            }
            case "sitout" -> sittingOut.add(Integer.parseInt(a[0]));
            case "play" -> play(Integer.parseInt(a[0]), a[1]);
            case "switch" -> {
                callingHistory.add(line);
                setCalling(a[1]);
                if (Integer.parseInt(a[0]) == seat && held.remove(a[1])) {
                    held.add(a[2]);
                }
            }
            case "flip" -> {
                callingHistory.add(line);
                setCalling(a[1]);
            }
            case "trick" -> {
                int w = Integer.parseInt(a[2]);
                List<Integer> seats = new ArrayList<>();
                for (Play p : trick) {
                    seats.add(p.seat());
                }
                tricks.add(new Trick(seats, trickCards(), trump, w));
                if (w < won.length) {
                    won[w]++;
                }
                trick = new ArrayList<>();
            }
            case "handend", "gameover" -> {
                List<String> words = Arrays.asList(a);
                int i = words.indexOf("score");
                score = new ArrayList<>();
                for (String x : words.subList(i + 1, words.size())) {
                    score.add(Integer.parseInt(x));
                }
                if (k.equals("gameover")) {
                    ranks = new ArrayList<>();
                    for (String x : words.subList(1, i)) {
                        ranks.add(Integer.parseInt(x));
                    }
                }
            }
            case "request" -> {
                request = a[0];
                to = null;
            }
            case "to" -> to = Integer.parseInt(a[0]);
            case "table" -> table = seatList(rest);
            case "won" -> {
                won = new int[a.length];
                for (int i = 0; i < a.length; i++) {
                    won[i] = Integer.parseInt(a[i]);
                }
            }
            default -> {
            }
            }
            return false;
        }

        void setCalling(String c) {
            calling = c;
            trump = trumpOfCalling(c);
        }

        void play(int who, String card) {
            String led = ledSuit();
            if (led != null && (deadhand == null || who != deadhand) && !isFlipJoker(card)
                    && !led.equals(effectiveSuit(card, trump))) {
                voids.computeIfAbsent(who, x -> new TreeSet<>()).add(led);
            }
            trick.add(new Play(who, card));
            played.add(new Play(who, card));
            if (who == seat) {
                held.remove(card);
            }
        }
    }

    /** A strategy: one of state.legal for the request in state. */
    public interface Decider {
        String decide(State state);
    }

    /** Bytes of a comment the referee keeps. */
    public static final int COMMENT_MAX = 200;

    /** The answer move with a comment: "JH # cheapest winner" (protocol.md,
     *  "Comments"). The game's page shows it beside the move; no other bot
     *  ever sees it. text is made one line and cut to COMMENT_MAX bytes (of
     *  ASCII; other characters are left out); an empty text gives the move
     *  alone. run() checks the move before the "#". */
    public static String withComment(String move, String text) {
        String t = String.join(" ", text.trim().split("\\s+")).replaceAll("[^ -~]", "");
        if (t.length() > COMMENT_MAX) {
            t = t.substring(0, COMMENT_MAX);
        }
        return t.isEmpty() ? move : move + " # " + t;
    }

    /** The bot's loop on standard input and output: answers the handshake
     *  with "ready2 NAME" (it plays matches: after a "game" line the next
     *  game's handshake follows, and a fresh State reads it) and every
     *  other request with the decider's move, which may carry a comment
     *  (withComment()); a move not in state.legal is replaced by the first
     *  legal one (and said on standard error). Returns the state at quit or
     *  end of input. */
    public static State run(Decider decider, String name, BufferedReader in, PrintStream out)
            throws IOException {
        State state = new State();
        String line;
        while ((line = in.readLine()) != null && !line.equals("quit")) {
            if (line.equals("game")) {
                state = new State(); // the next game of the match
                continue;
            }
            if (!state.feed(line)) {
                continue;
            }
            String move;
            if (state.request.equals("ready")) {
                move = "ready2 " + name;
            } else {
                String answer = decider.decide(state);
                int hash = answer.indexOf('#');
                String comment = hash < 0 ? "" : answer.substring(hash + 1);
                move = (hash < 0 ? answer : answer.substring(0, hash)).stripTrailing();
                if (!state.legal.contains(move)) {
                    System.err.println(name + ": '" + move + "' is not legal, playing " + state.legal.get(0));
                    move = state.legal.get(0);
                    comment = "";
                }
                move = withComment(move, comment);
            }
            state.request = null;
            out.println(move);
            out.flush();
        }
        return state;
    }

    public static State run(Decider decider, String name) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        return run(decider, name, in, System.out);
    }
}
