// A small client for pimbox's HTTP API (Node's fetch keeps connections alive).

export class PimboxHttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

export class PimboxClient {
  constructor(readonly baseUrl: string, private readonly token: string | null) {}

  headers(): Record<string, string> {
    return { "content-type": "application/json", ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) };
  }

  /** Parses the JSON answer; statuses in `accept` (besides 2xx) are answers too, not errors. */
  async request<T>(method: string, path: string, body?: unknown, accept: readonly number[] = []): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl + path, { method, headers: this.headers(), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    } catch (e) {
      throw new PimboxHttpError(0, `pimbox server at ${this.baseUrl} unreachable: ${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok && !accept.includes(res.status)) {
      throw new PimboxHttpError(res.status, `${method} ${path}: HTTP ${res.status}: ${text.slice(0, 500)}`);
    }
    if (res.headers.get("content-type")?.startsWith("application/json")) return (text ? JSON.parse(text) : null) as T;
    return text as T;
  }
}
