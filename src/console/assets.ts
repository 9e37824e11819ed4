/** The console's one stylesheet (small, no build step) and htmx, served from the npm package installed with the service. */
import fs from 'node:fs';

let htmx: Buffer | undefined;
export const htmxScript = (): Buffer => (htmx ??= fs.readFileSync(require.resolve('htmx.org/dist/htmx.min.js')));

/**
 * The console's own script: choosing a product in a document's line (its list, or the single match its search brings:
 * src/console/pickers.ts) fills the row's price (and, in Colombia, its tax) from the option's data, a quantity of 1 when
 * none is typed, shows its unit beside it, and asks for the totals again. Everything still works without it: the
 * fields are typed by hand.
 */
export const CONSOLE_SCRIPT = `function fillLine(sel) {
  var opt = sel.selectedOptions[0], row = sel.closest('tr');
  if (!opt || !row) return;
  var unit = row.querySelector('output.unit');
  if (unit) unit.textContent = opt.dataset.unit || '';
  if (!opt.value) return;
  var price = row.querySelector('input[name=price]'), tax = row.querySelector('select[name=tax]'), qty = row.querySelector('input[name=quantity]');
  if (price && opt.dataset.price !== undefined) price.value = opt.dataset.price;
  if (tax && opt.dataset.tax !== undefined) tax.value = opt.dataset.tax;
  if (qty && !qty.value) qty.value = '1';
  if (price) price.dispatchEvent(new Event('input', { bubbles: true }));
}
var isLine = function (el) { return el instanceof HTMLSelectElement && el.name === 'code'; };
document.addEventListener('change', function (e) { if (isLine(e.target)) fillLine(e.target); });
document.addEventListener('htmx:load', function (e) { if (isLine(e.detail.elt)) fillLine(e.detail.elt); });
// A form in a dialog (the new invoice's customer): shown when it arrives, focused on its first field or error; closed
// when the answer leaves it empty (saved: what it made is chosen in the page, src/console/catalog-routes.ts) or on Cancel.
document.addEventListener('htmx:afterSwap', function (e) {
  var d = e.detail.target;
  if (!(d instanceof HTMLDialogElement)) return;
  if (!d.querySelector('form')) { d.close(); var chosen = document.getElementById('customer'); if (chosen) chosen.focus(); return; }
  if (!d.open) d.showModal();
  var first = d.querySelector('[aria-invalid=true]') || d.querySelector('input:not([type=hidden]), select');
  if (first) first.focus();
});
document.addEventListener('click', function (e) {
  var b = e.target instanceof Element && e.target.closest('[data-close]');
  if (b && b.closest('dialog')) b.closest('dialog').close();
});
`;

export const STYLESHEET = `
:root{--fg:#1b1f24;--muted:#4a5360;--bg:#f6f7f9;--card:#fff;--line:#d0d5dc;--accent:#0b5cad;--bad:#a4161a;--good:#1e6b35}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.top{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;justify-content:space-between;padding:8px 16px;background:#102a43;color:#fff}
.top a{color:#fff}.top ul{display:flex;flex-wrap:wrap;gap:16px;list-style:none;margin:0;padding:0}.who{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.who form{display:inline}main{padding:16px;max-width:1200px;margin:0 auto}h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.1rem;margin:.25rem 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;margin-bottom:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:12px}.figure{font-size:1.25rem;font-weight:600;margin:.25rem 0}
.code{font-family:monospace;font-size:.8rem;word-break:break-all}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;background:var(--card)}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}.num{text-align:right;white-space:nowrap}
.filters,.grid{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin-bottom:12px}.field{display:flex;flex-direction:column;min-width:140px}
label{font-size:.9rem;color:var(--muted)}input,select,button,.button{font:inherit;padding:6px 8px;border:1px solid #6b7684;border-radius:4px;background:#fff;color:var(--fg)}
button,.button{background:var(--accent);color:#fff;border-color:var(--accent);cursor:pointer;text-decoration:none;display:inline-block}
.top button{background:#fff;color:#102a43}button.secondary{background:#fff;color:var(--accent)}dialog{max-width:min(960px,96vw);border:1px solid var(--line);border-radius:6px}dialog::backdrop{background:rgba(16,42,67,.5)}.lines input{width:7rem}.lines input.find{width:12rem;display:block;margin-bottom:4px}.lines select{max-width:16rem}
.error{color:var(--bad);background:#fdecea;border:1px solid #f5c2c0;padding:8px 12px;border-radius:4px}.ok{color:var(--good);background:#e8f5ec;padding:8px 12px;border-radius:4px}
#customer-field{display:contents}.echo{display:block;font-size:.85em;color:#3d4a5c;min-height:1.2em}.echo.bad{color:#a4161a}.totals{display:grid;grid-template-columns:max-content max-content;gap:4px 16px}.totals dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.actions{display:flex;flex-wrap:wrap;gap:16px}.action{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:12px;display:flex;flex-direction:column;gap:6px;max-width:100%}
.check{display:flex;gap:6px;align-items:center;margin:8px 0}.login{max-width:420px}.login form{display:flex;flex-direction:column;gap:8px}
.chart ul{list-style:none;padding:0;margin:0 0 16px;max-width:640px}.chart li{display:grid;grid-template-columns:8rem 1fr 9rem;gap:8px;align-items:center;margin:4px 0}
.chart .bar{display:block;height:14px;background:var(--accent);min-width:2px}.chart .value{text-align:right;font-variant-numeric:tabular-nums}figcaption{font-weight:600}
.warning{background:#fff4e0;border:1px solid #e0a030;border-radius:6px;padding:8px 12px;margin-bottom:12px}.field-error{color:var(--bad);font-size:.9rem;margin:2px 0 0}.hint{font-size:.85rem;color:var(--muted)}[aria-invalid=true]{border-color:var(--bad);border-width:2px}
fieldset{border:1px solid var(--line);border-radius:6px;background:var(--card);margin:0 0 12px;min-width:0}legend{font-weight:600}
.subnav ul{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0;margin:0 0 12px}[aria-current=page]{font-weight:700}form.inline{display:inline}
.htmx-indicator{display:none}.htmx-request .htmx-indicator,.htmx-request.htmx-indicator{display:block}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,380px),1fr));gap:12px;margin-bottom:16px}
.chart-svg{margin:0;background:var(--card);border:1px solid var(--line);border-radius:6px;padding:12px;min-width:0}.chart-svg svg{display:block;max-width:480px;height:auto;margin:8px 0}
.chart-label,.chart-value{font:14px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:var(--fg)}.chart-value{font-variant-numeric:tabular-nums;font-weight:600}
.chart-track{fill:#e6e9ee}.chart-bar{fill:var(--accent)}.chart-bar.negative{fill:var(--bad)}.chart-data summary{cursor:pointer;color:var(--accent)}.chart-data table{margin-top:4px}
.scroll{position:relative;max-width:100%}.scroll>table{min-width:100%}
.scroll th:first-child,.scroll td:first-child{position:sticky;left:0;z-index:1;background:var(--card);box-shadow:1px 0 0 var(--line)}
.role-form select{max-width:9rem}
@media (max-width:600px){main{padding:8px}.field{min-width:100%}.top{padding:8px}.top ul{gap:4px 12px}.who{font-size:.9rem}
 .scroll table{width:max-content;min-width:100%}.scroll th:first-child,.scroll td:first-child{max-width:45vw;white-space:normal;overflow-wrap:anywhere}th,td{padding:6px}.filters>*,.grid>*{max-width:100%}input,select{max-width:100%}.cards{grid-template-columns:repeat(auto-fit,minmax(140px,1fr))}}
.totals .sum{font-weight:700;border-top:1px solid var(--line)}.statement-link{margin-left:8px;font-size:.9em}
`;
