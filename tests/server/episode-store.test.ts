import { test } from "node:test";
import assert from "node:assert/strict";
import { EpisodeStore, StoreFull } from "../../server/episode-store.js";
import { fixtureCatalog } from "../helpers.js";

const scenario = () => fixtureCatalog().get("test-move-dinner")!;

test("idle episodes expire and their listeners hear of it", () => {
  const store = new EpisodeStore({ idleMs: 1000, maxEpisodes: 10 });
  const closed: string[] = [];
  store.onClose((id) => closed.push(id));
  const old = store.create(scenario(), { tickSeconds: 5 }).episode;
  const fresh = store.create(scenario(), { tickSeconds: 5 }).episode;
  old.lastActive -= 5000;
  assert.equal(store.expire(), 1);
  assert.deepEqual(closed, [old.id]);
  assert.equal(store.get(old.id), undefined);
  assert.equal(store.get(fresh.id), fresh);
  store.close();
});

test("past the cap, creating an episode is refused with the seconds until one idles out; none is evicted", () => {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 2 });
  const a = store.create(scenario(), { tickSeconds: 5 }).episode;
  const b = store.create(scenario(), { tickSeconds: 5 }).episode;
  a.lastActive -= 20_000;
  assert.throws(() => store.create(scenario(), { tickSeconds: 5 }).episode, (e: unknown) => e instanceof StoreFull && e.retryAfterSeconds === 40);
  assert.equal(store.get(a.id), a);
  assert.equal(store.get(b.id), b);
  store.close();
});

test("episode ids are unguessable UUIDs", () => {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 10 });
  const id = store.create(scenario(), { tickSeconds: 5 }).episode.id;
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  store.close();
});
