#!/usr/bin/env node
// Renders a demo Colombian electronic invoice (CUFE and QR content from the DIAN
// builders) and writes its first page as docs/images/invoice-co-demo.png (pdftoppm,
// poppler-utils, 80 dpi). Run after `npm run build`; `--pdf FILE` also keeps the PDF.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const Decimal = require('decimal.js');

const dist = path.join(__dirname, '..', 'dist', 'src');
const { renderInvoicePdf } = require(path.join(dist, 'pdf', 'render.js'));
const { dianQrContent } = require(path.join(dist, 'einvoice', 'dian', 'ubl.js'));
const { cufe } = require(path.join(dist, 'einvoice', 'dian', 'cufe.js'));

const lines = [
  { code: 'CAF-500', description: 'Café especial de origen Huila, bolsa 500 g', quantity: 24, price: '32000.00', discount: '38400.00', discountPercentage: 5, iva: 5 },
  { code: 'MOL-01', description: 'Molino eléctrico de café, acero inoxidable', quantity: 2, price: '450000.00', discount: '0', iva: 19 },
  { code: 'SRV-BAR', description: 'Capacitación de barismo (8 horas), sede Chapinero', quantity: 1, price: '600000.00', discount: '0', iva: 19 },
  { code: 'TAZ-12', description: 'Taza de cerámica con logotipo, caja × 12', quantity: 5, price: '84000.00', discount: '21000.00', discountPercentage: 5, iva: 19 },
];
const D = (v) => new Decimal(v);
const r2 = (d) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const items = lines.map((l) => {
  const base = r2(D(l.quantity).times(l.price).minus(l.discount));
  const tax = r2(base.times(l.iva).div(100));
  return {
    code: l.code, description: l.description, quantity: l.quantity, price: l.price, discount: l.discount, discountPercentage: l.discountPercentage ?? null,
    taxes: [{ name: 'IVA', percentage: l.iva, value: tax.toFixed(2), base_value: base.toFixed(2) }], total: base.plus(tax).toFixed(2),
  };
});
const sum = (f) => items.reduce((s, i) => s.plus(f(i)), D(0));
const subtotal = sum((i) => i.taxes[0].base_value).toFixed(2);
const iva = sum((i) => i.taxes[0].value).toFixed(2);
const total = D(subtotal).plus(iva).toFixed(2);
const reteFuente = r2(D(subtotal).times('0.025')).toFixed(2);
const payable = D(total).minus(reteFuente).toFixed(2);

const number = 'SETP990000042';
const fields = {
  number, issueDate: '2024-05-02', issueTime: '10:53:10-05:00', subtotal, iva, inc: '0.00', ica: '0.00', total,
  supplierNit: '900123456', customerId: '800199436', technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c', environment: '2',
};
const key = cufe(fields);
const qr = dianQrContent({ ...fields, otherTaxes: '0.00', cufe: key, environment: '2' });

(async () => {
  const pdf = await renderInvoicePdf({
    country: 'CO', name: number, date: fields.issueDate, time: fields.issueTime, currency: 'COP',
    company: { name: 'Tostadores Andinos S.A.S.', identification: '900123456-8', address: 'Calle 63 # 9-45', city: 'Bogotá D.C., Colombia', email: 'facturacion@tostadores.co', phone: '601 745 2211', regime: 'Responsable de IVA · Actividad económica 1061' },
    customer: { name: 'Cafetería La Montaña Ltda.', identification: '800199436-1', address: 'Carrera 43A # 1-50, local 12', city: 'Medellín, Antioquia', emails: ['compras@lamontana.co'], phone: '604 321 0000' },
    items, subtotal, taxesTotal: iva, total, amountPayable: payable,
    retentions: [{ name: 'ReteFuente', percentage: 2.5, value: reteFuente, base_value: subtotal }],
    payments: [{ name: 'Crédito 30 días', value: payable, due_date: '2024-06-01' }],
    observations: 'Consignar en la cuenta corriente 123-456789-00 del Banco Demo a nombre de Tostadores Andinos S.A.S. Documento de demostración generado en el ambiente de habilitación.',
    electronic: { kind: 'DIAN', cufe: key, qr, resolution: 'Resolución DIAN 18760000001 del 19/01/2019, prefijo SETP del 990000000 al 995000000, vigencia 2019-01-19 a 2030-01-19', status: 'Validada por el autorizador de pruebas (sandbox)' },
  });
  const keep = process.argv.indexOf('--pdf');
  if (keep > 0 && process.argv[keep + 1]) fs.writeFileSync(process.argv[keep + 1], pdf);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pdf-'));
  fs.writeFileSync(path.join(dir, 'demo.pdf'), pdf);
  const out = path.join(__dirname, '..', 'docs', 'images', 'invoice-co-demo');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const r = spawnSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'demo.pdf'), out], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.error || r.status !== 0) { console.error(`pdftoppm failed (apt-get install poppler-utils): ${r.error ?? r.stderr}`); process.exit(1); }
  console.log(`wrote ${path.relative(process.cwd(), out)}.png`);
})().catch((e) => { console.error(e); process.exit(1); });
