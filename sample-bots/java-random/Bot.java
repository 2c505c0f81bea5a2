// java-random: a euchre-arena bot that plays a uniformly random legal move.
//
// The referee sends lines on standard input. Every decision it asks for
// ends with a line "legal MOVE,MOVE,..." listing every legal answer; answer
// with exactly one of them on one line (and flush). protocol.md describes
// the other lines. Print debugging output to System.err, never System.out.
// "ready2" in the handshake says it plays matches: after a game a "game"
// line and the next handshake come instead of "quit"; each seed reseeds.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.Random;

public class Bot {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintStream out = new PrintStream(System.out, true); // autoflush on println
        Random rng = new Random();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("seed ")) {
                rng = new Random(Long.parseLong(line.substring(5)));
            } else if (line.startsWith("legal ")) {
                String[] moves = line.substring(6).split(",");
                String answer = moves[rng.nextInt(moves.length)];
                if (answer.equals("ready"))
                    answer = "ready2 java-random"; // the handshake: matches, a name
                out.println(answer);
            } else if (line.equals("quit")) {
                break;
            }
        }
    }
}
