/** The console's words in Spanish (the default) and English, and each country's money and date formats. */
import { dayIn } from '../platform/dates';
import { country as countryOf, type CountryCode } from '../countries';
export type Lang = 'es' | 'en';

/** Each word of the console: [Spanish, English]. */
const WORDS = {
  title: ['Consola de facturación', 'Invoicing console'], login: ['Iniciar sesión', 'Log in'], email: ['Correo electrónico', 'E-mail'],
  password: ['Contraseña', 'Password'], logout: ['Cerrar sesión', 'Log out'],
  wrongLogin: ['Correo o contraseña incorrectos', 'Wrong e-mail or password'], home: ['Inicio', 'Home'], documents: ['Documentos', 'Documents'],
  newInvoice: ['Nueva factura', 'New invoice'], language: ['Idioma', 'Language'], invoicedMonth: ['Facturado este mes', 'Invoiced this month'],
  count: ['documentos', 'documents'], owed: ['Por cobrar', 'Owed'], overdue: ['Vencido', 'Overdue'],
  waiting: ['Esperando a la autoridad', 'Waiting for the authority'], rejected: ['Rechazados por la autoridad', 'Rejected by the authority'],
  failedMails: ['Correos fallidos', 'Failed e-mails'], failedHooks: ['Webhooks fallidos', 'Failed webhooks'], search: ['Buscar', 'Search'],
  kind: ['Tipo', 'Kind'], invoices: ['Facturas', 'Invoices'], creditNotes: ['Notas crédito', 'Credit notes'],
  debitNotes: ['Notas débito', 'Debit notes'], vouchers: ['Recibos de caja', 'Cash receipts'],
  payments: ['Complementos de pago', 'Payment receipts'], number: ['Número (nombre completo)', 'Number (full name)'],
  customer: ['Cliente (identificación)', 'Customer (identification)'], from: ['Desde', 'From'], to: ['Hasta', 'To'], status: ['Estado', 'Status'],
  date: ['Fecha', 'Date'], total: ['Total', 'Total'], balance: ['Saldo', 'Balance'], next: ['Siguiente página', 'Next page'],
  first: ['Primera página', 'First page'], none: ['No hay documentos.', 'No documents.'], open: ['Abrir', 'Open'], lines: ['Líneas', 'Lines'],
  description: ['Descripción', 'Description'], quantity: ['Cantidad', 'Quantity'], price: ['Precio', 'Price'], discount: ['Descuento', 'Discount'],
  taxes: ['Impuestos', 'Taxes'], subtotal: ['Subtotal', 'Subtotal'], withholdings: ['Retenciones', 'Withholdings'], payable: ['A pagar', 'Payable'],
  authority: ['Autoridad tributaria', 'Tax authority'], mail: ['Correo', 'E-mail'], errors: ['Errores y observaciones', 'Errors and observations'],
  downloadPdf: ['Descargar PDF', 'Download PDF'], downloadXml: ['Descargar XML', 'Download XML'], sendMail: ['Enviar por correo', 'Send by e-mail'],
  resend: ['Enviar de nuevo a la autoridad', 'Send to the authority again'], annul: ['Anular', 'Annul'], cancel: ['Cancelar CFDI', 'Cancel CFDI'],
  motive: ['Motivo', 'Motive'], confirm: ['Confirmo esta acción', 'I confirm this action'],
  creditNote: ['Nota crédito desde esta factura', 'Credit note from this invoice'], annulled: ['Anulado', 'Annulled'], done: ['Hecho.', 'Done.'],
  mailQueued: ['Correo en cola de envío.', 'E-mail queued.'], notFound: ['No encontrado', 'Not found'],
  notAllowed: ['Su rol no permite esta acción.', 'Your role does not allow this action.'], product: ['Producto', 'Product'],
  tax: ['Impuesto', 'Tax'], payment: ['Forma de pago', 'Payment'],
  paymentValue: ['Valor del pago (vacío: el total)', 'Payment value (empty: the total)'], addLine: ['Agregar línea', 'Add a line'],
  preview: ['Totales', 'Totals'], create: ['Crear factura', 'Create invoice'], documentType: ['Tipo de documento', 'Document type'],
  seller: ['Vendedor', 'Seller'], use: ['Uso CFDI', 'CFDI use'], dueDate: ['Vencimiento', 'Due date'], reason: ['Concepto', 'Concept'],
  createNote: ['Crear nota crédito', 'Create credit note'], sendToAuthority: ['Enviar a la autoridad al crear', 'Send to the authority on creation'],
  actions: ['Acciones', 'Actions'], fixErrors: ['Corrija lo señalado:', 'Correct what is marked:'], skip: ['Saltar al contenido', 'Skip to content'],
  role: ['Rol', 'Role'], tooMany: ['Demasiados intentos fallidos', 'Too many failed logins'], cancellation: ['Cancelación', 'Cancellation'],
  noTax: ['Sin impuesto', 'No tax'], atSource: ['Retención en la fuente', 'Withholding at source'], noWithholding: ['Sin retención', 'No withholding'],
  documentWithholdings: ['Retenciones del documento', 'Withholdings on the document'], reasonText: ['Razón', 'Reason'],
  substitution: ['UUID que la sustituye (motivo 01)', 'UUID that replaces it (motive 01)'], customerName: ['Cliente', 'Customer'], chooseCustomer: ['— Elija un cliente —', '— Choose a customer —'],
  searchCustomer: ['Buscar cliente (NIT o RFC, nombre)', 'Find a customer (tax id, name)'],
  invoice: ['Factura', 'Invoice'], account: ['Cuenta', 'Account'],
} as const satisfies Record<string, readonly [string, string]>;

export type Key = keyof typeof WORDS;


export const t = (lang: Lang, key: Key): string => WORDS[key][lang === 'en' ? 1 : 0];

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** $ 1.130,50 in Colombia, $1,130.50 in Mexico (the country's format whatever the language). */
export function money(country: CountryCode, value: number | string | null | undefined, currency?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const cur = currency ?? countryOf(country).currency;
  const key = `${country}:${cur}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(countryOf(country).numbers.locale, { style: 'currency', currency: cur, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, f);
  }
  return f.format(Number(value));
}

/** A yyyy-mm-dd date as the country writes it: 26/11/2026. */
export function day(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

/** An instant's day in the company's time zone, written as day() writes it (a certificate's expiry: not its UTC day). */
export const dayAt = (instant: string, timeZone: string): string => day(dayIn(timeZone, new Date(instant)));

/** Status words of the tax authority, mail and cancellations. */
const STATUS_ES: Record<string, string> = {
  Draft: 'Borrador', Pending: 'En espera', Accepted: 'Aceptado', Rejected: 'Rechazado', Requested: 'Solicitada', Cancelled: 'Cancelado',
  PendingAcceptance: 'Esperando al receptor', not_sent: 'No enviado', queued: 'En cola', sent: 'Enviado', failed_delivery: 'Fallido',
  waiting_for_authority: 'Esperando a la autoridad', process_of_sending: 'En proceso de envío', Issued: 'Emitida',
};
/** A console user's role in the page's language. */
export const roleName = (lang: Lang, role: 'owner' | 'accountant' | 'viewer'): string =>
  (lang === 'en' ? role : { owner: 'dueño', accountant: 'contador', viewer: 'lector' }[role]);
export const status = (lang: Lang, s: string | null | undefined): string => (s ? (lang === 'es' ? STATUS_ES[s] ?? s : s.replace(/_/g, ' ')) : '');
