import { test } from "node:test";
import assert from "node:assert/strict";
import { rougeL, rougeTokens } from "../../milestones/index.js";
import { lcsLength } from "../../milestones/rouge.js";

test("one substituted word in six gives F = 5/6, as rouge-score does", () => {
  assert.ok(Math.abs(rougeL("the cat sat on the mat", "the cat was on the mat") - 5 / 6) < 1e-12);
});

test("identical texts score 1 and disjoint texts 0", () => {
  assert.equal(rougeL("Running ten minutes late", "running ten minutes late!"), 1);
  assert.equal(rougeL("see you at noon", "happy birthday"), 0);
});

test("tokens are lower-cased alphanumeric runs; only tokens longer than 3 characters are stemmed", () => {
  assert.deepEqual(rougeTokens("Running, DOGS' meetings & cats!"), ["run", "dog", "meet", "cat"]);
  assert.deepEqual(rougeTokens("was is has"), ["was", "is", "has"]);
});

test("stemming makes inflections match: 'meeting moved' vs 'meetings move'", () => {
  assert.equal(rougeL("meeting moved", "meetings move"), 1);
});

test("precision and recall are combined into the F-measure", () => {
  // target 4 tokens, prediction 2 tokens, LCS 2: P = 1, R = 0.5, F = 2/3.
  assert.ok(Math.abs(rougeL("call mom back tonight", "call tonight") - 2 / 3) < 1e-12);
});

test("negation costs little under ROUGE-L (the teardown's example, 0.909)", () => {
  assert.ok(Math.abs(rougeL("Cellular service is turned off", "Cellular service is not turned off") - 10 / 11) < 1e-12);
});

test("empty texts score 0 as in rouge-score", () => {
  assert.equal(rougeL("", "anything"), 0);
  assert.equal(rougeL("", ""), 0);
});

test("LCS length is the longest common subsequence", () => {
  assert.equal(lcsLength(["a", "b", "c", "d"], ["b", "d", "a"]), 2);
  assert.equal(lcsLength([], ["a"]), 0);
});
