import http from "node:http";
import type { AddressInfo } from "node:net";

// A small OpenAI-compatible chat-completions server for the runner's tests: real HTTP on a
// random port of 127.0.0.1, playing scripted completions. Which reply it plays is chosen by the
// script from the request (usually by counting the assistant turns already in it), so a retried
// request gets the same answer.

export interface Call { name: string; arguments: string }

export type Reply =
  | { kind: "tools"; calls: Call[] }
  | { kind: "text"; content: string }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: "hang" };

export interface ChatRequest {
  model: string;
  messages: { role: string; content?: string | null; tool_calls?: { id: string; function: Call }[]; tool_call_id?: string }[];
  tools?: { function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  temperature?: number;
  seed?: number;
}

export interface Stub {
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

export const tools = (...calls: [string, unknown][]): Reply =>
  ({ kind: "tools", calls: calls.map(([name, args]) => ({ name, arguments: typeof args === "string" ? args : JSON.stringify(args) })) });
export const text = (content: string): Reply => ({ kind: "text", content });

/** The number of assistant messages already in the request: the turn being asked for. */
export const turnOf = (req: ChatRequest) => req.messages.filter((m) => m.role === "assistant").length;

export async function startStub(script: (req: ChatRequest, n: number) => Reply, options: { delayMs?: number } = {}): Promise<Stub> {
  const requests: ChatRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => { body += c.toString(); });
    req.on("end", () => {
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      const reply = script(parsed, requests.length);
      if (reply.kind === "hang") { hanging.add(res); res.on("close", () => hanging.delete(res)); return; }
      if (reply.kind === "status") {
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.body ?? { error: { message: `scripted ${reply.status}` } }));
        return;
      }
      setTimeout(() => answer(res, reply, parsed, requests.length), options.delayMs ?? 0);
    });
  });
  const answer = (res: http.ServerResponse, reply: Reply & { kind: "text" | "tools" }, parsed: ChatRequest, n: number) => {
      const message = reply.kind === "text"
        ? { role: "assistant", content: reply.content }
        : { role: "assistant", content: null, tool_calls: reply.calls.map((c, i) => ({ id: `call_${n}_${i}`, type: "function", function: c })) };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({
        id: `chatcmpl-${n}`, object: "chat.completion", created: 0, model: parsed.model,
        choices: [{ index: 0, message, finish_reason: reply.kind === "text" ? "stop" : "tool_calls" }],
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      }));
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
