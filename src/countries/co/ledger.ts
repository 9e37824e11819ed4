/**
 * Colombia's ledger accounts the code names by their meaning: auxiliary accounts of 8 digits under the PUC's
 * subcuentas, as Siigo charts carry them (the PUC fixes classes, groups, accounts and subcuentas, up to 6 digits;
 * auxiliaries are the company's).
 */
import type { UblAccounts } from '../country';

export const CO_LEDGER = {
  /** Caja general: cash payment types. */
  cash: '11050501',
  /** Bancos nacionales: transfer and card payment types. */
  bank: '11100501',
  /** Clientes nacionales: the receivable of the credit payment type. */
  customers: '13050501',
  /** Retención en la fuente (anticipo): Retefuente suffered, and the debit side of self-withholding. */
  withholdingAdvance: '13551501',
  /** Anticipos de clientes: advance payments received, and applied on invoices. */
  customerAdvances: '28050501',
  /** Venta de productos y servicios: what an invoice sells. */
  revenue: '41359501',
  /** Descuentos comerciales condicionados: taxes of gifts borne by the company, and global discounts without a record. */
  discountsExpense: '53053501',
  /** Cargos a clientes: global charges without a record. */
  chargesIncome: '42505001',
  /** IVA generado: at the general rate (19 %), at 5 %, and at 0 % (exempt). */
  ivaGeneral: '24080501',
  iva5: '24080502',
  iva0: '24080503',
  /** Impuesto nacional al consumo por pagar. */
  impoconsumo: '24360501',
  /** ReteIVA and ReteICA suffered (anticipos de impuestos). */
  reteIvaAdvance: '13551701',
  reteIcaAdvance: '13551801',
  /** Autorretenciones por pagar: the credit side of self-withholding. */
  selfWithholding: '23657501',
  /** Diferencia en cambio: income (PUC 421020) and expense (PUC 530525) of a foreign-currency receivable paid at another rate. */
  exchangeGain: '42102001',
  exchangeLoss: '53052501',
} as const;

/** What Colombia's invoices, notes and vouchers post to by themselves (the UBL form's accounts). */
export const CO_UBL_ACCOUNTS: UblAccounts = {
  revenue: CO_LEDGER.revenue, customers: CO_LEDGER.customers, exchangeGain: CO_LEDGER.exchangeGain, exchangeLoss: CO_LEDGER.exchangeLoss, customerAdvances: CO_LEDGER.customerAdvances,
  discountsExpense: CO_LEDGER.discountsExpense, chargesIncome: CO_LEDGER.chargesIncome, withholdingAdvance: CO_LEDGER.withholdingAdvance,
  // PUC 1305 Clientes; 280505 Anticipos y avances recibidos de clientes (the auxiliary 28050501, and 280505 of databases from before the auxiliaries).
  receivablesGroup: '1305', advancesGroup: '280505',
};

/** The account a tax of this type posts to unless the company names one (the starting catalog's). */
export function coTaxAccount(type: string, percentage: number): string | undefined {
  if (type === 'IVA') return percentage === 5 ? CO_LEDGER.iva5 : percentage === 0 ? CO_LEDGER.iva0 : CO_LEDGER.ivaGeneral;
  return ({ Impoconsumo: CO_LEDGER.impoconsumo, Retefuente: CO_LEDGER.withholdingAdvance, ReteIVA: CO_LEDGER.reteIvaAdvance, ReteICA: CO_LEDGER.reteIcaAdvance,
    Autorretencion: CO_LEDGER.selfWithholding } as Record<string, string>)[type];
}

/** The account a payment type of this kind posts to unless the company names one. */
export function coPaymentAccount(type: string): string | undefined {
  return ({ Cash: CO_LEDGER.cash, Check: CO_LEDGER.cash, Transfer: CO_LEDGER.bank, Card: CO_LEDGER.bank, Credit: CO_LEDGER.customers } as Record<string, string>)[type];
}
