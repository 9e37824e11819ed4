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
}

const BOTH: ReadonlyArray<CfdiPersonType> = Object.freeze(['person', 'company'] as const);
const PERSON: ReadonlyArray<CfdiPersonType> = Object.freeze(['person'] as const);

export const CFDI_USES: ReadonlyArray<CfdiUse> = Object.freeze([
  { code: 'G01', description: 'Adquisición de mercancías', person_types: BOTH },
  { code: 'G02', description: 'Devoluciones, descuentos o bonificaciones', person_types: BOTH },
  { code: 'G03', description: 'Gastos en general', person_types: BOTH },
  { code: 'I01', description: 'Construcciones', person_types: BOTH },
  { code: 'I02', description: 'Mobiliario y equipo de oficina por inversiones', person_types: BOTH },
  { code: 'I03', description: 'Equipo de transporte', person_types: BOTH },
  { code: 'I04', description: 'Equipo de computo y accesorios', person_types: BOTH },
  { code: 'I05', description: 'Dados, troqueles, moldes, matrices y herramental', person_types: BOTH },
  { code: 'I06', description: 'Comunicaciones telefónicas', person_types: BOTH },
  { code: 'I07', description: 'Comunicaciones satelitales', person_types: BOTH },
  { code: 'I08', description: 'Otra maquinaria y equipo', person_types: BOTH },
  { code: 'D01', description: 'Honorarios médicos, dentales y gastos hospitalarios', person_types: PERSON },
  { code: 'D02', description: 'Gastos médicos por incapacidad o discapacidad', person_types: PERSON },
  { code: 'D03', description: 'Gastos funerales', person_types: PERSON },
  { code: 'D04', description: 'Donativos', person_types: PERSON },
  { code: 'D05', description: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', person_types: PERSON },
  { code: 'D06', description: 'Aportaciones voluntarias al SAR', person_types: PERSON },
  { code: 'D07', description: 'Primas por seguros de gastos médicos', person_types: PERSON },
  { code: 'D08', description: 'Gastos de transportación escolar obligatoria', person_types: PERSON },
  { code: 'D09', description: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', person_types: PERSON },
  { code: 'D10', description: 'Pagos por servicios educativos (colegiaturas)', person_types: PERSON },
  { code: 'S01', description: 'Sin efectos fiscales', person_types: BOTH },
  { code: 'CP01', description: 'Pagos', person_types: BOTH },
  { code: 'CN01', description: 'Nómina', person_types: PERSON },
].map((u) => Object.freeze(u)));

/**
 * The generic RFC of sales to the general public (público en general) and what CFDI 4.0 fixes
 * for it (DESIGN.md §7): UsoCFDI S01, RegimenFiscalReceptor 616 (Sin obligaciones fiscales), and
 * the issuer's postal code (the place of issue) as the receiver's fiscal domicile.
 */
export const GENERAL_PUBLIC = Object.freeze({ rfc: 'XAXX010101000', use: 'S01', regime: '616' } as const);

/** The use with this code (case-insensitive), or undefined. */
export function findCfdiUse(code: string): CfdiUse | undefined {
  const c = code.toUpperCase();
  return CFDI_USES.find((u) => u.code === c);
}
