"""The report page's stylesheet, inlined in the page (nothing is fetched: system fonts only)."""

CSS = """
:root { color-scheme: light; --ink: #1f2933; --soft: #5f6b7a; --rule: #d9dee4; --ok: #2e7d32; --warn: #9a6b00;
  --over: #c62828; --band: #f5f7f9; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink);
  margin: 0 auto; max-width: 1180px; padding: 16px 24px 48px; background: #fff; }
h1 { font-size: 22px; margin: 8px 0 2px; word-break: break-all; }
h2 { font-size: 18px; margin: 0 0 4px; word-break: break-all; }
h3 { font-size: 15px; margin: 22px 0 6px; border-bottom: 1px solid var(--rule); padding-bottom: 3px; }
h4 { font-size: 14px; font-weight: 600; margin: 14px 0 6px; }
section.home, section.fleet { border: 1px solid var(--rule); border-radius: 6px; padding: 14px 18px;
  margin: 18px 0; }
section.home:target { outline: 3px solid #90caf9; }
table { border-collapse: collapse; margin: 4px 0 8px; }
th, td { text-align: left; padding: 3px 10px 3px 0; vertical-align: middle; border-bottom: 1px solid var(--band); }
th { font-weight: 600; color: var(--soft); font-size: 12px; }
td { overflow-wrap: anywhere; }
.r { text-align: right; white-space: nowrap; }
.host { white-space: nowrap; }
.n { font-variant-numeric: tabular-nums; }
.ok { color: var(--ok); } .warn { color: var(--warn); } .over { color: var(--over); font-weight: 600; }
.meta, .soft, .note, footer { color: var(--soft); }
.note { font-size: 13px; }
.forecast { font-weight: 600; }
.lvl2 { padding-left: 14px; } .lvl3 { padding-left: 28px; } .lvl4, .lvl5, .lvl6 { padding-left: 42px; }
svg { vertical-align: middle; }
svg .t { font: 11px system-ui, sans-serif; fill: var(--soft); }
svg .lim { fill: var(--over); }
figure { display: inline-block; margin: 4px 18px 4px 0; }
figcaption { font-size: 12px; color: var(--soft); }
details { margin: 6px 0; } summary { cursor: pointer; color: var(--soft); }
code { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; background: var(--band); padding: 0 3px; }
a { color: #0d47a1; }
footer { margin-top: 24px; font-size: 12px; }
@media print { section.home { break-before: page; } details > * { display: block; } }
"""
