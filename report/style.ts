// The report page's stylesheet, inlined so that the file opens from disk with nothing else.
export const STYLE = `
:root { --fg:#1d2330; --muted:#5b6473; --line:#d9dee7; --bg:#fff; --soft:#f4f6fa; --ok:#1a7f37; --bad:#c62828; --warn:#9a6700; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
header { padding: 16px 24px; border-bottom: 1px solid var(--line); background: var(--soft); }
header h1 { margin: 0 0 4px; font-size: 20px; }
main { padding: 0 24px 48px; max-width: 1500px; min-width: 0; }
h2 { margin: 28px 0 8px; font-size: 17px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 18px 0 6px; font-size: 15px; }
.muted, .caption { color: var(--muted); font-size: 12px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: var(--soft); font-weight: 600; cursor: pointer; user-select: none; }
th.asc::after { content: " ▲"; } th.desc::after { content: " ▼"; }
.filters { display: flex; gap: 16px; flex-wrap: wrap; align-items: end; padding: 12px 0; background: var(--bg); border-bottom: 1px solid var(--line); }
#picker { position: sticky; top: 0; z-index: 2; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
select, button { font: inherit; padding: 3px 6px; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; }
.charts figure { margin: 0; max-width: 100%; overflow-x: auto; }
.charts figcaption { font-weight: 600; margin-bottom: 4px; }
/* A table wider than the page scrolls inside its own box; the page itself never scrolls sideways. */
section.table { min-width: 0; }
.wide { overflow-x: auto; max-width: 100%; scrollbar-width: thin; scrollbar-color: #b8c0cc transparent; }
.wide::-webkit-scrollbar { height: 10px; }
.wide::-webkit-scrollbar-thumb { background: #b8c0cc; border-radius: 5px; }
.wide th:first-child, .wide td:first-child { position: sticky; left: 0; z-index: 1; background: var(--bg); box-shadow: 1px 0 0 var(--line); }
.wide th:first-child { background: var(--soft); }
.wide.overflows { border-right: 3px solid var(--line); }
.wide.overflows + .caption::before { content: "Wider than the window: scroll sideways for every column. "; font-weight: 600; }
.scroll { max-height: 480px; overflow: auto; border: 1px solid var(--line); }
td.ep { cursor: pointer; color: #0b57d0; }
td.ep:hover { text-decoration: underline; }
.pass { color: var(--ok); } .fail { color: var(--bad); }
.panes { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; }
.pane { border: 1px solid var(--line); border-radius: 6px; padding: 12px; min-width: 0; }
.pane h3 { margin-top: 0; }
.step { border-left: 3px solid var(--line); padding: 6px 10px; margin: 8px 0; background: var(--soft); }
.step.user { border-color: #6e40c9; } .step.agent { border-color: #0b57d0; } .step.tool { border-color: #8c959f; }
.step.write { border-color: var(--warn); } .step.failed { border-color: var(--bad); }
.step .head { font-size: 12px; color: var(--muted); }
.step .head b { color: var(--fg); }
pre { white-space: pre-wrap; word-break: break-word; margin: 4px 0; font-size: 12px; background: #fff; padding: 4px 6px; border: 1px solid var(--line); max-height: 320px; overflow: auto; }
.badge { display: inline-block; font-size: 12px; border-radius: 10px; padding: 0 8px; margin: 2px 4px 2px 0; border: 1px solid; }
.badge.milestone { color: var(--ok); border-color: var(--ok); }
.badge.milestone.partial { color: var(--warn); border-color: var(--warn); }
.badge.minefield { color: var(--bad); border-color: var(--bad); }
.message { background: #fff; border-left: 3px solid #6b8afd; padding: 2px 10px; margin: 4px 0; }
.message table { border-collapse: collapse; } .message td, .message th { border: 1px solid #ddd; padding: 2px 6px; }
.reading { font-size: 12px; background: #f7f7fa; border: 1px solid #e2e2ea; padding: 4px 8px; margin: 4px 0; }
.reading ul { margin: 2px 0; padding-left: 18px; } .reading q { color: #444; }
.diff table { margin: 4px 0; font-size: 12px; }
.diff td, .diff th { text-align: left; white-space: normal; }
.diff td:first-child { white-space: nowrap; vertical-align: top; }
.diff .added { background: #e6f4ea; } .diff .removed { background: #fdecea; }
.diff del { color: var(--bad); } .diff ins { color: var(--ok); text-decoration: none; }
.nodes td, .nodes th { white-space: normal; text-align: left; }
.notes { color: var(--warn); }
`;
