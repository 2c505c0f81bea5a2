/*
 * JavaGarbage.java - a bot for t_cgroup: before 'ready' it allocates 2 GiB
 * of garbage in 1 MiB arrays, keeping at most 100 MiB of them alive, then
 * plays the first legal move. A JVM that sizes its heap from the whole
 * machine lets the garbage pile up past a cgroup limit before collecting;
 * one told its limit (JAVA_TOOL_OPTIONS, docs/sandbox.md) does not.
 */
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

public class JavaGarbage {
	public static void main(String[] args) throws IOException {
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
		ArrayDeque<byte[]> live = new ArrayDeque<>();
		String line;

		while ((line = in.readLine()) != null) {
			if (!line.startsWith("legal "))
				continue;
			String moves = line.substring(6);
			if (moves.equals("ready")) {
				for (int i = 0; i < 2048; i++) {
					byte[] b = new byte[1 << 20];
					b[i] = 1;
					live.add(b);
					if (live.size() > 100)
						live.poll();
				}
				System.out.println("ready garbage");
				System.out.flush();
				continue;
			}
			int comma = moves.indexOf(',');
			System.out.println(comma < 0 ? moves : moves.substring(0, comma));
			System.out.flush();
		}
	}
}
