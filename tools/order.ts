/** Rows ordered by a time column (UTC ISO strings sort as text), ties broken by id, so every
 *  listing is deterministic. */
export function byTime<T extends { id: string }>(rows: readonly T[], time: (r: T) => string, direction: "asc" | "desc"): T[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ta = time(a);
    const tb = time(b);
    if (ta !== tb) return ta < tb ? -sign : sign;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
