/**
 * What a PAC checks in a CFDI 4.0's content before stamping (Anexo 20 and its
 * catalogues), shared by the sandbox provider and by invoice creation, which
 * refuses a CFDI that would be refused: the schema with the catalogues
 * (schema.ts), the amounts, the general public's fixed receiver data, the
 * regimes for the RFCs' person types, the c_UsoCFDI matrix, the postal codes,
 * each concept's ObjetoImp against its taxes, no zero price or tax base, IEPS
 * in the IVA base, ReteIVA only where IVA is charged, IVA 8 % only from a
 * border postal code, the 1.25 % ISR withholding only from a RESICO persona
 * física to a persona moral. Codes are the sandbox's own.
 */
import Decimal from 'decimal.js';
import { CFDI_USES, FOREIGN_RECEIVER, genericReceiver } from '../../../companies/uses';
import { GENERIC_RFCS } from '../../../catalog/customers';
import { postalCode, regime, rfcPersonType, RESICO, TAX_OBJECTS } from '../../../catalogs/sat';
import { importeBounds } from './cfdi';
import type { CfdiElement } from './chain';
import { parseCfdi, ParsedElement } from './parsed';
import { PAYMENT_CONCEPT, PAYMENT_USE } from './payment';
import { checkCfdiSchema, checkParsedCfdiSchema } from './schema';
import { libxml, type Libxml, type XmlDoc } from '../../../einvoice/xsd';

/** A problem: `message` in English (the API's refusals), `es` in Spanish (the sandbox PAC's verdicts, as a PAC writes them). */
export interface Problem { code: string; message: string; es: string }
export type Fail = (code: string, message: string, es: string) => void;

const nodesOf = (n: CfdiElement, q: string) => n.all(q);
const num = (v: string | null) => new Decimal(v && /^-?[0-9]+(\.[0-9]+)?$/.test(v) ? v : 0);

/**
 * Every content problem of a CFDI (its seal, certificate and date aside), the schema's first: the text parsed
 * once, by libxml2 (parsed.ts), for the schema and the rules.
 */
export async function cfdiContentProblems(xml: string): Promise<{ problems: Problem[]; observations: string[] }> {
  const lib = await libxml();
  let doc: XmlDoc;
  try {
    doc = parseCfdi(lib, xml);
  } catch (e) {
    // Not well formed (or with a DOCTYPE): the schema's verdict on the text, then the parser's, as before.
    const problems: Problem[] = [];
    const observations: string[] = [];
    schemaProblems(await checkCfdiSchema(xml), problems, observations);
    const cause = String((e as Error)?.message ?? e).trim();
    problems.push({ code: 'XML', message: cause, es: `El XML no está bien formado: ${cause}` });
    return { problems, observations };
  }
  try {
    return await parsedContentProblems(lib, doc);
  } finally {
    doc.dispose();
  }
}

/**
 * Every content problem of a CFDI parsed by parseCfdi (`lib`: libxml()), the schema's first; `root` its root as
 * the caller already reads it (the elements found are kept with it). The caller disposes of `doc`.
 */
export async function parsedContentProblems(lib: Libxml, doc: XmlDoc, root = new ParsedElement(lib, doc.root)): Promise<{ problems: Problem[]; observations: string[] }> {
  const problems: Problem[] = [];
  const observations: string[] = [];
  schemaProblems(await checkParsedCfdiSchema(doc), problems, observations);
  contentRules(root, (code, message, es) => { problems.push({ code, message, es }); });
  return { problems, observations };
}

function schemaProblems(schema: { unchecked: string[]; errors: string[] }, problems: Problem[], observations: string[]): void {
  if (schema.unchecked.length) observations.push(`Catálogos no instalados, no revisados: ${schema.unchecked.join(', ')}`);
  for (const e of schema.errors) problems.push({ code: 'XSD', message: e, es: `No cumple el esquema del CFDI 4.0: ${e}` });
}

/** The rules past the schema, on the cfdi:Comprobante (however it was parsed). */
export function contentRules(root: CfdiElement, fail: Fail): void {
  checkAmounts(root, fail);
  checkGeneralPublic(root, fail);
  checkParties(root, fail);
  checkConcepts(root, fail);
  if (root.getAttribute('TipoDeComprobante') === 'P') checkPayment(root, fail);
}

/** The amounts: the lines add up to SubTotal and Descuento, the taxes to their totals, and Total follows. */
export function checkAmounts(root: CfdiElement, fail: Fail): void {
  const nodes = (q: string) => nodesOf(root, q);
  const sum = (q: string, a: string) => nodes(q).reduce((s, n) => s.plus(num(n.getAttribute(a))), new Decimal(0));
  const subtotal = num(root.getAttribute('SubTotal'));
  const discount = num(root.getAttribute('Descuento'));
  const lines = sum('cfdi:Conceptos/cfdi:Concepto', 'Importe');
  if (!lines.eq(subtotal)) fail('SUBTOTAL', `The Conceptos add up to ${lines.toFixed(2)}, not SubTotal ${subtotal.toFixed(2)}`, `Los Conceptos suman ${lines.toFixed(2)}, no el SubTotal ${subtotal.toFixed(2)}`);
  const lineDiscounts = sum('cfdi:Conceptos/cfdi:Concepto', 'Descuento');
  if (!lineDiscounts.eq(discount)) fail('DESCUENTO', `The Conceptos' discounts add up to ${lineDiscounts.toFixed(2)}, not Descuento ${discount.toFixed(2)}`, `Los descuentos de los Conceptos suman ${lineDiscounts.toFixed(2)}, no el Descuento ${discount.toFixed(2)}`);
  for (const [list, each, total] of [['Traslados', 'Traslado', 'TotalImpuestosTrasladados'], ['Retenciones', 'Retencion', 'TotalImpuestosRetenidos']] as const) {
    const perLine = sum(`cfdi:Conceptos/cfdi:Concepto/cfdi:Impuestos/cfdi:${list}/cfdi:${each}`, 'Importe');
    const declared = num((nodes('cfdi:Impuestos')[0] as CfdiElement | undefined)?.getAttribute(total) ?? '0');
    if (!perLine.eq(declared)) fail('IMPUESTOS', `The Conceptos' ${list.toLowerCase()} add up to ${perLine.toFixed(2)}, not ${total} ${declared.toFixed(2)}`, `Los ${list.toLowerCase()} de los Conceptos suman ${perLine.toFixed(2)}, no ${total} ${declared.toFixed(2)}`);
  }
  const impuestos = nodes('cfdi:Impuestos')[0] as CfdiElement | undefined;
  const expected = subtotal.minus(discount).plus(num(impuestos?.getAttribute('TotalImpuestosTrasladados') ?? '0')).minus(num(impuestos?.getAttribute('TotalImpuestosRetenidos') ?? '0'));
  const total = num(root.getAttribute('Total'));
  if (!expected.eq(total)) fail('TOTAL', `Total ${total.toFixed(2)} is not SubTotal − Descuento + taxes − retentions = ${expected.toFixed(2)}`, `El Total ${total.toFixed(2)} no es SubTotal − Descuento + traslados − retenciones = ${expected.toFixed(2)}`);
}

/**
 * A CFDI to a generic RFC (docs/mexico.md): the general public XAXX010101000 and a receiver resident abroad
 * XEXX010101000 take UsoCFDI S01, RegimenFiscalReceptor 616 and DomicilioFiscalReceptor equal to
 * LugarExpedicion; the one abroad also its ResidenciaFiscal (not MEX) and NumRegIdTrib, which no other has.
 */
export function checkGeneralPublic(root: CfdiElement, fail: Fail): void {
  const receptor = nodesOf(root, 'cfdi:Receptor')[0];
  if (!receptor) return;
  const rfc = receptor.getAttribute('Rfc');
  const generic = genericReceiver(rfc);
  if (rfc !== FOREIGN_RECEIVER.rfc && (receptor.hasAttribute('ResidenciaFiscal') || receptor.hasAttribute('NumRegIdTrib'))) {
    fail('RECEPTOR', `ResidenciaFiscal and NumRegIdTrib are for a receiver resident abroad (${FOREIGN_RECEIVER.rfc}), not ${rfc}`, `ResidenciaFiscal y NumRegIdTrib son de un receptor residente en el extranjero (${FOREIGN_RECEIVER.rfc}), no de ${rfc}`);
  }
  if (!generic) return;
  const required: [string, string][] = [
    // A payment receipt's use is CP01 (Pagos) for every receiver, a generic one included (c_UsoCFDI allows it regime 616).
    ['UsoCFDI', root.getAttribute('TipoDeComprobante') === 'P' ? PAYMENT_USE : generic.use], ['RegimenFiscalReceptor', generic.regime], ['DomicilioFiscalReceptor', root.getAttribute('LugarExpedicion') ?? ''],
  ];
  for (const [name, value] of required) {
    const given = receptor.getAttribute(name) ?? '';
    if (given !== value) fail('RECEPTOR', `The generic RFC ${generic.rfc} (${generic.label}) takes ${name} ${value}${name === 'DomicilioFiscalReceptor' ? ' (LugarExpedicion)' : ''}, not ${given || 'nothing'}`, `El RFC genérico ${generic.rfc} (${generic.label}) lleva ${name} ${value}${name === 'DomicilioFiscalReceptor' ? ' (LugarExpedicion)' : ''}, no ${given || 'nada'}`);
  }
  const global = nodesOf(root, 'cfdi:InformacionGlobal')[0];
  if (global) checkGlobalPeriod(root, global, fail);
  if (rfc === FOREIGN_RECEIVER.rfc) {
    const residence = receptor.getAttribute('ResidenciaFiscal') ?? '';
    if (!residence || residence === 'MEX') fail('RECEPTOR', `The generic RFC ${rfc} (residente en el extranjero) takes its ResidenciaFiscal, a country other than MEX, not ${residence || 'nothing'}`, `El RFC genérico ${rfc} (residente en el extranjero) lleva su ResidenciaFiscal, un país distinto de MEX, no ${residence || 'nada'}`);
    if (!receptor.getAttribute('NumRegIdTrib')) fail('RECEPTOR', `The generic RFC ${rfc} (residente en el extranjero) takes NumRegIdTrib, its tax id abroad`, `El RFC genérico ${rfc} (residente en el extranjero) lleva NumRegIdTrib, su registro de identidad tributaria en el extranjero`);
  }
}

/** InformacionGlobal: a c_Periodicidad; 05 (bimestral) for régimen 621 with a pair of months (13–18), else one month (01–12); the year of Fecha or the one before. */
function checkGlobalPeriod(root: CfdiElement, global: CfdiElement, fail: Fail): void {
  const periodicity = global.getAttribute('Periodicidad') ?? '';
  const months = Number(global.getAttribute('Meses'));
  const year = Number(global.getAttribute('Año'));
  const issued = Number((root.getAttribute('Fecha') ?? '').slice(0, 4));
  if (!/^0[1-5]$/.test(periodicity)) fail('INFORMACION_GLOBAL', `Periodicidad ${periodicity} is not a c_Periodicidad code`, `La Periodicidad ${periodicity} no es una clave de c_Periodicidad`);
  if ((periodicity === '05') !== months > 12) fail('INFORMACION_GLOBAL', `Periodicidad ${periodicity} does not go with Meses ${global.getAttribute('Meses')} (05 takes 13 to 18, the others 01 to 12)`, `La Periodicidad ${periodicity} no corresponde con Meses ${global.getAttribute('Meses')} (05 lleva 13 a 18, las demás 01 a 12)`);
  const regime = nodesOf(root, 'cfdi:Emisor')[0]?.getAttribute('RegimenFiscal');
  if (periodicity === '05' && regime !== '621') fail('INFORMACION_GLOBAL', `Periodicidad 05 (bimestral) is for régimen 621, not ${regime}`, `La Periodicidad 05 (bimestral) es del régimen 621, no del ${regime}`);
  if (year !== issued && year !== issued - 1) fail('INFORMACION_GLOBAL', `Año ${year} is not the year of Fecha (${issued}) or the one before`, `El Año ${year} no es el de la Fecha (${issued}) ni el anterior`);
}

/** Regimes against the RFCs' person types, the use against the receiver's regime, the postal codes. */
function checkParties(root: CfdiElement, fail: Fail): void {
  const emisor = nodesOf(root, 'cfdi:Emisor')[0];
  const receptor = nodesOf(root, 'cfdi:Receptor')[0];
  const regimeFor = (who: string, rfc: string, code: string) => {
    const r = regime(code);
    if (!r) return fail('REGIMEN', `${who}: ${code || 'no regime'} is not a c_RegimenFiscal code`, `${who}: ${code || 'sin régimen'} no es una clave de c_RegimenFiscal`);
    if (!GENERIC_RFCS.includes(rfc) && !r.person_types.includes(rfcPersonType(rfc))) {
      fail('REGIMEN', `${who}: regime ${code} (${r.description}) does not apply to the ${rfc.length}-character RFC ${rfc}`, `${who}: el régimen ${code} (${r.description}) no aplica al RFC de ${rfc.length} caracteres ${rfc}`);
    }
  };
  if (emisor) regimeFor('Emisor', emisor.getAttribute('Rfc') ?? '', emisor.getAttribute('RegimenFiscal') ?? '');
  if (receptor) {
    const rfc = receptor.getAttribute('Rfc') ?? '';
    const regimeCode = receptor.getAttribute('RegimenFiscalReceptor') ?? '';
    regimeFor('Receptor', rfc, regimeCode);
    const use = CFDI_USES.find((u) => u.code === receptor.getAttribute('UsoCFDI'));
    if (use && !use.receiver_regimes.includes(regimeCode)) {
      fail('USO_CFDI', `UsoCFDI ${use.code} (${use.description}) is not allowed for a receiver in regime ${regimeCode} (c_UsoCFDI: ${use.receiver_regimes.join(', ')})`, `El UsoCFDI ${use.code} (${use.description}) no se permite a un receptor del régimen ${regimeCode} (c_UsoCFDI: ${use.receiver_regimes.join(', ')})`);
    }
    if (use && !GENERIC_RFCS.includes(rfc) && !use.person_types.includes(rfcPersonType(rfc))) {
      fail('USO_CFDI', `UsoCFDI ${use.code} (${use.description}) is not allowed for the ${rfc.length}-character RFC ${rfc}`, `El UsoCFDI ${use.code} (${use.description}) no se permite al RFC de ${rfc.length} caracteres ${rfc}`);
    }
  }
  // Exportacion 02 (definitiva con clave A1) comes with the Comercio Exterior complement (Anexo 20).
  if (root.getAttribute('Exportacion') === '02' && !nodesOf(root, "cfdi:Complemento/*[local-name()='ComercioExterior']").length) {
    fail('EXPORTACION', 'Exportacion 02 (definitiva con clave A1) needs the Comercio Exterior complement', 'La Exportacion 02 (definitiva con clave A1) requiere el complemento de Comercio Exterior');
  }
  // Anexo 20's guide, Apéndice 6: the egreso that applies an advance (FormaPago 30) relates the invoice with TipoRelacion 07
  // and is the advance's concept, 84111506 with unit ACT.
  if (root.getAttribute('TipoDeComprobante') === 'E' && root.getAttribute('FormaPago') === '30') {
    if (!nodesOf(root, 'cfdi:CfdiRelacionados').some((r) => r.getAttribute('TipoRelacion') === '07')) {
      fail('ANTICIPO', 'An egreso with FormaPago 30 (Aplicación de anticipos) relates the invoice with TipoRelacion 07', 'Un CFDI de egreso con FormaPago 30 (Aplicación de anticipos) relaciona la factura con TipoRelacion 07');
    }
    if (nodesOf(root, 'cfdi:Conceptos/cfdi:Concepto').some((c) => c.getAttribute('ClaveProdServ') !== '84111506' || c.getAttribute('ClaveUnidad') !== 'ACT')) {
      fail('ANTICIPO', 'The concepts of an egreso applying an advance (FormaPago 30) are ClaveProdServ 84111506 with ClaveUnidad ACT', 'Los conceptos de un CFDI de egreso que aplica un anticipo (FormaPago 30) son ClaveProdServ 84111506 con ClaveUnidad ACT');
    }
  }
  for (const [who, code] of [['LugarExpedicion', root.getAttribute('LugarExpedicion')], ['DomicilioFiscalReceptor', receptor?.getAttribute('DomicilioFiscalReceptor')]] as const) {
    if (code && postalCode(code) === undefined) fail('CODIGO_POSTAL', `${who} ${code} is not in c_CodigoPostal`, `${who} ${code} no está en c_CodigoPostal`);
  }
}

/** Each concept: price, tax object against its taxes, bases, IEPS in the IVA base, where withholdings apply. */
function checkConcepts(root: CfdiElement, fail: Fail): void {
  // Anexo 20: ValorUnitario above zero on an income, expense (egreso) or payroll CFDI.
  const priced = ['I', 'E', 'N'].includes(root.getAttribute('TipoDeComprobante') ?? '');
  const emisor = nodesOf(root, 'cfdi:Emisor')[0];
  const receptor = nodesOf(root, 'cfdi:Receptor')[0];
  const place = postalCode(root.getAttribute('LugarExpedicion') ?? '');
  nodesOf(root, 'cfdi:Conceptos/cfdi:Concepto').forEach((c, i) => {
    const at = `Concepto ${i + 1} (${c.getAttribute('NoIdentificacion') ?? c.getAttribute('ClaveProdServ')})`;
    if (priced && !num(c.getAttribute('ValorUnitario')).gt(0)) fail('VALOR_UNITARIO', `${at}: ValorUnitario must be above 0 on an income CFDI`, `${at}: el ValorUnitario debe ser mayor que 0 en un CFDI de ingreso`);
    const objeto = c.getAttribute('ObjetoImp') ?? '';
    const traslados = nodesOf(c, 'cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado');
    const retenciones = nodesOf(c, 'cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion');
    const hasTaxes = nodesOf(c, 'cfdi:Impuestos').length > 0;
    const rule = TAX_OBJECTS[objeto];
    if (rule?.taxes === 'required' && !hasTaxes) fail('OBJETO_IMP', `${at}: ObjetoImp 02 (${rule.description}) needs the concept's Impuestos`, `${at}: ObjetoImp 02 (${rule.description}) requiere los Impuestos del concepto`);
    if (rule?.taxes === 'none' && hasTaxes) fail('OBJETO_IMP', `${at}: ObjetoImp ${objeto} (${rule.description}) cannot carry Impuestos`, `${at}: ObjetoImp ${objeto} (${rule.description}) no puede llevar Impuestos`);
    if (rule?.taxes === 'ieps' && traslados.some((t) => t.getAttribute('Impuesto') !== '003')) fail('OBJETO_IMP', `${at}: ObjetoImp 07 (${rule.description}) transfers no IVA`, `${at}: ObjetoImp 07 (${rule.description}) no traslada IVA`);
    const lineBase = num(c.getAttribute('Importe')).minus(num(c.getAttribute('Descuento')));
    let ieps = new Decimal(0);
    for (const t of traslados) if (t.getAttribute('Impuesto') === '003') ieps = ieps.plus(num(t.getAttribute('Importe')));
    let ivaRate: Decimal | null = null;
    for (const t of [...traslados, ...retenciones]) {
      // c_TipoFactor: Exento carries neither TasaOCuota nor Importe (and is never withheld); Tasa and Cuota carry both.
      const exempt = t.getAttribute('TipoFactor') === 'Exento';
      if (exempt && (t.hasAttribute('TasaOCuota') || t.hasAttribute('Importe') || retenciones.includes(t))) fail('TIPO_FACTOR', `${at}: an exempt tax (TipoFactor Exento) is transferred without TasaOCuota and Importe`, `${at}: un impuesto exento (TipoFactor Exento) se traslada sin TasaOCuota ni Importe`);
      if (!exempt && (!t.hasAttribute('TasaOCuota') || !t.hasAttribute('Importe'))) fail('TIPO_FACTOR', `${at}: TipoFactor ${t.getAttribute('TipoFactor')} needs TasaOCuota and Importe`, `${at}: el TipoFactor ${t.getAttribute('TipoFactor')} requiere TasaOCuota e Importe`);
      const base = num(t.getAttribute('Base'));
      if (!base.gt(0)) fail('BASE', `${at}: a tax Base must be above 0, not ${t.getAttribute('Base')}`, `${at}: la Base de un impuesto debe ser mayor que 0, no ${t.getAttribute('Base')}`);
      const tasa = t.getAttribute('TasaOCuota');
      const importe = t.getAttribute('Importe');
      if (tasa && importe !== null && !withinBounds(base, tasa, num(importe))) {
        fail('IMPORTE', `${at}: Importe ${importe} is not Base ${t.getAttribute('Base')} × ${tasa} within Anexo 20's bounds (${bounds(base, tasa)})`, `${at}: el Importe ${importe} no es Base ${t.getAttribute('Base')} × ${tasa} dentro de los límites del Anexo 20 (${bounds(base, tasa)})`);
      }
    }
    for (const t of traslados) {
      if (t.getAttribute('Impuesto') !== '002') continue;
      ivaRate = num(t.getAttribute('TasaOCuota'));
      if (!num(t.getAttribute('Base')).eq(lineBase.plus(ieps))) {
        fail('BASE', `${at}: the IVA Base ${t.getAttribute('Base')} must be the concept's base ${lineBase.toFixed(2)} plus its IEPS ${ieps.toFixed(2)} (LIVA art. 12)`, `${at}: la Base del IVA ${t.getAttribute('Base')} debe ser la base del concepto ${lineBase.toFixed(2)} más su IEPS ${ieps.toFixed(2)} (LIVA art. 12)`);
      }
      if (ivaRate.eq('0.08') && place && !place.border) {
        fail('TASA', `${at}: IVA 8 % is the border region's rate; LugarExpedicion ${place.code} has no border stimulus in c_CodigoPostal`, `${at}: el IVA del 8 % es la tasa de la región fronteriza; el LugarExpedicion ${place.code} no tiene estímulo fronterizo en c_CodigoPostal`);
      }
    }
    for (const r of retenciones) {
      if (r.getAttribute('Impuesto') === '002' && !(ivaRate && ivaRate.gt(0))) fail('RETENCION', `${at}: IVA is withheld only where IVA above 0 % is transferred`, `${at}: el IVA se retiene solo donde se traslada IVA mayor que 0 %`);
      if (r.getAttribute('Impuesto') === '001' && num(r.getAttribute('TasaOCuota')).eq('0.0125')) {
        const issuer = emisor?.getAttribute('Rfc') ?? '', receiver = receptor?.getAttribute('Rfc') ?? '';
        if (emisor?.getAttribute('RegimenFiscal') !== RESICO || rfcPersonType(issuer) !== 'person' || rfcPersonType(receiver) !== 'company') {
          fail('RETENCION', `${at}: the 1.25 % ISR withholding applies only to an issuer persona física in regime ${RESICO} (RESICO) invoicing a persona moral`, `${at}: la retención de ISR del 1.25 % aplica solo a un emisor persona física del régimen ${RESICO} (RESICO) que factura a una persona moral`);
        }
      }
    }
  });
}

/**
 * A payment receipt (type P) as the SAT's Guía de llenado del complemento de pagos 2.0 fills it: amounts 0 in
 * currency XXX, no payment form or method, one concept 84111506 "Pago", UsoCFDI CP01, one pago20:Pagos; per
 * payment a known form (not 99), TipoCambioP for a foreign currency, and related documents whose balances follow
 * (ImpSaldoAnt − ImpPagado = ImpSaldoInsoluto ≥ 0) and add up to no more than Monto; taxes whose amounts are
 * their bases × rates; the Pago's taxes and the Totales the sums of the documents'.
 */
export function checkPayment(root: CfdiElement, fail: Fail): void {
  const at = (n: CfdiElement, q: string) => nodesOf(n, q);
  const attr = (e: CfdiElement | undefined, a: string) => e?.getAttribute(a) ?? null;
  for (const [a, want] of [['SubTotal', '0'], ['Total', '0'], ['Moneda', 'XXX']] as const) {
    if (a === 'Moneda' ? attr(root, a) !== want : !num(attr(root, a)).isZero()) fail('PAGO', `A payment receipt has ${a} ${want}, not ${attr(root, a) ?? 'nothing'}`, `Un comprobante de pago lleva ${a} ${want}, no ${attr(root, a) ?? 'nada'}`);
  }
  for (const a of ['FormaPago', 'MetodoPago', 'CondicionesDePago', 'Descuento', 'TipoCambio']) if (root.hasAttribute(a)) fail('PAGO', `A payment receipt carries no ${a}`, `Un comprobante de pago no lleva ${a}`);
  if (at(root, 'cfdi:Impuestos').length) fail('PAGO', 'A payment receipt carries no Impuestos node: its taxes are in the complement', 'Un comprobante de pago no lleva nodo Impuestos: sus impuestos van en el complemento');
  const conceptos = at(root, 'cfdi:Conceptos/cfdi:Concepto');
  const c = conceptos[0];
  if (conceptos.length !== 1 || attr(c, 'ClaveProdServ') !== PAYMENT_CONCEPT.ClaveProdServ || attr(c, 'ClaveUnidad') !== PAYMENT_CONCEPT.ClaveUnidad
    || attr(c, 'Descripcion') !== PAYMENT_CONCEPT.Descripcion || attr(c, 'Cantidad') !== '1' || attr(c, 'ValorUnitario') !== '0' || attr(c, 'Importe') !== '0'
    || attr(c, 'ObjetoImp') !== '01' || c.hasAttribute('NoIdentificacion') || c.hasAttribute('Unidad') || c.hasAttribute('Descuento')) {
    fail('PAGO', `A payment receipt has one Concepto: ClaveProdServ ${PAYMENT_CONCEPT.ClaveProdServ}, Cantidad 1, ClaveUnidad ${PAYMENT_CONCEPT.ClaveUnidad}, Descripcion Pago, ValorUnitario 0, Importe 0, ObjetoImp 01`, `Un comprobante de pago lleva un Concepto: ClaveProdServ ${PAYMENT_CONCEPT.ClaveProdServ}, Cantidad 1, ClaveUnidad ${PAYMENT_CONCEPT.ClaveUnidad}, Descripcion Pago, ValorUnitario 0, Importe 0, ObjetoImp 01`);
  }
  const use = attr(at(root, 'cfdi:Receptor')[0], 'UsoCFDI');
  if (use !== PAYMENT_USE) fail('USO_CFDI', `A payment receipt takes UsoCFDI ${PAYMENT_USE}, not ${use ?? 'nothing'}`, `Un comprobante de pago lleva UsoCFDI ${PAYMENT_USE}, no ${use ?? 'nada'}`);
  const pagos = at(root, 'cfdi:Complemento/pago20:Pagos');
  if (pagos.length !== 1) return fail('PAGO', `A payment receipt carries one pago20:Pagos complement, not ${pagos.length}`, `Un comprobante de pago lleva un complemento pago20:Pagos, no ${pagos.length}`);
  const close = (a: Decimal, b: Decimal) => a.minus(b).abs().lte('0.01');
  let monto = new Decimal(0);
  const totals = new Map<string, Decimal>();
  const addTotal = (k: string, v: Decimal) => totals.set(k, (totals.get(k) ?? new Decimal(0)).plus(v));
  at(pagos[0], 'pago20:Pago').forEach((pago, i) => {
    const where = `Pago ${i + 1}`;
    const moneda = attr(pago, 'MonedaP');
    const cambio = num(attr(pago, 'TipoCambioP') ?? '1');
    if (attr(pago, 'FormaDePagoP') === '99') fail('PAGO', `${where}: FormaDePagoP cannot be 99 (Por definir): a payment received has a known form`, `${where}: FormaDePagoP no puede ser 99 (Por definir): un pago recibido tiene una forma conocida`);
    if (moneda === 'XXX') fail('PAGO', `${where}: MonedaP cannot be XXX`, `${where}: MonedaP no puede ser XXX`);
    if (moneda === 'MXN' && pago.hasAttribute('TipoCambioP') && !cambio.eq(1)) fail('PAGO', `${where}: TipoCambioP of a payment in MXN is 1`, `${where}: el TipoCambioP de un pago en MXN es 1`);
    if (moneda !== 'MXN' && !pago.hasAttribute('TipoCambioP')) fail('PAGO', `${where}: a payment in ${moneda} needs TipoCambioP`, `${where}: un pago en ${moneda} requiere TipoCambioP`);
    monto = monto.plus(num(attr(pago, 'Monto')).times(cambio));
    let paid = new Decimal(0);
    const perTax = new Map<string, { base: Decimal; importe: Decimal }>();
    at(pago, 'pago20:DoctoRelacionado').forEach((dr) => {
      const doc = `${where}, DoctoRelacionado ${attr(dr, 'IdDocumento')}`;
      const before = num(attr(dr, 'ImpSaldoAnt')), amount = num(attr(dr, 'ImpPagado')), after = num(attr(dr, 'ImpSaldoInsoluto'));
      const equivalence = num(attr(dr, 'EquivalenciaDR') ?? '1');
      if (!amount.gt(0)) fail('PAGO', `${doc}: ImpPagado must be above 0`, `${doc}: ImpPagado debe ser mayor que 0`);
      if (!before.minus(amount).eq(after) || after.isNegative()) fail('SALDO', `${doc}: ImpSaldoAnt ${attr(dr, 'ImpSaldoAnt')} − ImpPagado ${attr(dr, 'ImpPagado')} must be ImpSaldoInsoluto ${attr(dr, 'ImpSaldoInsoluto')}, not below 0`, `${doc}: ImpSaldoAnt ${attr(dr, 'ImpSaldoAnt')} − ImpPagado ${attr(dr, 'ImpPagado')} debe ser ImpSaldoInsoluto ${attr(dr, 'ImpSaldoInsoluto')}, no menor que 0`);
      if (attr(dr, 'MonedaDR') === moneda && !equivalence.eq(1)) fail('PAGO', `${doc}: EquivalenciaDR is 1 when the document and the payment share their currency`, `${doc}: EquivalenciaDR es 1 cuando el documento y el pago tienen la misma moneda`);
      if (attr(dr, 'MonedaDR') !== moneda && !dr.hasAttribute('EquivalenciaDR')) fail('PAGO', `${doc}: EquivalenciaDR is required when MonedaDR ${attr(dr, 'MonedaDR')} is not MonedaP ${moneda}`, `${doc}: EquivalenciaDR es obligatoria cuando MonedaDR ${attr(dr, 'MonedaDR')} no es MonedaP ${moneda}`);
      if (attr(dr, 'MonedaDR') === 'XXX') fail('PAGO', `${doc}: MonedaDR cannot be XXX`, `${doc}: MonedaDR no puede ser XXX`);
      paid = paid.plus(amount.div(equivalence));
      const taxes = at(dr, 'pago20:ImpuestosDR');
      if ((attr(dr, 'ObjetoImpDR') === '02') !== (taxes.length > 0)) fail('OBJETO_IMP', `${doc}: ObjetoImpDR 02 and ImpuestosDR go together`, `${doc}: ObjetoImpDR 02 e ImpuestosDR van juntos`);
      for (const [list, kind] of [['pago20:RetencionesDR/pago20:RetencionDR', 'R'], ['pago20:TrasladosDR/pago20:TrasladoDR', 'T']] as const) {
        for (const t of taxes.flatMap((n) => at(n, list))) {
          const base = num(attr(t, 'BaseDR')), tasa = attr(t, 'TasaOCuotaDR'), importe = num(attr(t, 'ImporteDR'));
          if (tasa !== null && !withinBounds(base, tasa, importe)) fail('IMPORTE', `${doc}: ImporteDR ${attr(t, 'ImporteDR')} is not BaseDR ${attr(t, 'BaseDR')} × ${tasa} within Anexo 20's bounds (${bounds(base, tasa)})`, `${doc}: ImporteDR ${attr(t, 'ImporteDR')} no es BaseDR ${attr(t, 'BaseDR')} × ${tasa} dentro de los límites del Anexo 20 (${bounds(base, tasa)})`);
          const exempt = attr(t, 'TipoFactorDR') === 'Exento';
          if (exempt !== (tasa === null) || exempt !== (attr(t, 'ImporteDR') === null)) fail('TIPO_FACTOR', `${doc}: TipoFactorDR Exento goes without TasaOCuotaDR and ImporteDR, Tasa and Cuota with both`, `${doc}: TipoFactorDR Exento va sin TasaOCuotaDR ni ImporteDR; Tasa y Cuota, con ambos`);
          const key = `${kind}|${attr(t, 'ImpuestoDR')}|${kind === 'T' ? (exempt ? 'Exento' : tasa) : ''}`;
          const g = perTax.get(key) ?? { base: new Decimal(0), importe: new Decimal(0) };
          perTax.set(key, { base: g.base.plus(base.div(equivalence)), importe: g.importe.plus(importe.div(equivalence)) });
        }
      }
    });
    if (paid.gt(num(attr(pago, 'Monto')))) fail('MONTO', `${where}: the documents' ImpPagado (${paid.toFixed(2)}) add up to more than Monto ${attr(pago, 'Monto')}`, `${where}: los ImpPagado de los documentos (${paid.toFixed(2)}) suman más que el Monto ${attr(pago, 'Monto')}`);
    const declared = new Map<string, { base: Decimal; importe: Decimal }>();
    for (const r of at(pago, 'pago20:ImpuestosP/pago20:RetencionesP/pago20:RetencionP')) {
      declared.set(`R|${attr(r, 'ImpuestoP')}|`, { base: new Decimal(0), importe: num(attr(r, 'ImporteP')) });
    }
    for (const t of at(pago, 'pago20:ImpuestosP/pago20:TrasladosP/pago20:TrasladoP')) {
      const tasa = attr(t, 'TipoFactorP') === 'Exento' ? 'Exento' : attr(t, 'TasaOCuotaP');
      declared.set(`T|${attr(t, 'ImpuestoP')}|${tasa}`, { base: num(attr(t, 'BaseP')), importe: num(attr(t, 'ImporteP')) });
    }
    for (const key of new Set([...perTax.keys(), ...declared.keys()])) {
      const want = perTax.get(key), got = declared.get(key);
      const [kind, impuesto, tasa] = key.split('|');
      const name = `${kind === 'R' ? 'RetencionP' : 'TrasladoP'} ${impuesto}${tasa ? ` ${tasa}` : ''}`;
      if (!want || !got || !close(want.importe, got.importe) || (kind === 'T' && !close(want.base, got.base))) {
        fail('IMPUESTOS_P', `${where}: ${name} must be the sum of the documents' taxes (${want ? `${want.base.toFixed(2)}, ${want.importe.toFixed(2)}` : 'none'})`, `${where}: ${name} debe ser la suma de los impuestos de los documentos (${want ? `${want.base.toFixed(2)}, ${want.importe.toFixed(2)}` : 'ninguno'})`);
      }
      if (got && kind === 'R') addTotal(`TotalRetenciones${({ '001': 'ISR', '002': 'IVA', '003': 'IEPS' } as Record<string, string>)[impuesto]}`, got.importe.times(cambio));
      if (got && kind === 'T' && impuesto === '002') {
        const suffix = ({ '0.160000': '16', '0.080000': '8', '0.000000': '0' } as Record<string, string>)[tasa];
        if (suffix) { addTotal(`TotalTrasladosBaseIVA${suffix}`, got.base.times(cambio)); addTotal(`TotalTrasladosImpuestoIVA${suffix}`, got.importe.times(cambio)); }
        if (tasa === 'Exento') addTotal('TotalTrasladosBaseIVAExento', got.base.times(cambio));
      }
    }
  });
  const totales = at(pagos[0], 'pago20:Totales')[0];
  addTotal('MontoTotalPagos', monto);
  for (const name of ['MontoTotalPagos', 'TotalRetencionesIVA', 'TotalRetencionesISR', 'TotalRetencionesIEPS', 'TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16',
    'TotalTrasladosBaseIVA8', 'TotalTrasladosImpuestoIVA8', 'TotalTrasladosBaseIVA0', 'TotalTrasladosImpuestoIVA0', 'TotalTrasladosBaseIVAExento']) {
    const want = totals.get(name);
    const got = attr(totales, name);
    if (want === undefined && got === null) continue;
    if (want === undefined || got === null || !close(round(want), num(got))) fail('TOTALES', `Totales ${name} must be ${want ? round(want).toFixed(2) : 'absent'}, not ${got ?? 'absent'}`, `Totales ${name} debe ser ${want ? round(want).toFixed(2) : 'ausente'}, no ${got ?? 'ausente'}`);
  }
}

const round = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A tax amount within Anexo 20's bounds of Base × TasaOCuota (importeBounds), at 2 decimals. */
function withinBounds(base: Decimal, tasa: string, importe: Decimal): boolean {
  const [lo, hi] = importeBounds(base, tasa);
  return importe.gte(lo) && importe.lte(hi);
}
const bounds = (base: Decimal, tasa: string) => importeBounds(base, tasa).map((x) => x.toFixed(2)).join(' to ');
