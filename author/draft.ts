// A model's answer read as a scenario draft: the JSON object it holds (bare, or in a ``` fence,
// or with words around it), stamped with the id and person asked for and with its origin.

export interface DraftOrigin { model: string; cell: string; date: string }

export type ParsedDraft = { ok: true; draft: Record<string, unknown> } | { ok: false; error: string };

export function parseDraft(text: string | null, id: string, protagonist: string, origin: DraftOrigin): ParsedDraft {
  if (!text?.trim()) return { ok: false, error: "the model answered with no text" };
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/.exec(text)?.[1];
  const body = fenced ?? text;
  const start = body.indexOf("{"), end = body.lastIndexOf("}");
  if (start < 0 || end <= start) return { ok: false, error: "the answer holds no JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(body.slice(start, end + 1));
  } catch (e) {
    return { ok: false, error: `the answer's JSON does not parse: ${(e as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, error: "the answer's JSON is not an object" };
  // The id and the person are the pipeline's to give; what the model wrote there is replaced.
  return { ok: true, draft: { ...value, id, protagonist, origin: { by: "pimbox author", ...origin } } };
}
