/* SbxHello.java - a trivial Java program for the sandbox tests (run as `java SbxHello.java`). */
public class SbxHello {
	public static void main(String[] args) {
		System.out.println("java " + (6 * 7));
	}
}
