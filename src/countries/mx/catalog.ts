/**
 * Mexico's standard catalog (production data, not demo fixtures): the chart of
 * accounts (the SAT's código agrupador), taxes, payment types (with their
 * c_FormaPago), global discounts and charges that `company create` and the
 * demo company start from.
 */
import { MX_LEDGER } from './ledger';
import type { Tables } from '../../companies/catalogs/rows';

export const MX_ACCOUNTS: Tables['accounts'][] = [
    { code: '101.01', name: 'Caja y efectivo', nature: 'Debit' },
    { code: '102.01', name: 'Bancos nacionales', nature: 'Debit' },
    { code: '102.02', name: 'Bancos extranjeros', nature: 'Debit' },
    { code: '105.01', name: 'Clientes nacionales', nature: 'Debit' },
    { code: '105.02', name: 'Clientes extranjeros', nature: 'Debit' },
    { code: '113.01', name: 'IVA a favor (IVA retenido por clientes)', nature: 'Debit' },
    { code: '113.08.01', name: 'IVA por retener de clientes, facturas PPD no cobradas', nature: 'Debit' },
    { code: '113.08.02', name: 'ISR por retener de clientes, facturas PPD no cobradas', nature: 'Debit' },
    { code: '114.01', name: 'Pagos provisionales de ISR (ISR retenido por clientes)', nature: 'Debit' },
    { code: '115.01', name: 'Inventario', nature: 'Debit' },
    { code: '118.01', name: 'IVA acreditable pagado', nature: 'Debit' },
    { code: '206.01', name: 'Anticipo de cliente nacional', nature: 'Credit' },
    { code: '208.01', name: 'IVA trasladado cobrado', nature: 'Credit' },
    { code: '208.02', name: 'IEPS trasladado cobrado', nature: 'Credit' },
    { code: '209.01', name: 'IVA trasladado no cobrado', nature: 'Credit' },
    { code: '209.02', name: 'IEPS trasladado no cobrado', nature: 'Credit' },
    { code: '216.04', name: 'Impuestos retenidos de ISR por servicios profesionales', nature: 'Credit' },
    { code: '216.10', name: 'Impuestos retenidos de IVA', nature: 'Credit' },
    { code: '401.01', name: 'Ventas y/o servicios gravados a la tasa general', nature: 'Credit' },
    { code: '401.04', name: 'Ventas y/o servicios gravados al 0%', nature: 'Credit' },
    { code: '402.01', name: 'Devoluciones, descuentos o bonificaciones sobre ventas y/o servicios a la tasa general', nature: 'Debit' },
    { code: '403.01', name: 'Otros ingresos', nature: 'Credit' },
    { code: '501.01', name: 'Costo de venta', nature: 'Debit' },
    { code: '701.01', name: 'Pérdida cambiaria', nature: 'Debit' },
    { code: '702.01', name: 'Utilidad cambiaria', nature: 'Credit' },
];

export const MX_TAXES: Tables['taxes'][] = [
    { name: 'IVA 16%', type: 'IVA', percentage: '16', account_code: MX_LEDGER.ivaCollected },
    { name: 'IVA 8% región fronteriza', type: 'IVA', percentage: '8', account_code: MX_LEDGER.ivaCollected },
    { name: 'IVA 0%', type: 'IVA', percentage: '0', account_code: MX_LEDGER.ivaCollected },
    { name: 'Retención IVA 10.6667%', type: 'ReteIVA', percentage: '10.6667', account_code: MX_LEDGER.reteIva },
    { name: 'Retención ISR 10%', type: 'ReteISR', percentage: '10', account_code: MX_LEDGER.reteIsr },
    { name: 'Retención ISR 1.25% RESICO', type: 'ReteISR', percentage: '1.25', account_code: MX_LEDGER.reteIsr },
    { name: 'IEPS 8%', type: 'IEPS', percentage: '8', account_code: MX_LEDGER.iepsCollected },
    { name: 'IVA 11% región fronteriza (derogado)', type: 'IVA', percentage: '11', account_code: MX_LEDGER.ivaCollected, active: false },
    // Exempt sales (LIVA art. 9, 15, 20): ObjetoImp 02 with a Traslado of TipoFactor Exento, no rate and no amount.
    { name: 'IVA Exento', type: 'IVAExento', percentage: '0', account_code: MX_LEDGER.ivaCollected },
];

/** The payment receipt type (CFDI type P, Pagos 2.0): every Mexican company has one. */
export const MX_PAYMENT_TYPE: Tables['document_types'] = {
  code: 'P', name: 'Recibo electrónico de pago', type: 'P', prefix: 'REP', description: 'CFDI de tipo pago (complemento Pagos 2.0) con folio automático',
};

/** The credit note type (CFDI type E related to invoices): every Mexican company has one. */
export const MX_CREDIT_NOTE_TYPE: Tables['document_types'] = {
  code: 'NC', name: 'Nota de crédito', type: 'NC', prefix: 'NC', description: 'CFDI de egreso relacionado con facturas (TipoRelacion 01) con folio automático',
};

export const MX_PAYMENT_TYPES: Tables['payment_types'][] = [
    { name: 'Contado', type: 'Cash', document_type: 'FV', account_code: MX_LEDGER.cash, sat_code: '01' },
    { name: 'Transferencia electrónica de fondos', type: 'Transfer', document_type: 'FV', account_code: MX_LEDGER.bank, sat_code: '03' },
    { name: 'Tarjeta de crédito', type: 'Card', document_type: 'FV', account_code: MX_LEDGER.bank, sat_code: '04' },
    { name: 'Crédito 30 días', type: 'Credit', document_type: 'FV', account_code: MX_LEDGER.customers, sat_code: '99', due_date: true },
    // PPD: the form of payment is not known yet, so the amount stays receivable until paid.
    { name: 'Por definir', type: 'ToBeDefined', document_type: 'FV', account_code: MX_LEDGER.customers, sat_code: '99', due_date: true },
    { name: 'Cheque nominativo', type: 'Check', document_type: 'FV', account_code: MX_LEDGER.bank, sat_code: '02', active: false },
    { name: 'Efectivo', type: 'Cash', document_type: 'RC', account_code: MX_LEDGER.cash, sat_code: '01' },
    { name: 'Transferencia electrónica de fondos', type: 'Transfer', document_type: 'RC', account_code: MX_LEDGER.bank, sat_code: '03' },
    { name: 'Cheque nominativo', type: 'Check', document_type: 'RC', account_code: MX_LEDGER.bank, sat_code: '02', active: false },
];

export const MX_ALLOWANCE_CHARGES: Tables['allowance_charges'][] = [
    { kind: 'Discount', name: 'Descuento comercial', account_code: MX_LEDGER.discounts },
    { kind: 'Discount', name: 'Descuento por volumen', account_code: MX_LEDGER.discounts },
    { kind: 'Discount', name: 'Descuento de temporada (inactivo)', account_code: MX_LEDGER.discounts, active: false },
    { kind: 'Charge', name: 'Cargo por envío', account_code: MX_LEDGER.otherIncome },
    { kind: 'Charge', name: 'Cargo por maniobras (inactivo)', account_code: MX_LEDGER.otherIncome, active: false },
];
