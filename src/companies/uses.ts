/**
 * SAT catalogue c_UsoCFDI (CFDI 4.0, Anexo 20): the use the receiver gives
 * to an invoice, with the person types allowed to receive it
 * ("Aplica para tipo persona Física / Moral" columns of the catalogue).
 * `person` = persona física, `company` = persona moral.
 */
export type CfdiPersonType = 'person' | 'company';

export interface CfdiUse {
  code: string;
  description: string;
  person_types: ReadonlyArray<CfdiPersonType>;
  /** The receiver's regimes (c_RegimenFiscal) allowed with this use: the catalogue's "Régimen Fiscal Receptor" column. */
  receiver_regimes: ReadonlyArray<string>;
}

const BOTH: ReadonlyArray<CfdiPersonType> = Object.freeze(['person', 'company'] as const);
const PERSON: ReadonlyArray<CfdiPersonType> = Object.freeze(['person'] as const);
const list = (codes: string) => Object.freeze(codes.split(' '));
/** Receiver regimes of the catalogue, by group of uses. */
const BUSINESS = list('601 603 606 612 620 621 622 623 624 625 626');
const DEDUCTIONS = list('605 606 607 608 611 612 614 615 625');
const ANY = list('601 603 605 606 607 608 610 611 612 614 615 616 620 621 622 623 624 625 626');

export const CFDI_USES: ReadonlyArray<CfdiUse> = Object.freeze([
  { code: 'G01', description: 'Adquisición de mercancías', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'G02', description: 'Devoluciones, descuentos o bonificaciones', person_types: BOTH, receiver_regimes: list('601 603 606 612 616 620 621 622 623 624 625 626') },
  { code: 'G03', description: 'Gastos en general', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I01', description: 'Construcciones', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I02', description: 'Mobiliario y equipo de oficina por inversiones', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I03', description: 'Equipo de transporte', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I04', description: 'Equipo de computo y accesorios', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I05', description: 'Dados, troqueles, moldes, matrices y herramental', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I06', description: 'Comunicaciones telefónicas', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I07', description: 'Comunicaciones satelitales', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'I08', description: 'Otra maquinaria y equipo', person_types: BOTH, receiver_regimes: BUSINESS },
  { code: 'D01', description: 'Honorarios médicos, dentales y gastos hospitalarios', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D02', description: 'Gastos médicos por incapacidad o discapacidad', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D03', description: 'Gastos funerales', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D04', description: 'Donativos', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D05', description: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D06', description: 'Aportaciones voluntarias al SAR', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D07', description: 'Primas por seguros de gastos médicos', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D08', description: 'Gastos de transportación escolar obligatoria', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D09', description: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'D10', description: 'Pagos por servicios educativos (colegiaturas)', person_types: PERSON, receiver_regimes: DEDUCTIONS },
  { code: 'S01', description: 'Sin efectos fiscales', person_types: BOTH, receiver_regimes: ANY },
  { code: 'CP01', description: 'Pagos', person_types: BOTH, receiver_regimes: ANY },
  { code: 'CN01', description: 'Nómina', person_types: PERSON, receiver_regimes: list('605') },
].map((u) => Object.freeze(u)));

/**
 * The generic RFC of sales to the general public (público en general) and what CFDI 4.0 fixes
 * for it (docs/mexico.md): UsoCFDI S01, RegimenFiscalReceptor 616 (Sin obligaciones fiscales), and
 * the issuer's postal code (the place of issue) as the receiver's fiscal domicile.
 */
export const GENERAL_PUBLIC = Object.freeze({ rfc: 'XAXX010101000', use: 'S01', regime: '616' } as const);

/**
 * The generic RFC of a receiver resident abroad (residente en el extranjero): CFDI 4.0 gives it UsoCFDI S01,
 * RegimenFiscalReceptor 616 and the place of issue as fiscal domicile, and it carries its country of tax
 * residence (ResidenciaFiscal, c_Pais) and its tax id there (NumRegIdTrib).
 */
export const FOREIGN_RECEIVER = Object.freeze({ rfc: 'XEXX010101000', use: 'S01', regime: '616' } as const);

/** The fixed receiver data of a generic RFC, with what to call it; undefined for any other RFC. */
export function genericReceiver(rfc: string | null | undefined): { rfc: string; use: string; regime: string; label: string } | undefined {
  if (rfc === GENERAL_PUBLIC.rfc) return { ...GENERAL_PUBLIC, label: 'público en general' };
  if (rfc === FOREIGN_RECEIVER.rfc) return { ...FOREIGN_RECEIVER, label: 'residente en el extranjero' };
  return undefined;
}

/** The use with this code (case-insensitive), or undefined. */
export function findCfdiUse(code: string): CfdiUse | undefined {
  const c = code.toUpperCase();
  return CFDI_USES.find((u) => u.code === c);
}
