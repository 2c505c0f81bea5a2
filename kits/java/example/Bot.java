/*
 * Bot.java - a simple sensible euchre-arena bot built on Kit (start yours
 * here). It bids what its trumps and aces promise, names its best trump,
 * gives and discards its weakest cards (its best to an alone bidder), wins
 * a trick as cheaply as it can unless a partner already holds it, and
 * otherwise throws its weakest card. Debug output goes to System.err.
 */
import java.io.IOException;
import java.util.Comparator;
import java.util.List;

public final class Bot {
    /** Tricks the cards may take with this trump: trumps, aces (nines in low). */
    static int strength(List<String> cards, String trump) {
        String top = "low".equals(trump) ? "9" : "A";
        return (int) cards.stream().filter(c -> Kit.isTrump(c, trump) || top.equals(Kit.cardRank(c))).count();
    }

    /** The card of least (sign 1) or most (sign -1) power. */
    static String least(List<String> cards, String trump, int sign) {
        return cards.stream().min(Comparator.comparingInt(c -> sign * Kit.power(c, trump))).orElseThrow();
    }

    /** The trump a move names: its last word ("H", "order H", "7 H", "high"). */
    static String named(String move) {
        return move.substring(move.lastIndexOf(' ') + 1);
    }

    /** The legal move naming the trump we are strongest in. */
    static String bestNamed(Kit.State st) {
        return st.legal.stream().filter(m -> List.of("C", "D", "H", "S", "high", "low").contains(named(m)))
                .max(Comparator.comparingInt(m -> strength(st.held, named(m)))).orElse(st.legal.get(0));
    }

    static String bid(Kit.State st) {
        boolean pass = st.legal.contains("pass");
        if (st.variant.equals("fivehand")) { /* order (round 1), order H (the joker turned), or a suit */
            String best = st.legal.contains("order") ? "order " + Kit.cardSuit(st.upcard) : bestNamed(st);
            boolean good = strength(st.held, named(best)) >= 3 || !pass;
            return good ? (st.legal.contains("order") ? "order" : best) : st.legal.get(0);
        }
        String t = List.of("C", "D", "H", "S", "high", "low").stream()
                .max(Comparator.comparingInt(m -> strength(st.held, m))).orElseThrow();
        int est = strength(st.held, t) + (st.variant.equals("flip") ? 1 : 0);
        List<String> numeric = st.legal.stream()
                .filter(m -> Character.isDigit(m.charAt(0)) && (!m.contains(" ") || named(m).equals(t))).toList();
        List<String> fits = numeric.stream().filter(m -> Integer.parseInt(m.split(" ")[0]) <= est).toList();
        if (fits.isEmpty()) {
            return pass && !st.variant.equals("flip") ? "pass" : numeric.get(0);
        }
        return st.variant.equals("hammerwalt") ? fits.get(0) : fits.get(fits.size() - 1);
    }

    static String decide(Kit.State st) {
        switch (st.request) {
        case "bid": return bid(st);
        case "trump": return bestNamed(st);
        case "declare": return "partner";
        case "give": return least(st.legal, st.trump, st.contract.seat() != st.seat ? -1 : 1);
        case "discard": return least(st.legal, st.trump, 1);
        default: break;
        }
        List<String> cards = st.legal.stream().filter(m -> !m.contains(" ")).toList(); /* no flip switches */
        if (st.trick.isEmpty()) {
            return least(cards, st.trump, -1); /* lead our best */
        }
        List<String> winners = cards.stream().filter(st::wouldWin).toList();
        boolean partnerHolds = st.partners().contains(st.winningSeat());
        String card = least(partnerHolds || winners.isEmpty() ? cards : winners, st.trump, 1);
        return Kit.withComment(card, partnerHolds ? "partner holds it" : winners.isEmpty() ? "cannot win" : "cheapest winner");
    }

    public static void main(String[] args) throws IOException {
        Kit.run(Bot::decide, "java-kit-example");
    }
}
