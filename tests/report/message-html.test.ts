import { test } from "node:test";
import assert from "node:assert/strict";
import { messageHtml } from "../../report/message-html.js";
import { attachMisstatements, attachReadings, type NodeView, type StepView } from "../../report/episode-view.js";

test("an agent's markdown is rendered: headings, bold, lists and tables", () => {
  const html = messageHtml("## Friday\n\n- **Dinner** at 7pm\n\n| Who | When |\n|---|---|\n| Jess | 7pm |");
  assert.match(html, /<h2>Friday<\/h2>/);
  assert.match(html, /<strong>Dinner<\/strong>/);
  assert.match(html, /<td>Jess<\/td>/);
});

test("raw HTML in a message is shown as text, and only http(s) and mailto links are links", () => {
  const html = messageHtml('Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](https://example.org)');
  assert.doesNotMatch(html, /<script|<img|javascript:/);
  assert.match(html, /&lt;script&gt;/);
  assert.match(html, /<a href="https:\/\/example.org" rel="noopener noreferrer"/);
});

test("each answer milestone's reading goes on the last message it read", () => {
  const steps: StepView[] = [{ index: 3, kind: "agent", time: null, content: "a" }, { index: 4, kind: "agent", time: null, content: "b" }];
  const nodes: NodeView[] = [{
    dag: "milestone", id: "answered", category: "response", step: 4, similarity: 0, hit: false, why: "",
    constraints: [{ kind: "response", similarity: 0, details: { messages: [3, 4], facts: [{ fact: "9am", status: "missing" }], asserted_distractors: [{ distractor: "8am", statement: "it is at 8am", words: "8am" }] } }],
  }];
  attachReadings(steps, nodes);
  assert.equal(steps[0]!.readings, undefined);
  assert.deepEqual(steps[1]!.readings!.map((r) => [r.node, r.facts.length, r.distractors[0]!.words]), [["answered", 1, "8am"]]);
});

test("a misstatement goes on the message that made it", () => {
  const steps: StepView[] = [{ index: 3, kind: "agent", time: null, content: "a" }, { index: 4, kind: "agent", time: null, content: "b" }];
  attachMisstatements(steps, [{ step: 3, reason: 'the answer says "thu 16 oct", but that date is Friday, 16 October 2026' }]);
  assert.deepEqual(steps[0]!.readings!.map((r) => [r.kind, r.reason]), [["misstatement", 'the answer says "thu 16 oct", but that date is Friday, 16 October 2026']]);
  assert.equal(steps[1]!.readings, undefined);
});
