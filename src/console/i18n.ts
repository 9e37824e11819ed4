/** The console's words in Spanish (the default) and English, and each country's money and date formats. */
export type Lang = 'es' | 'en';

const ES = {
  title: 'Consola de facturación', login: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', logout: 'Cerrar sesión',
  wrongLogin: 'Correo o contraseña incorrectos', home: 'Inicio', documents: 'Documentos', newInvoice: 'Nueva factura', language: 'Idioma',
  invoicedMonth: 'Facturado este mes', count: 'documentos', owed: 'Por cobrar', overdue: 'Vencido', waiting: 'Esperando a la autoridad',
  rejected: 'Rechazados por la autoridad', failedMails: 'Correos fallidos', failedHooks: 'Webhooks fallidos', search: 'Buscar', kind: 'Tipo',
  invoices: 'Facturas', creditNotes: 'Notas crédito', debitNotes: 'Notas débito', vouchers: 'Recibos de caja', payments: 'Complementos de pago',
  number: 'Número (nombre completo)', customer: 'Cliente (identificación)', from: 'Desde', to: 'Hasta', status: 'Estado', date: 'Fecha',
  total: 'Total', balance: 'Saldo', next: 'Siguiente página', first: 'Primera página', none: 'No hay documentos.', open: 'Abrir',
  lines: 'Líneas', description: 'Descripción', quantity: 'Cantidad', price: 'Precio', discount: 'Descuento', taxes: 'Impuestos',
  subtotal: 'Subtotal', withholdings: 'Retenciones', payable: 'A pagar', authority: 'Autoridad tributaria', mail: 'Correo',
  errors: 'Errores y observaciones', downloadPdf: 'Descargar PDF', downloadXml: 'Descargar XML', sendMail: 'Enviar por correo', resend: 'Enviar de nuevo a la autoridad',
  annul: 'Anular', cancel: 'Cancelar CFDI', motive: 'Motivo', confirm: 'Confirmo esta acción', creditNote: 'Nota crédito desde esta factura',
  annulled: 'Anulado', done: 'Hecho.', mailQueued: 'Correo en cola de envío.', notFound: 'No encontrado', notAllowed: 'Su rol no permite esta acción.',
  product: 'Producto', tax: 'Impuesto', payment: 'Forma de pago', paymentValue: 'Valor del pago (vacío: el total)', addLine: 'Agregar línea',
  preview: 'Totales', create: 'Crear factura', documentType: 'Tipo de documento', seller: 'Vendedor', use: 'Uso CFDI', dueDate: 'Vencimiento',
  reason: 'Concepto', createNote: 'Crear nota crédito', sendToAuthority: 'Enviar a la autoridad al crear', actions: 'Acciones', fixErrors: 'Corrija lo señalado:',
  skip: 'Saltar al contenido', role: 'Rol', tooMany: 'Demasiados intentos fallidos', cancellation: 'Cancelación', noTax: 'Sin impuesto',
  reasonText: 'Razón', substitution: 'UUID que la sustituye (motivo 01)', customerName: 'Cliente', invoice: 'Factura', account: 'Cuenta',
} as const;

export type Key = keyof typeof ES;

const EN: Record<Key, string> = {
  title: 'Invoicing console', login: 'Log in', email: 'E-mail', password: 'Password', logout: 'Log out',
  wrongLogin: 'Wrong e-mail or password', home: 'Home', documents: 'Documents', newInvoice: 'New invoice', language: 'Language',
  invoicedMonth: 'Invoiced this month', count: 'documents', owed: 'Owed', overdue: 'Overdue', waiting: 'Waiting for the authority',
  rejected: 'Rejected by the authority', failedMails: 'Failed e-mails', failedHooks: 'Failed webhooks', search: 'Search', kind: 'Kind',
  invoices: 'Invoices', creditNotes: 'Credit notes', debitNotes: 'Debit notes', vouchers: 'Cash receipts', payments: 'Payment receipts',
  number: 'Number (full name)', customer: 'Customer (identification)', from: 'From', to: 'To', status: 'Status', date: 'Date',
  total: 'Total', balance: 'Balance', next: 'Next page', first: 'First page', none: 'No documents.', open: 'Open',
  lines: 'Lines', description: 'Description', quantity: 'Quantity', price: 'Price', discount: 'Discount', taxes: 'Taxes',
  subtotal: 'Subtotal', withholdings: 'Withholdings', payable: 'Payable', authority: 'Tax authority', mail: 'E-mail',
  errors: 'Errors and observations', downloadPdf: 'Download PDF', downloadXml: 'Download XML', sendMail: 'Send by e-mail', resend: 'Send to the authority again',
  annul: 'Annul', cancel: 'Cancel CFDI', motive: 'Motive', confirm: 'I confirm this action', creditNote: 'Credit note from this invoice',
  annulled: 'Annulled', done: 'Done.', mailQueued: 'E-mail queued.', notFound: 'Not found', notAllowed: 'Your role does not allow this action.',
  product: 'Product', tax: 'Tax', payment: 'Payment', paymentValue: 'Payment value (empty: the total)', addLine: 'Add a line',
  preview: 'Totals', create: 'Create invoice', documentType: 'Document type', seller: 'Seller', use: 'CFDI use', dueDate: 'Due date',
  reason: 'Concept', createNote: 'Create credit note', sendToAuthority: 'Send to the authority on creation', actions: 'Actions', fixErrors: 'Correct what is marked:',
  skip: 'Skip to content', role: 'Role', tooMany: 'Too many failed logins', cancellation: 'Cancellation', noTax: 'No tax',
  reasonText: 'Reason', substitution: 'UUID that replaces it (motive 01)', customerName: 'Customer', invoice: 'Invoice', account: 'Account',
};

export const t = (lang: Lang, key: Key): string => (lang === 'en' ? EN[key] : ES[key]);

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** $ 1.130,50 in Colombia, $1,130.50 in Mexico (the country's format whatever the language). */
export function money(country: 'CO' | 'MX', value: number | string | null | undefined, currency?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const cur = currency ?? (country === 'CO' ? 'COP' : 'MXN');
  const key = `${country}:${cur}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(country === 'CO' ? 'es-CO' : 'es-MX', { style: 'currency', currency: cur, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, f);
  }
  return f.format(Number(value));
}

/** A yyyy-mm-dd date as the country writes it: 26/11/2026. */
export function day(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

/** Status words of the tax authority, mail and cancellations. */
const STATUS_ES: Record<string, string> = {
  Draft: 'Borrador', Pending: 'En espera', Accepted: 'Aceptado', Rejected: 'Rechazado', Requested: 'Solicitada', Cancelled: 'Cancelado',
  PendingAcceptance: 'Esperando al receptor', not_sent: 'No enviado', queued: 'En cola', sent: 'Enviado', failed_delivery: 'Fallido',
  waiting_for_authority: 'Esperando a la autoridad',
};
export const status = (lang: Lang, s: string | null | undefined): string => (s ? (lang === 'es' ? STATUS_ES[s] ?? s : s.replace(/_/g, ' ')) : '');
