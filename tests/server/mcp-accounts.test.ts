import { test } from "node:test";
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createApp, DEFAULT_APP_OPTIONS } from "../../server/app.js";
import { EpisodeStore } from "../../server/episode-store.js";
import { DEFAULT_LISTEN_OPTIONS, listen } from "../../server/http-server.js";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { connectMcp } from "./start.js";

// An MCP client (the SDK's) replying in a thread that reached the protagonist at her work
// address: the reply leaves from that address, and the scenario that checks it scores 1.

test("over MCP, a reply in a work thread goes out from the work address and scores 1 (sofia-034)", async () => {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 10 });
  const app = createApp(ScenarioCatalog.lazy(DEFAULT_DATA_DIR), store, DEFAULT_APP_OPTIONS);
  const server = await listen(app, { port: 0, host: "127.0.0.1", ...DEFAULT_LISTEN_OPTIONS });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    let episodeId: string | null = null;
    const transport = new StreamableHTTPClientTransport(new URL(`${url}/scenarios/sofia-034/mcp?user_tool=1`), {
      fetch: async (input, init) => {
        const r = await fetch(input, init);
        episodeId ??= r.headers.get("x-pimbox-episode-id");
        return r;
      },
    });
    const client = await connectMcp(transport);
    const found = await client.callTool({ name: "search_emails", arguments: { from: "fergus" } });
    const email = (found.structuredContent as { emails: { id: string; to: string[] }[] }).emails[0]!;
    assert.deepEqual([email.id, email.to], ["em_fergus_hello_oct11", ["sofia@lygonvets.com.au"]]);
    const sent = await client.callTool({ name: "send_email", arguments: {
      to: ["fergus.doyle.vet@gmail.com"], reply_to_email_id: email.id,
      body: "Hi Fergus, I won't be in until 11 on Monday, but Jo will let you in and get you set up. Sofia",
    } });
    assert.notEqual(sent.isError, true, JSON.stringify(sent.content));
    assert.equal((sent.structuredContent as { email: { from: string } }).email.from, "sofia@lygonvets.com.au");
    const wrong = await client.callTool({ name: "send_email", arguments: { to: ["fergus.doyle.vet@gmail.com"], subject: "x", body: "x", from: "fergus.doyle.vet@gmail.com" } });
    assert.equal(wrong.isError, true);
    assert.match(JSON.stringify(wrong.content), /from: .*use one of: sofia\.lindqvist@gmail\.com, sofia@lygonvets\.com\.au/);
    await client.callTool({ name: "send_message_to_user", arguments: { content: "Replied to Fergus: you're in from 11 on Monday and Jo will let him in." } });
    assert.ok(episodeId);
    await client.close();
    const score = await (await fetch(`${url}/episodes/${episodeId}/score`)).json() as { score: number; milestones: { id: string; similarity: number }[] };
    assert.equal(score.score, 1, JSON.stringify(score.milestones));
  } finally {
    store.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
