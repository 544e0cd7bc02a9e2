import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";

// One adapter for every OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, llama.cpp's
// server, Ollama...), used by the agent, the simulated user and the judge. The openai package
// does the retries: exponential back-off with jitter on 408/409/429/5xx, timeouts and network
// errors, honouring Retry-After (and retry-after-ms).

export interface ModelOptions {
  model: string;
  baseUrl: string | null;
  apiKey: string;
  temperature: number | null;
  seed: number | null;
  timeoutMs: number;
  maxRetries: number;
}

export interface Usage { prompt_tokens: number; completion_tokens: number }

export interface ToolCallRequest {
  id: string;
  name: string;
  /** The arguments exactly as the model wrote them (JSON text, perhaps malformed). */
  arguments: string;
}

export interface Completion {
  content: string | null;
  toolCalls: ToolCallRequest[];
  /** The assistant message as it goes back into the history. */
  message: ChatCompletionMessageParam;
  usage: Usage | null;
  latency_ms: number;
  finish_reason: string | null;
}

/** The endpoint failed after every retry, or answered with something that is not a completion. */
export class ModelError extends Error {}

export type Messages = ChatCompletionMessageParam[];
export type Tools = ChatCompletionTool[];

export class Model {
  private readonly client: OpenAI;

  constructor(readonly options: ModelOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  get name(): string { return this.options.model; }

  async complete(messages: Messages, tools: Tools = [], signal?: AbortSignal): Promise<Completion> {
    const t0 = performance.now();
    let response;
    try {
      response = await this.client.chat.completions.create({
        model: this.options.model,
        messages,
        ...(tools.length ? { tools, parallel_tool_calls: true } : {}),
        ...(this.options.temperature === null ? {} : { temperature: this.options.temperature }),
        ...(this.options.seed === null ? {} : { seed: this.options.seed }),
      }, signal ? { signal } : {});
    } catch (e) {
      throw new ModelError(describeError(e, this.options));
    }
    const latency_ms = Math.round(performance.now() - t0);
    const choice = response.choices?.[0];
    if (!choice?.message) throw new ModelError(`${this.options.model}: the response has no choices[0].message`);
    const toolCalls: ToolCallRequest[] = [];
    for (const [i, call] of (choice.message.tool_calls ?? []).entries()) {
      if (call.type !== "function") continue;
      // Some servers send the arguments as an object rather than JSON text.
      const args: unknown = call.function.arguments;
      toolCalls.push({ id: call.id || `call_${i}`, name: String(call.function.name ?? ""), arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) });
    }
    const message: ChatCompletionMessageParam = {
      role: "assistant",
      content: choice.message.content ?? null,
      ...(toolCalls.length ? {
        tool_calls: toolCalls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.arguments } })),
      } : {}),
    };
    const usage = response.usage ? { prompt_tokens: response.usage.prompt_tokens ?? 0, completion_tokens: response.usage.completion_tokens ?? 0 } : null;
    return { content: choice.message.content ?? null, toolCalls, message, usage, latency_ms, finish_reason: choice.finish_reason ?? null };
  }
}

function describeError(e: unknown, o: ModelOptions): string {
  const where = `${o.model} at ${o.baseUrl ?? "the OpenAI API"}`;
  if (e instanceof OpenAI.APIConnectionTimeoutError) return `${where}: no answer within ${o.timeoutMs} ms (after ${o.maxRetries} retries)`;
  if (e instanceof OpenAI.APIError && e.status !== undefined) return `${where}: HTTP ${e.status} (after retries): ${e.message}`;
  if (e instanceof OpenAI.APIUserAbortError) return `${where}: aborted`;
  return `${where}: ${(e as Error).message}`;
}

export function addUsage(a: Usage | null, b: Usage | null): Usage | null {
  if (!a) return b;
  if (!b) return a;
  return { prompt_tokens: a.prompt_tokens + b.prompt_tokens, completion_tokens: a.completion_tokens + b.completion_tokens };
}
