/*
 * Bot.java - a simple sensible euchre-arena bot built on Kit (start yours
 * here). It bids what its trumps and aces promise, names its best trump,
 * gives and discards its weakest cards (its best to an alone bidder), wins
 * a trick as cheaply as it can unless a partner already holds it, and
 * otherwise throws its weakest card. Debug output goes to System.err.
 */
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public final class Bot {
    /** Tricks the cards may take with this trump: trumps, aces (nines in low). */
    static int strength(List<String> cards, String trump) {
        String top = "low".equals(trump) ? "9" : "A";
        return (int) cards.stream().filter(c -> Kit.isTrump(c, trump) || top.equals(Kit.cardRank(c))).count();
    }

    static String weakest(List<String> cards, String trump) {
        return cards.stream().min(Comparator.comparingInt(c -> Kit.power(c, trump))).orElseThrow();
    }

    static String strongest(List<String> cards, String trump) {
        return cards.stream().max(Comparator.comparingInt(c -> Kit.power(c, trump))).orElseThrow();
    }

    static String bid(Kit.State st) {
        List<String> legal = st.legal;
        if (st.variant.equals("fivehand")) { /* order / order H / H / pass */
            if (legal.contains("order")) {
                return strength(st.held, Kit.cardSuit(st.upcard)) >= 3 ? "order" : "pass";
            }
            String best = null;
            for (String m : legal) {
                String t = m.substring(m.length() - 1);
                if (Kit.SUITS.contains(t) && (best == null || strength(st.held, t) > strength(st.held, best.substring(best.length() - 1)))) {
                    best = m;
                }
            }
            boolean good = best != null && (strength(st.held, best.substring(best.length() - 1)) >= 3 || !legal.contains("pass"));
            return good ? best : legal.get(0);
        }
        String t = "C";
        for (String m : List.of("D", "H", "S", "high", "low")) {
            t = strength(st.held, m) > strength(st.held, t) ? m : t;
        }
        int est = strength(st.held, t) + (st.variant.equals("flip") ? 1 : 0);
        List<String> numeric = new ArrayList<>(), fits = new ArrayList<>();
        for (String m : legal) {
            String[] w = m.split(" ");
            if (Character.isDigit(m.charAt(0)) && (w.length == 1 || w[1].equals(t))) {
                numeric.add(m);
                if (Integer.parseInt(w[0]) <= est) {
                    fits.add(m);
                }
            }
        }
        if (st.variant.equals("flip")) {
            return fits.isEmpty() ? numeric.get(0) : fits.get(fits.size() - 1);
        }
        if (!fits.isEmpty()) {
            return st.variant.equals("hammerwalt") ? fits.get(0) : fits.get(fits.size() - 1);
        }
        return legal.contains("pass") ? "pass" : numeric.get(0);
    }

    static String decide(Kit.State st) {
        switch (st.request) {
        case "bid": return bid(st);
        case "trump": return st.legal.stream().max(Comparator.comparingInt(t -> strength(st.held, t))).orElseThrow();
        case "declare": return "partner";
        case "give": return st.contract.seat() != st.seat ? strongest(st.legal, st.trump) : weakest(st.legal, st.trump);
        case "discard": return weakest(st.legal, st.trump);
        default: break;
        }
        List<String> cards = st.legal.stream().filter(m -> !m.contains(" ")).toList(); /* no flip switches */
        if (st.trick.isEmpty()) {
            return strongest(cards, st.trump);
        }
        if (st.partners().contains(st.winningSeat())) {
            return weakest(cards, st.trump);
        }
        List<String> winners = cards.stream().filter(st::wouldWin).toList();
        return weakest(winners.isEmpty() ? cards : winners, st.trump);
    }

    public static void main(String[] args) throws IOException {
        Kit.run(Bot::decide, "java-kit-example");
    }
}
