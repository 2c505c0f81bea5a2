/*
 * Oracle.java - holds the Java kit's helpers against the engine: reads game
 * records (referee --log FILE) and checks what the kit computes against
 * what the referee said, as kits/python/tests/oracle.py does:
 *  - each seat played by a program ("T S< line"): its lines feed a
 *    Kit.State; at each play request the kit's legal cards must be the
 *    legal list (flip's "X switch Y" counted as X) and the trick tracked
 *    from the events the table line; at each trick event trickWinner and
 *    wouldWin of the last card must name the referee's winner;
 *  - the record's own lines ("| line", every seat's plays) feed one more
 *    State, held to the same trick check.
 * Usage: java Oracle LOG...; exit 1 on any disagreement.
 */
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class Oracle {
    static final Set<String> FULL = Set.of("hand", "trump", "calling", "flip", "switch", "play", "trick", "contract");
    static final Pattern SEAT_LINE = Pattern.compile("^\\S+ (\\d+)< (.*)$");
    static long legal, tables, tricks, fails;

    static void fail(String where, String msg) {
        if (++fails <= 20) {
            System.out.println("FAIL " + where + ": " + msg);
        }
    }

    static void feed(Kit.State st, String line, String where) {
        int before = st.tricks.size();
        boolean done = st.feed(line);
        if (st.tricks.size() > before) {
            Kit.Trick t = st.tricks.get(st.tricks.size() - 1);
            int i = Kit.trickWinner(t.cards(), t.trump());
            if (t.seats().get(i) != t.winner()) {
                fail(where, "trick " + t.cards() + " under " + t.trump() + ": kit says seat " + t.seats().get(i)
                        + ", referee " + t.winner());
            }
            int n = t.cards().size();
            boolean last = Kit.wouldWin(t.cards().subList(0, n - 1), t.cards().get(n - 1), t.trump());
            if (last != (t.seats().get(n - 1) == t.winner())) {
                fail(where, "wouldWin of " + t.cards() + " is " + last);
            }
            tricks++;
        }
        if (done && "play".equals(st.request)) {
            Set<String> want = new TreeSet<>(), got = new TreeSet<>(st.legalCards());
            for (String m : st.legal) {
                want.add(m.split(" ")[0]);
            }
            if (!want.equals(got) || got.size() != st.legalCards().size()) {
                fail(where, "held " + st.held + " trick " + st.trick + " trump " + st.trump + ": kit " + got
                        + ", referee " + want);
            }
            if (!st.table.equals(st.trick)) {
                fail(where, "tracked trick " + st.trick + ", table line " + st.table);
            }
            legal++;
            tables++;
        }
        if (done) {
            st.request = null;
        }
    }

    static void checkLog(String path) throws IOException {
        Map<Integer, Kit.State> seats = new HashMap<>();
        Kit.State full = null;
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(new FileInputStream(path), StandardCharsets.ISO_8859_1))) {
            String line;
            long n = 0;
            while ((line = in.readLine()) != null) {
                String where = path + ":" + ++n;
                if (line.startsWith("game ")) {
                    seats = new HashMap<>();
                    full = new Kit.State();
                } else if (line.startsWith("| ")) {
                    if (full != null && FULL.contains(line.substring(2).split(" ")[0])) {
                        feed(full, line.substring(2), where);
                    }
                } else {
                    Matcher m = SEAT_LINE.matcher(line);
                    if (m.matches()) {
                        feed(seats.computeIfAbsent(Integer.parseInt(m.group(1)), x -> new Kit.State()), m.group(2), where);
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: java Oracle LOG...");
            System.exit(2);
        }
        for (String path : args) {
            checkLog(path);
        }
        System.out.println("java oracle: " + legal + " legal lists, " + tables + " tables, " + tricks
                + " tricks checked, " + fails + " disagreements");
        if (legal < 1000 || tricks < 1000) {
            System.out.println("FAIL: too few positions in the records");
            System.exit(1);
        }
        System.exit(fails == 0 ? 0 : 1);
    }
}
