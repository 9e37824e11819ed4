/**
 * CUFE / CUDE and the software security code of a DIAN electronic invoice
 * (technical annex 1.9; docs/colombia.md). Pure functions: hashing only, no I/O.
 *
 *   CUFE = SHA-384 hex (lower case) of
 *     NumFac + FecFac + HorFac + ValFac + "01" + ValImp1 + "04" + ValImp2 + "03" + ValImp3
 *     + ValTot + NitOFE + NumAdq + ClTec + TipoAmbiente
 *
 * Amounts are written with exactly two decimals and a dot, no thousands separator.
 * A CUDE (notes, contingency) has the same chain with the software PIN in place of ClTec.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';

export type Amount = string | number | Decimal;

export interface CufeFields {
  /** NumFac: the invoice number with its prefix, e.g. "SETP990000001". */
  number: string;
  /** FecFac: issue date, YYYY-MM-DD. */
  issueDate: string;
  /** HorFac: issue time with offset, HH:mm:ss-05:00. */
  issueTime: string;
  /** ValFac: invoice value before taxes. */
  subtotal: Amount;
  /** ValImp1: IVA (tax code 01). */
  iva: Amount;
  /** ValImp2: INC, impuesto nacional al consumo (tax code 04). */
  inc: Amount;
  /** ValImp3: ICA (tax code 03). */
  ica: Amount;
  /** ValTot: total value of the invoice. */
  total: Amount;
  /** NitOFE: the issuer's NIT, without check digit. */
  supplierNit: string;
  /** NumAdq: the customer's identification number. */
  customerId: string;
  /** ClTec: the technical key of the numbering resolution. */
  technicalKey: string;
  /** TipoAmbiente: 1 production, 2 testing. */
  environment: '1' | '2' | 1 | 2;
}

/** CUDE fields: the CUFE chain with the software PIN in place of the technical key. */
export type CudeFields = Omit<CufeFields, 'technicalKey'> & { softwarePin: string };

/** An amount as the annex writes it: two decimals, dot, half away from zero. */
export function dianAmount(v: Amount): string {
  const d = new Decimal(v);
  if (!d.isFinite()) throw new Error(`Not a finite amount: ${String(v)}`);
  return d.toFixed(2, Decimal.ROUND_HALF_UP);
}

const sha384 = (s: string) => createHash('sha384').update(s, 'utf8').digest('hex');

/** The concatenated chain whose hash is the CUFE (exposed for checks and troubleshooting). */
export function cufeChain(f: CufeFields): string {
  return [
    f.number, f.issueDate, f.issueTime,
    dianAmount(f.subtotal),
    '01', dianAmount(f.iva),
    '04', dianAmount(f.inc),
    '03', dianAmount(f.ica),
    dianAmount(f.total),
    f.supplierNit, f.customerId, f.technicalKey, String(f.environment),
  ].join('');
}

/** CUFE: SHA-384, lower-case hex, of the chain above. */
export function cufe(f: CufeFields): string {
  return sha384(cufeChain(f));
}

/** CUDE: as the CUFE with the software PIN in place of the technical key. */
export function cude(f: CudeFields): string {
  const { softwarePin, ...rest } = f;
  return sha384(cufeChain({ ...rest, technicalKey: softwarePin }));
}

/** Software security code = SHA-384 hex of software id + PIN + NumFac. */
export function softwareSecurityCode(softwareId: string, pin: string, number: string): string {
  return sha384(`${softwareId}${pin}${number}`);
}
