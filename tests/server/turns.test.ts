import { test } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { Turns } from "../../server/turns.js";

const tick = () => new Promise<void>((r) => setImmediate(r));

test("units run one at a time, in order, and a request read meanwhile is served between two", async () => {
  const turns = new Turns();
  const log: string[] = [];
  const unit = (name: string) => turns.run(new EventEmitter(), async () => {
    log.push(`${name} start`);
    await tick(); await tick();
    log.push(`${name} end`);
    return name;
  });
  const all = Promise.all([unit("a"), unit("b"), unit("c")]);
  // Queued from the poll phase's point of view: nothing has run yet.
  assert.equal(log.length, 0);
  const between = new Promise<void>((r) => setImmediate(() => { log.push("other"); r(); }));
  assert.deepEqual(await all, ["a", "b", "c"]);
  await between;
  assert.deepEqual(log.filter((l) => l !== "other"), ["a start", "a end", "b start", "b end", "c start", "c end"]);
  assert.ok(log.indexOf("other") < log.indexOf("b start"), log.join(", "));
});

test("a failing unit rejects its own call only; a closed response releases the queue though its unit still waits", async () => {
  const turns = new Turns();
  await assert.rejects(turns.run(new EventEmitter(), async () => { throw new Error("boom"); }), /boom/);
  const res = new EventEmitter();
  let finish!: () => void;
  const stuck = turns.run(res, () => new Promise<string>((r) => { finish = () => r("late"); }));
  const after = turns.run(new EventEmitter(), async () => "next");
  await tick(); await tick();
  res.emit("close");
  assert.equal(await after, "next");
  finish();
  assert.equal(await stuck, "late");
});
