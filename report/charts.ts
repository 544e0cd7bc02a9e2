import { View, parse } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { DIMENSIONS, LEVELS, type ReportTables } from "./tables.js";
import type { Estimate } from "./stats.js";

// The report's charts: Vega-Lite specs rendered to SVG strings by Vega's headless SVG renderer in
// Node (no browser, no canvas: text widths are estimated), to be inlined in the HTML.

export interface Chart { id: string; title: string; svg: string }

interface Point { model: string; x: string | number; value: number; lo: number | null; hi: number | null }

const point = (model: string, x: string | number, e: Estimate): Point[] =>
  e.value === null ? [] : [{ model, x, value: e.value, lo: e.lo, hi: e.hi }];

const base = { config: { font: "sans-serif", view: { stroke: null } } };

/** The 95% interval of each point as an error bar (a rule from lo to hi with caps), drawn from
 *  the interval columns the tables computed; points without an interval get none. */
const errorBars = (color: unknown) => ({
  transform: [{ filter: "isValid(datum.lo) && isValid(datum.hi)" }],
  mark: { type: "errorbar", ticks: { size: 7 }, thickness: 1.5 },
  encoding: {
    y: { field: "lo", type: "quantitative", title: null },
    y2: { field: "hi" },
    color,
    tooltip: [{ field: "model" }, { field: "x" }, { field: "value", format: ".3f" }, { field: "lo", title: "95% from", format: ".3f" }, { field: "hi", title: "95% to", format: ".3f" }],
  },
});

/** Bars per model with the bootstrap interval as an error bar. */
function groupedBars(points: Point[], xTitle: string, yTitle: string, order: string[]): TopLevelSpec {
  return {
    ...base, width: Math.max(320, order.length * 22 * Math.max(2, new Set(points.map((p) => p.model)).size)), height: 220,
    data: { values: points },
    encoding: {
      x: { field: "x", type: "nominal", title: xTitle, sort: order, axis: { labelAngle: -30 } },
      xOffset: { field: "model", type: "nominal" },
      color: { field: "model", type: "nominal", title: "model" },
    },
    layer: [
      { mark: "bar", encoding: { y: { field: "value", type: "quantitative", title: yTitle, scale: { domain: [0, 1] } }, tooltip: [{ field: "model" }, { field: "x" }, { field: "value", format: ".3f" }] } },
      // The interval in a dark line: in the model's colour it would vanish over its own bar.
      errorBars({ value: "#222" }),
    ],
  } as TopLevelSpec;
}

export function chartSpecs(t: ReportTables): { id: string; title: string; spec: TopLevelSpec }[] {
  const abbrev = { referential: "Ref", functional: "Fun", informational: "Inf" } as const;
  const tranches = DIMENSIONS.flatMap((d) => LEVELS.map((l) => ({ d, l, label: `${abbrev[d]} ${l}` })));
  const specs = [{
    id: "chart-tranche", title: "Score by complexity tranche",
    spec: groupedBars(t.models.flatMap((m) => tranches.flatMap(({ d, l, label }) => point(m.model, label, m.table4.tranches[d][l]))),
      "tranche", "mean score", tranches.map((x) => x.label)),
  }, {
    id: "chart-challenge", title: "Challenge impact",
    spec: groupedBars(t.models.flatMap((m) => [
      ...point(m.model, "no challenge", m.tableS3.no_challenge),
      ...point(m.model, "misinformation", m.tableS3.misinformation),
      ...point(m.model, "insufficient context", m.tableS3.insufficient_context),
    ]), "challenge", "mean score", ["no challenge", "misinformation", "insufficient context"]),
  }];
  if (t.models.some((m) => m.pass_k.length > 1)) {
    const points = t.models.flatMap((m) => m.pass_k.flatMap((p) => point(m.model, p.k, p.pass_hat)));
    specs.push({
      id: "chart-passk", title: "pass^k by k",
      spec: {
        ...base, width: 320, height: 220,
        data: { values: points },
        encoding: {
          x: { field: "x", type: "ordinal", title: "k (trials that must all pass)", axis: { labelAngle: 0 } },
          color: { field: "model", type: "nominal", title: "model" },
        },
        layer: [
          { mark: { type: "line", point: true }, encoding: { y: { field: "value", type: "quantitative", title: "pass^k", scale: { domain: [0, 1] } } } },
          errorBars({ field: "model", type: "nominal", title: "model" }),
        ],
      } as TopLevelSpec,
    });
  }
  return specs;
}

export async function renderCharts(t: ReportTables): Promise<Chart[]> {
  const charts: Chart[] = [];
  for (const { id, title, spec } of chartSpecs(t)) {
    const view = new View(parse(compile(spec).spec), { renderer: "none" });
    try {
      charts.push({ id, title, svg: await view.toSVG() });
    } finally {
      view.finalize();
    }
  }
  return charts;
}
