/**
 * SAT catalogues of CFDI 4.0 (Anexo 20). The small ones are written here in
 * full; the large ones are catalogue files (README "Tax authority
 * catalogues"): mx/c_CodigoPostal.tsv(.gz) (the SAT's columns under their
 * header, catalogs/mx/README.md), mx/c_ClaveProdServ.txt(.gz), mx/c_ClaveUnidad.txt,
 * mx/c_Pais.txt, mx/c_Moneda.txt (one code a line).
 */
import { fromLines, keyed } from './files';
import { CFDI_USES, type CfdiPersonType } from '../companies/uses';

export interface Regime { code: string; description: string; person_types: ReadonlyArray<CfdiPersonType> }

const P: ReadonlyArray<CfdiPersonType> = ['person'];
const M: ReadonlyArray<CfdiPersonType> = ['company'];
const PM: ReadonlyArray<CfdiPersonType> = ['person', 'company'];

/** c_RegimenFiscal, with the person types each applies to (Física = person, Moral = company). */
export const REGIMES: ReadonlyArray<Regime> = Object.freeze([
  { code: '601', description: 'General de Ley Personas Morales', person_types: M },
  { code: '603', description: 'Personas Morales con Fines no Lucrativos', person_types: M },
  { code: '605', description: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', person_types: P },
  { code: '606', description: 'Arrendamiento', person_types: P },
  { code: '607', description: 'Régimen de Enajenación o Adquisición de Bienes', person_types: P },
  { code: '608', description: 'Demás ingresos', person_types: P },
  { code: '610', description: 'Residentes en el Extranjero sin Establecimiento Permanente en México', person_types: PM },
  { code: '611', description: 'Ingresos por Dividendos (socios y accionistas)', person_types: P },
  { code: '612', description: 'Personas Físicas con Actividades Empresariales y Profesionales', person_types: P },
  { code: '614', description: 'Ingresos por intereses', person_types: P },
  { code: '615', description: 'Régimen de los ingresos por obtención de premios', person_types: P },
  { code: '616', description: 'Sin obligaciones fiscales', person_types: P },
  { code: '620', description: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', person_types: M },
  { code: '621', description: 'Incorporación Fiscal', person_types: P },
  { code: '622', description: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', person_types: M },
  { code: '623', description: 'Opcional para Grupos de Sociedades', person_types: M },
  { code: '624', description: 'Coordinados', person_types: M },
  { code: '625', description: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', person_types: P },
  { code: '626', description: 'Régimen Simplificado de Confianza', person_types: PM },
].map((r) => Object.freeze(r)));

export const regime = (code: string) => REGIMES.find((r) => r.code === code);

/** Régimen Simplificado de Confianza: a persona física in it suffers the 1.25 % ISR withholding from a persona moral (LISR art. 113-J). */
export const RESICO = '626';
export const RESICO_ISR_RATE = '1.25';

/** The person type an RFC spells: 12 characters a persona moral, 13 a persona física. */
export const rfcPersonType = (rfc: string): CfdiPersonType => (rfc.length === 12 ? 'company' : 'person');

/**
 * c_ObjetoImp and what each says about a concept's taxes: 02 carries its taxes (the concept's Impuestos
 * node); 07 carries IEPS and no IVA; the others carry none (01 not subject, 03 not obliged to break them
 * down, 04 does not cause them, 05 IVA crédito PODEBI, 06 no IVA transferred, 08 neither IVA nor IEPS broken down).
 */
export const TAX_OBJECTS: Readonly<Record<string, { description: string; taxes: 'required' | 'none' | 'ieps' }>> = Object.freeze({
  '01': { description: 'No objeto de impuesto', taxes: 'none' },
  '02': { description: 'Sí objeto de impuesto', taxes: 'required' },
  '03': { description: 'Sí objeto del impuesto y no obligado al desglose', taxes: 'none' },
  '04': { description: 'Sí objeto del impuesto y no causa impuesto', taxes: 'none' },
  '05': { description: 'Sí objeto del impuesto, IVA crédito PODEBI', taxes: 'none' },
  '06': { description: 'Sí objeto del IVA, No traslado IVA', taxes: 'none' },
  '07': { description: 'No traslado del IVA, Sí desglose IEPS', taxes: 'ieps' },
  '08': { description: 'No traslado del IVA, No desglose IEPS', taxes: 'none' },
});

/** What a product's tax object says of the taxes it carries (types as the service names them), or null when they agree. */
export function taxObjectProblem(taxObject: string | null | undefined, taxTypes: string[]): string | null {
  const rule = TAX_OBJECTS[taxObject ?? '02'];
  if (!rule) return `${taxObject} is not a c_ObjetoImp code`;
  const transferred = taxTypes.filter((t) => !t.startsWith('Rete'));
  if (rule.taxes === 'none' && transferred.length) return `Tax object ${taxObject} (${rule.description}) carries no taxes, but the line has ${transferred.join(', ')}`;
  if (rule.taxes === 'required' && !transferred.length) return `Tax object 02 (${rule.description}) must carry its taxes: give the product a tax (IVA 0 % if it is zero-rated) or use tax object 01`;
  if (rule.taxes === 'ieps' && (transferred.some((t) => t !== 'IEPS') || !transferred.length)) return `Tax object 07 (${rule.description}) carries IEPS and no IVA, not ${transferred.join(', ') || 'nothing'}`;
  return null;
}

/** Small catalogues the CFDI's XSD names (catCFDI.xsd), written in full. */
export const SMALL_CATALOGUES: Readonly<Record<string, ReadonlyArray<string>>> = Object.freeze({
  c_FormaPago: ['01', '02', '03', '04', '05', '06', '08', '12', '13', '14', '15', '17', '23', '24', '25', '26', '27', '28', '29', '30', '31', '99'],
  c_MetodoPago: ['PUE', 'PPD'],
  c_TipoDeComprobante: ['I', 'E', 'T', 'N', 'P'],
  c_Exportacion: ['01', '02', '03', '04'],
  c_Periodicidad: ['01', '02', '03', '04', '05'],
  c_Meses: Array.from({ length: 18 }, (_, i) => String(i + 1).padStart(2, '0')),
  c_TipoRelacion: ['01', '02', '03', '04', '05', '06', '07'],
  c_Impuesto: ['001', '002', '003'],
  c_TipoFactor: ['Tasa', 'Cuota', 'Exento'],
  c_ObjetoImp: Object.keys(TAX_OBJECTS),
  c_RegimenFiscal: REGIMES.map((r) => r.code),
  c_UsoCFDI: CFDI_USES.map((u) => u.code),
});

/**
 * c_Moneda's decimals (ISO 4217 minor units) of the currencies that do not have 2; the amounts of a CFDI in a
 * currency have at most its decimals. XXX (no currency) and the metals (XAU, XAG, XPD, XPT) have none to invoice in.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = Object.freeze({
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3, CLF: 4, UYW: 4,
});
export const NOT_A_CURRENCY = new Set(['XXX', 'XAU', 'XAG', 'XPD', 'XPT', 'XTS', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA']);

/** The large catalogues: file and name. */
export const LARGE_CATALOGUES = Object.freeze({
  c_CodigoPostal: 'mx/c_CodigoPostal.tsv',
  c_ClaveProdServ: 'mx/c_ClaveProdServ.txt',
  c_ClaveUnidad: 'mx/c_ClaveUnidad.txt',
  c_Pais: 'mx/c_Pais.txt',
  c_Moneda: 'mx/c_Moneda.txt',
});
export type LargeCatalogue = keyof typeof LARGE_CATALOGUES;

/**
 * A large catalogue as a map from its code to its record, or null when its file is not installed. A file as the
 * SAT publishes it starts with a header row whose first field is the catalogue's name (c_CodigoPostal…): that row
 * is not a code.
 */
export function catalogueCodes(name: LargeCatalogue): ReadonlyMap<string, string[]> | null {
  if (name === 'c_CodigoPostal') {
    const index = postalIndex();
    return index && new Map([...index.lines].map(([code, line]) => [code, line.split('\t')]));
  }
  const map = keyed(LARGE_CATALOGUES[name]);
  if (!map?.has(name)) return map;
  return new Map([...map].filter(([k]) => k !== name));
}

/** Whether a large catalogue's file is installed. */
export const catalogueInstalled = (name: LargeCatalogue): boolean => (name === 'c_CodigoPostal' ? postalIndex() !== null : keyed(LARGE_CATALOGUES[name]) !== null);

/** A postal code: its state and municipality, and its border region (c_CodigoPostal's "Estímulo Franja Fronteriza": 1 northern, 2 southern, 0 none). */
export interface PostalCode { code: string; state: string; municipality: string; border: boolean; region: 0 | 1 | 2 }

/**
 * c_CodigoPostal (95,748 lines) indexed by code, each line split only when looked up (splitting them all took
 * seconds on a loaded machine). Its columns: by their header names (the SAT's file, catalogs/mx/README.md), so
 * that a newer release with other or reordered columns is read without a change of code; else the short form
 * code, state, municipality, border value of a file without a header.
 */
function postalIndex() {
  return fromLines(LARGE_CATALOGUES.c_CodigoPostal, (lines) => {
    const header = lines[0]?.startsWith('c_CodigoPostal\t') ? lines[0].split('\t').map((h) => h.trim()) : null;
    const find = (re: RegExp, fallback: number) => { const i = header ? header.findIndex((h) => re.test(h)) : -1; return i >= 0 ? i : fallback; };
    const columns = { state: find(/^c_Estado$/, 1), municipality: find(/^c_Municipio$/, 2), border: find(/Fronteriza/i, header ? -1 : 3), end: find(/fin de vigencia/i, -1) };
    const index = new Map<string, string>();
    for (const line of header ? lines.slice(1) : lines) {
      const tab = line.indexOf('\t');
      index.set((tab < 0 ? line : line.slice(0, tab)).trim(), line);
    }
    return { lines: index, columns };
  });
}

/**
 * A c_CodigoPostal entry; undefined when the code is not in it (or its validity ended before `today`, YYYY-MM-DD);
 * null when the catalogue is not installed.
 */
export function postalCode(code: string, today = new Date().toISOString().slice(0, 10)): PostalCode | undefined | null {
  const index = postalIndex();
  if (!index) return null;
  const line = index.lines.get(code);
  if (line === undefined) return undefined;
  const r = line.split('\t').map((f) => f.trim());
  const col = index.columns;
  const end = col.end >= 0 ? r[col.end] ?? '' : '';
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(end) && end < today) return undefined;
  const region = Number(r[col.border] ?? '0');
  return { code: r[0], state: r[col.state] ?? '', municipality: r[col.municipality] ?? '', border: region === 1 || region === 2, region: region === 1 || region === 2 ? region : 0 };
}
