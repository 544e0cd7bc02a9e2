import { test, after } from "node:test";
import assert from "node:assert/strict";
import request from "supertest";
import { createApp, DEFAULT_APP_OPTIONS } from "../../server/app.js";
import { EpisodeStore } from "../../server/episode-store.js";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";

// Sofia Lindqvist (shipped data) has a personal address (her card's first) and a work one.
const PERSONAL = "sofia.lindqvist@gmail.com";
const WORK = "sofia@lygonvets.com.au";

const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 100 });
const app = createApp(ScenarioCatalog.lazy(DEFAULT_DATA_DIR), store, DEFAULT_APP_OPTIONS);
after(() => store.close());

interface Email { id: string; folder: string; from: string }
type ToolReply = { ok: true; result: { email: Email } } | { ok: false; error: { code: string; field?: string; message: string } };

async function episodeWithDraft(): Promise<{ id: string; call: (tool: string, args: object) => Promise<ToolReply>; draft: Email }> {
  const id = (await request(app).post("/episodes").send({ scenario_id: "sofia-034" }).expect(201)).body.episode_id as string;
  const call = async (tool: string, args: object) => (await request(app).post(`/episodes/${id}/tools/${tool}`).send(args).expect(200)).body as ToolReply;
  const made = await call("send_email", { to: ["x@example.com"], subject: "Roster", body: "Draft", save_as_draft: true });
  assert.ok(made.ok);
  assert.equal(made.result.email.from, PERSONAL);
  return { id, call, draft: made.result.email };
}

test("modify_draft_email takes from, send_email's own field: the draft is sent from the address named (any case)", async () => {
  const { id, call, draft } = await episodeWithDraft();
  const moved = await call("modify_draft_email", { draft_id: draft.id, from: "Sofia@LygonVets.com.au" });
  assert.ok(moved.ok);
  assert.deepEqual([moved.result.email.folder, moved.result.email.from], ["drafts", WORK]);
  // Left out, it keeps the draft's.
  const sent = await call("modify_draft_email", { draft_id: draft.id, send: true });
  assert.ok(sent.ok);
  assert.deepEqual([sent.result.email.folder, sent.result.email.from], ["sent", WORK]);
  const state = (await request(app).get(`/episodes/${id}/state`).expect(200)).body.state as { emails: { id: string; from_address: string }[] };
  assert.equal(state.emails.find((e) => e.id === draft.id)?.from_address, WORK);
  // The tool schemas show the same field.
  const tools = (await request(app).get(`/episodes/${id}/tools?format=json_schema`).expect(200)).body.tools as { name: string; input: { properties: Record<string, { description?: string }> } }[];
  const fromOf = (name: string) => { const { description: _d, ...rest } = tools.find((t) => t.name === name)!.input.properties.from!; return rest; };
  assert.deepEqual(fromOf("modify_draft_email"), fromOf("send_email"));
});

test("a from that is not the user's own is a tool error naming the field and the allowed addresses, as in send_email; the draft is unchanged", async () => {
  const { id, call, draft } = await episodeWithDraft();
  const refused = await call("modify_draft_email", { draft_id: draft.id, from: "fergus.doyle.vet@gmail.com", send: true });
  const bySend = await call("send_email", { to: ["x@example.com"], subject: "Hi", body: "Hello", from: "fergus.doyle.vet@gmail.com" });
  assert.ok(!refused.ok && !bySend.ok);
  assert.deepEqual(refused.error, bySend.error);
  assert.equal(refused.error.code, "invalid_argument");
  assert.equal(refused.error.field, "from");
  assert.match(refused.error.message, new RegExp(`use one of: ${PERSONAL}, ${WORK}`));
  const malformed = await call("modify_draft_email", { draft_id: draft.id, from: "sofia" });
  assert.ok(!malformed.ok);
  assert.equal(malformed.error.field, "from");
  const state = (await request(app).get(`/episodes/${id}/state`).expect(200)).body.state as { emails: { id: string; folder: string; from_address: string }[] };
  const row = state.emails.find((e) => e.id === draft.id)!;
  assert.deepEqual([row.folder, row.from_address], ["drafts", PERSONAL]);
});
