// js-random: a euchre-arena bot that plays a uniformly random legal move.
//
// The referee sends lines on standard input. Every decision it asks for
// ends with a line "legal MOVE,MOVE,..." listing every legal answer; answer
// with exactly one of them on one line. protocol.md describes the other
// lines. Print debugging output with console.error, never console.log.
// "ready2" in the handshake says it plays matches: after a game a "game"
// line and the next handshake come instead of "quit"; each seed reseeds.
"use strict";
const readline = require("readline");

// mulberry32: a small seeded generator, so games can be replayed
let state = 1;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  line = line.replace(/\r$/, "");
  if (line.startsWith("seed ")) {
    state = Number(BigInt(line.slice(5)) % 4294967296n) | 0;
  } else if (line.startsWith("legal ")) {
    const moves = line.slice(6).split(",");
    let answer = moves[Math.floor(random() * moves.length)];
    if (answer === "ready") answer = "ready2 js-random"; // the handshake: matches
    process.stdout.write(answer + "\n");
  } else if (line === "quit") {
    input.close();
  }
});
input.on("close", () => process.exit(0));
