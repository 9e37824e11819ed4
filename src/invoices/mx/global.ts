/**
 * The global invoice's period (InformacionGlobal, CFDI 4.0): an invoice to the general public (XAXX010101000)
 * declares the sales of a period it covers, by c_Periodicidad (01 diaria, 02 semanal, 03 quincenal, 04 mensual,
 * 05 bimestral), the month or pair of months (c_Meses: 01–12, or 13–18 for the bimonthly pairs January–February
 * to November–December) and the year. The SAT's rules: the bimonthly period belongs to the Régimen de
 * Incorporación Fiscal (621) and takes a pair of months, every other period a single month; the year is the
 * invoice's or the one before, and the period does not start after the invoice's month.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Problems } from '../../platform/errors';
import { Enum } from '../../platform/validation';

export const PERIODICITIES: Record<string, string> = { '01': 'Diario', '02': 'Semanal', '03': 'Quincenal', '04': 'Mensual', '05': 'Bimestral' };
/** The Régimen de Incorporación Fiscal, the only one with bimonthly global invoices. */
const RIF = '621';

export const GlobalInformation = Type.Object({
  periodicity: Enum(Object.keys(PERIODICITIES), { description: 'c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly (régimen 621 only)' }),
  months: Type.String({ pattern: '^(0[1-9]|1[0-8])$', 'x-hint': 'must be a c_Meses code, 01 to 18',
    description: 'c_Meses: 01–12 the month; with periodicity 05, 13–18 the pair of months (13 January–February … 18 November–December)' }),
  year: Type.Integer({ minimum: 2000, maximum: 9999, description: 'The year of the period: the invoice\'s or the one before' }),
}, { additionalProperties: false, description: 'A global invoice (customer XAXX010101000): the period its sales cover; by default the invoice\'s day (01, its month, its year)' });
export type GlobalInformation = Static<typeof GlobalInformation>;

/** The first month (1–12) a c_Meses code covers. */
const firstMonth = (months: string) => (Number(months) <= 12 ? Number(months) : (Number(months) - 12) * 2 - 1);

/** The period of a global invoice dated `date` (YYYY-MM-DD): the one sent, checked, or the invoice's day. */
export function globalPeriod(problems: Problems, sent: GlobalInformation | undefined, date: string, issuerRegime: string | undefined): GlobalInformation {
  if (!sent) return { periodicity: '01', months: date.slice(5, 7), year: Number(date.slice(0, 4)) };
  const at = (f: string) => `global_information.${f}`;
  if (problems.has('global_information')) return sent;
  const bimonthly = sent.periodicity === '05';
  if (bimonthly && issuerRegime !== RIF) problems.add('invalid_value', `Periodicity 05 (bimestral) is for issuers in régimen ${RIF} (Incorporación Fiscal), not ${issuerRegime ?? 'none'}`, at('periodicity'));
  if (bimonthly !== Number(sent.months) > 12) {
    problems.add('invalid_value', bimonthly ? 'A bimonthly period (05) takes a pair of months, c_Meses 13 to 18' : `Periodicity ${sent.periodicity} (${PERIODICITIES[sent.periodicity]}) takes one month, c_Meses 01 to 12`, at('months'));
  }
  const year = Number(date.slice(0, 4));
  if (sent.year !== year && sent.year !== year - 1) problems.add('invalid_value', `The period's year is the invoice's (${year}) or the one before, not ${sent.year}`, at('year'));
  else if (sent.year === year && firstMonth(sent.months) > Number(date.slice(5, 7))) {
    problems.add('invalid_value', `The period ${sent.months}/${sent.year} starts after the invoice's month (${date.slice(0, 7)}): a global invoice declares sales made`, at('months'));
  }
  return sent;
}
