/**
 * The API's error messages in Spanish. The console shows the API's own answer (its codes, its paths, its
 * rules); in Spanish each message is translated: first by the sentence patterns the API's validation writes
 * (src/platform/validation.ts: required, lengths, enums, formats, the schemas' x-hints), then by the domain
 * messages the console's forms can produce, and otherwise by the meaning of its code (every code of
 * src/platform/error-codes.ts has its Spanish sentence): a Spanish page never shows the API's English text.
 * `fieldErrors` puts each message next to the field it concerns (forms name their fields by the API's paths).
 */
import type { ErrorCode } from '../platform/error-codes';
import { html, type Html } from './html';
import type { Lang } from './i18n';

export interface ApiErrorItem { Code: string; Message: string; Params?: string[]; Detail?: string }

/** Every code of the API, in Spanish (the fallback when a message has no pattern of its own). */
export const CODE_ES: Record<ErrorCode, string> = {
  parameter_required: 'Falta un dato obligatorio', parameter_not_allowed: 'Este dato no se admite aquí', parameter_inactive: 'El registro indicado está inactivo',
  invalid_type: 'El tipo de dato no es el esperado', length_max: 'El texto o la lista es más largo de lo permitido', length_min: 'El texto o la lista es más corto de lo permitido',
  invalid_amount: 'Valor fuera de rango o con demasiados decimales', invalid_value: 'Valor no admitido', invalid_date: 'Fecha mal escrita o no permitida aquí',
  invalid_reference: 'No existe para la empresa', invalid_array: 'Lista vacía, demasiado larga o con elementos repetidos', already_exists: 'Ya existe un registro con esa clave',
  duplicated_document: 'El número de documento ya está usado', invalid_total_payments: 'Los pagos no suman el valor a pagar',
  invalid_payment: 'Pago no permitido por su forma de pago o el documento', invalid_retentions: 'Retención que no aplica o repetida',
  invalid_currency: 'Moneda o tasa de cambio no permitida', invalid_cost_center: 'Centro de costo inexistente, inactivo o faltante',
  invalid_balance: 'Débitos y créditos no cuadran', invalid_account: 'Cuenta contable inexistente o que no recibe movimientos',
  invalid_document: 'El documento no permite esta acción en su estado', non_editable: 'La factura no se puede modificar en su estado',
  document_settings: 'El tipo de documento no está configurado para esto', company_settings: 'La empresa no está configurada para esto (certificado, régimen, habilitación…)',
  invalid_dian_resolution: 'Número o fecha fuera de la resolución de numeración', invalid_identification: 'Identificación mal escrita o con dígito de verificación errado',
  invalid_email: 'Correo electrónico no válido', invalid_code: 'Código fuera de su catálogo oficial', invalid_partner_id: 'Encabezado Partner-Id no válido',
  invalid_idempotency_key: 'Idempotency-Key no válida', header_required: 'Falta un encabezado obligatorio', unauthorized: 'No autorizado',
  forbidden: 'No permitido', not_found: 'No encontrado', method_not_allowed: 'Método no permitido', idempotency_conflict: 'Idempotency-Key usada con otro contenido',
  payload_too_large: 'El contenido supera el tamaño permitido', unsupported_media_type: 'Formato de contenido no admitido',
  requests_limit: 'Demasiadas solicitudes; intente de nuevo en un momento', unhandled_error: 'Error interno: no se guardó nada',
};

/** The code of a refusal the console writes itself (no API call), its message already in the session's language. */
export const CONSOLE_CODE = 'console_refusal';

/** The validation's x-hints and sentence patterns ("<path> " is cut before matching). */
const PATTERNS: [RegExp, string][] = [
  [/^is required$/, 'Es obligatorio.'],
  [/^must not be empty$/, 'No puede estar vacío.'],
  [/^must have at most (\d+) characters$/, 'Debe tener como máximo $1 caracteres.'],
  [/^must have at least (\d+) characters$/, 'Debe tener al menos $1 caracteres.'],
  [/^must be one of: (.+)$/, 'Debe ser uno de: $1.'],
  [/^must be a date yyyy-MM-dd$/, 'Debe ser una fecha aaaa-mm-dd.'],
  [/^must be a valid email$/, 'Debe ser un correo electrónico válido.'],
  [/^must be a valid (.+)$/, 'Debe ser un valor $1 válido.'],
  [/^must be (string|number|integer|boolean|object|array), not (.+)$/, 'Debe ser de tipo $1, no $2.'],
  [/^is not a field of this request$/, 'No es un campo de esta solicitud.'],
  [/^must be >= (.+)$/, 'Debe ser mayor o igual que $1.'],
  [/^must be <= (.+)$/, 'Debe ser menor o igual que $1.'],
  [/^must be > (.+)$/, 'Debe ser mayor que $1.'],
  [/^must be < (.+)$/, 'Debe ser menor que $1.'],
  [/^must be a finite number$/, 'Debe ser un número finito.'],
  [/^must have at most (\d+) decimals?$/, 'Debe tener como máximo $1 decimales.'],
  [/^must NOT have more than (\d+) items$/, 'Debe tener como máximo $1 elementos.'],
  [/^must NOT have fewer than (\d+) items$/, 'Debe tener al menos $1 elementos.'],
  [/^must contain only digits$/, 'Debe contener solo dígitos.'],
  [/^must contain only letters and digits$/, 'Debe contener solo letras y dígitos.'],
  [/^must contain only letters, digits, - _ and \. \(starting with a letter or a digit\)$/, 'Debe contener solo letras, dígitos, - _ y . (empezando por una letra o un dígito).'],
  [/^must be a whole number, or a string of its digits$/, 'Debe ser un número entero, o sus dígitos como texto.'],
  [/^must be the GUID the DIAN gave the test set \(8-4-4-4-12 hexadecimal digits\)$/, 'Debe ser el GUID que la DIAN dio al set de pruebas (8-4-4-4-12 dígitos hexadecimales): revíselo en el portal; no se envió nada.'],
  [/^must be the GUID the DIAN gave the test set \(8-4-4-4-12 hexadecimal digits\), not "(.*)": nothing was sent$/, 'El TestSetId guardado ($1) no es el GUID que dio la DIAN (8-4-4-4-12 dígitos hexadecimales): corríjalo; no se envió nada.'],
  [/^must contain only letters, digits, spaces and (.+)$/, 'Debe contener solo letras, dígitos, espacios y $1.'],
  [/^must contain only letters, digits, spaces and -$/, 'Debe contener solo letras, dígitos, espacios y -.'],
  [/^must be one digit$/, 'Debe ser un dígito.'],
  [/^must be a five-digit código postal$/, 'Debe ser un código postal de cinco dígitos.'],
  [/^must be an RFC \(12 characters for companies, 13 for persons\)$/, 'Debe ser un RFC (12 caracteres para personas morales, 13 para personas físicas).'],
  [/^must be a c_RegimenFiscal code such as 601$/, 'Debe ser una clave c_RegimenFiscal, como 601.'],
  [/^must be an eight-digit c_ClaveProdServ code$/, 'Debe ser una clave c_ClaveProdServ de ocho dígitos.'],
  [/^must be a c_ClaveUnidad code such as H87 or E48$/, 'Debe ser una clave c_ClaveUnidad, como H87 o E48.'],
  [/^must be a two-letter country code \((.+)\)$/, 'Debe ser un código de país de dos letras ($1).'],
  [/^must be a three-letter currency code \((.+)\)$/, 'Debe ser un código de moneda de tres letras ($1).'],
  [/^must be a c_Pais code such as USA$/, 'Debe ser una clave c_Pais, como USA.'],
  [/^must be 3 to 100 letters, digits and \. _ @ -$/, 'Debe tener de 3 a 100 letras, dígitos y . _ @ -.'],
  [/^must be the PKCS#12 \(\.p12\/\.pfx\) file in base64$/, 'Debe ser el archivo PKCS#12 (.p12/.pfx).'],
  [/^has characters that are not allowed$/, 'Tiene caracteres no permitidos.'],
  [/^must not hold control characters/, 'No puede tener caracteres de control (saltos de línea, tabulaciones…).'],
];

/** Whole domain messages a console form can produce (after the path is cut, if it starts the message). */
const DOMAIN: [RegExp, string][] = [
  // The console's own reading of an amount (src/console/amounts.ts), already in Spanish.
  [/^(«[^»]*» (?:es ambiguo|no es un valor): .*)$/, '$1'],
  [/^The username (.+) is taken$/, 'El usuario $1 ya está tomado.'],
  [/^A (customer|product) with (?:this|the) (.+) (?:already )?exists/i, 'Ya existe un registro con ese dato.'],
  [/already exists/i, 'Ya existe.'],
  [/check digit/i, 'El dígito de verificación no corresponde a la identificación.'],
  [/^The certificate expired on (\S+)$/, 'El certificado venció el $1.'],
  [/^The certificate is valid only from (\S+)$/, 'El certificado es válido solo desde el $1.'],
  [/^Could not open the PKCS#12: the password is wrong/, 'No se pudo abrir el PKCS#12: la contraseña es incorrecta (o el archivo está dañado).'],
  [/^The password is too easy to guess \(strength (\d) of 4, at least (\d) needed\)/, 'La contraseña es demasiado fácil de adivinar (fuerza $1 de 4; se necesita $2): use una frase más larga de palabras poco comunes, sin el correo, nombres, fechas, repeticiones, secuencias ni contraseñas conocidas.'],
  [/^Send test_set_id, or set settings\.dian\.test_set_id/, 'Indique el TestSetId que dio la DIAN.'],
  [/cannot be deleted: (.+) refers? to it/, 'No se puede borrar: hay documentos que lo usan. Desactívelo en su lugar.'],
  [/is not a valid (NIT|RFC)/i, 'No es un $1 válido.'],
  [/^(\S+) ([A-Z]{3}) is more than invoice (\S+) still owes \((\S+)(?: [A-Z]{3})?\)$/, '$1 $2 es más de lo que la factura $3 aún debe ($4 $2).'],
  [/^(\S+) MXN is too small a part of invoice (\S+):/, '$1 MXN es una parte demasiado pequeña de la factura $2: una base de impuesto pagada se redondearía a 0.00 (Pagos 2.0 exige BaseDR mayor que 0).'],
  [/^Motive 01 \(.*\) needs substitution/, 'El motivo 01 (comprobante emitido con errores con relación) necesita el UUID del CFDI timbrado que lo sustituye.'],
  [/^substitution goes with motive 01 only, not (\S+)$/, 'El UUID sustituto solo va con el motivo 01, no con el $1.'],
  [/^Motive 04 .* is for invoices$/, 'El motivo 04 (operación nominativa relacionada en una factura global) es solo para facturas.'],
  [/^Motive 04 .*; (\S+) is to (\S+)$/, 'El motivo 04 cancela una factura global al público en general; $1 es para $2.'],
  [/^(\S+) is not the UUID of a stamped .* of this company/, '$1 no es el UUID de un CFDI timbrado del mismo tipo de esta empresa (no cancelado).'],
  [/^The sum of payments \((\S+)\) must equal the amount payable \((\S+)\)$/, 'La suma de los pagos ($1) debe ser igual al valor a pagar ($2).'],
  [/^The payment condition value \((\S+)\) must equal the invoice total \((\S+)\)$/, 'El valor de la condición de pago ($1) debe ser igual al total de la factura ($2).'],
  [/^The due date cannot be before the invoice date/, 'El vencimiento no puede ser anterior a la fecha de la factura.'],
  [/^An electronic invoice cannot be dated before today \((\S+), (\S+)\)$/, 'Una factura electrónica no puede tener fecha anterior a hoy ($1, $2).'],
  [/^(.+) cannot be dated after today \((\S+), (\S+)\): (\S+) is in the future$/, 'La fecha $4 es posterior a hoy ($2, $3).'],
  [/^The payment date (\S+) is in the future$/, 'La fecha de pago $1 es posterior a hoy.'],
  [/^The (?:invoice|note|receipt) cannot be stamped: (.+)$/, 'No se puede timbrar ni enviar: falta configurar $1.'],
  [/^(?:Invoice|Credit note|Debit note|Payment receipt|Cash receipt) (\S+) is already annulled$/, 'El documento $1 ya está anulado.'],
  [/^Invoice (\S+) is annulled or cancelled$/, 'La factura $1 está anulada o cancelada.'],
  [/^The discount \((\S+)\) is above the line amount \((\S+)\)$/, 'El descuento ($1) supera el valor de la línea ($2).'],
  [/^The credited quantity of product (\S+) \((\S+)\) is above what is left on the invoice \((\S+)\)$/, 'La cantidad acreditada del producto $1 ($2) supera lo que queda en la factura ($3).'],
  [/^The credited value of product (\S+) \((\S+) before taxes\) is above what is left of it on the invoice \((\S+)\)$/, 'El valor acreditado del producto $1 ($2 antes de impuestos) supera lo que queda de él en la factura ($3).'],
  [/^Product (\S+) is not on (?:invoice \S+|the invoice|the related invoices): a credit note credits /, 'El producto $1 no está en la factura: una nota crédito acredita lo que su factura vendió.'],
  [/^Tax \S+ \((.+)\) is not on the invoice's lines of product (\S+)$/, 'El impuesto $1 no está en las líneas del producto $2 de la factura.'],
  [/^Retention \S+ \((.+)\) is not on the invoice: /, 'La retención $1 no está en la factura: una nota crédito revierte solo las retenciones de su factura.'],
  [/^A PUE invoice is paid at once: its payment form cannot be 99/, 'Una factura PUE se paga en una exhibición: su forma de pago no puede ser 99 (Por definir).'],
  [/^A PPD invoice takes a payment condition with payment form 99/, 'Una factura PPD lleva la forma de pago 99 (Por definir).'],
  [/^Use (\S+) \((.+)\) is not allowed for/, 'El uso $1 ($2) no se permite para este receptor.'],
  [/^Number (\S+) is outside (?:the numbering )?resolution (\S+) \((\S+) to (\S+)\)$/, 'El número $1 está fuera de la resolución $2 ($3 a $4).'],
  [/^The date is outside the validity of resolution (\S+) \((\S+) to (\S+)\)$/, 'La fecha está fuera de la vigencia de la resolución $1 ($2 a $3).'],
  [/^(?:Tax|Seller|Invoice|Product|Customer|Payment type|Cost center|Price list|Account group) (\S+) does not exist/, 'No existe: $1.'],
  [/^(?:Tax|Seller|Product|Customer|Payment type|Cost center) (\S+) is inactive$/, 'Está inactivo: $1.'],
  [/^Not valid e-mail addresses: (.+)$/, 'Correos electrónicos no válidos: $1.'],
  [/^At most (\d+) addresses in \S+, got (\d+)$/, 'Como máximo $1 direcciones (hay $2).'],
  [/^\S+ holds no address$/, 'No hay ninguna dirección.'],
  [/^Send price \(or taxed_price\)$/, 'Indique el precio.'],
  [/^(?:The )?(?:[A-Za-z ]+ )?not found$/, 'No encontrado.'],
  [/^The certificate expires on (\S+), within 30 days$/, 'El certificado vence el $1, dentro de 30 días.'],
  [/^The certificate's subject \((.+)\) does not carry the company's (NIT|RFC) (\S+):/, 'El sujeto del certificado ($1) no lleva el $2 $3 de la empresa: la autoridad rechaza los documentos firmados con el certificado de otro contribuyente.'],
];

const TYPES: Record<string, string> = { number: 'número', integer: 'número entero', string: 'texto', boolean: 'sí o no', object: 'objeto', array: 'lista' };

/** One API message in the console's language. */
export function translate(lang: Lang, e: ApiErrorItem): string {
  if (e.Code === CONSOLE_CODE) return e.Message; // the console's own refusal, written in the session's language
  if (lang === 'en') return e.Detail ? `${e.Message} (${e.Detail})` : e.Message;
  const path = e.Params?.[0] ?? '';
  const rest = path && e.Message.startsWith(`${path} `) ? e.Message.slice(path.length + 1) : e.Message;
  for (const [re, es] of PATTERNS) if (re.test(rest)) return rest.replace(re, es).replace(/\b(number|integer|string|boolean|object|array)\b/g, (w) => TYPES[w]);
  for (const [re, es] of DOMAIN) {
    const m = re.exec(rest);
    if (m) return es.replace(/\$(\d)/g, (_, i) => m[Number(i)] ?? '');
  }
  // No Spanish text of its own: the meaning of its code (the field it concerns is shown beside it), never English.
  return `${CODE_ES[e.Code as ErrorCode] ?? 'Error'}.`;
}

/** What a field of a document's form is called in each language, by the last step of its path. */
const FIELD_NAMES: Record<string, [string, string]> = {
  code: ['producto', 'product'], quantity: ['cantidad', 'quantity'], price: ['precio', 'price'], discount: ['descuento', 'discount'], taxes: ['impuestos', 'taxes'],
  customer: ['Cliente', 'Customer'], identification: ['Cliente', 'Customer'], rfc_id: ['Cliente', 'Customer'], document: ['Tipo de documento', 'Document type'],
  seller: ['Vendedor', 'Seller'], date: ['Fecha', 'Date'], use: ['Uso del CFDI', 'CFDI use'], retentions: ['Retenciones', 'Withholdings'], items: ['Líneas', 'Lines'],
  payments: ['Forma de pago', 'Payment'], payment: ['Forma de pago', 'Payment'], value: ['Valor del pago', 'Payment value'], due_date: ['Vencimiento', 'Due date'],
  stamp: ['Envío a la autoridad', 'Sending to the authority'], invoices: ['Factura', 'Invoice'], amount: ['Valor', 'Amount'], reason: ['Motivo', 'Reason'],
  payment_form: ['Forma de pago', 'Payment form'], method: ['Método de pago', 'Payment method'],
  password: ['Contraseña', 'Password'], p12: ['Archivo del certificado', 'Certificate file'], email: ['Correo', 'E-mail'], name: ['Nombre', 'Name'],
  advance: ['Anticipo', 'Advance'], currency: ['Moneda', 'Currency'], exchange_rate: ['Tasa de cambio', 'Exchange rate'], observations: ['Observaciones', 'Observations'],
  number: ['Número', 'Number'], cost_center: ['Centro de costo', 'Cost center'], invoice: ['Factura', 'Invoice'], mail: ['Correo', 'E-mail'],
  mail_to: ['Para', 'To'], copy_to: ['Con copia a', 'Copy to'], global_discounts: ['Descuentos globales', 'Global discounts'], global_charges: ['Cargos globales', 'Global charges'],
};
/** The id of the invoice and note forms' control a path names (src/console/forms.ts), when it has one. */
const FIELD_IDS: Record<string, string> = { customer: 'customer', document: 'document', seller: 'seller', date: 'date', use: 'use', method: 'method', payment_form: 'payment_form', reason: 'reason',
  mail_to: 'mail_to', copy_to: 'copy_to' };

/**
 * A field of a form named in words, never as the API's JSON path: `items[0].price` is "Línea 1 · precio", `customer.identification`
 * "Cliente"; with the id of the control it names where the form has one (`price-0`, `customer`). Empty for the body as a whole.
 */
export function fieldLabel(lang: Lang, path: string): { label: string; id?: string } {
  const k = lang === 'en' ? 1 : 0;
  const line = /^items\[(\d+)\](?:\.([a-z_]+))?/.exec(path);
  if (line) {
    const n = Number(line[1]);
    const what = line[2] ? FIELD_NAMES[line[2]]?.[k] : undefined;
    const field = line[2] === 'taxes' ? 'tax' : line[2];
    return { label: `${lang === 'en' ? 'Line' : 'Línea'} ${n + 1}${what ? ` · ${what}` : ''}`, id: field && ['code', 'quantity', 'price', 'discount', 'tax'].includes(field) ? `${field}-${n}` : undefined };
  }
  const steps = path.split(/[.[\]]+/).filter((x) => x && !/^\d+$/.test(x));
  if (!steps.length || steps[0] === 'body') return { label: '' };
  const last = [...steps].reverse().find((x) => FIELD_NAMES[x]);
  const paid = /^(payments|payment)\b.*\b(value|id|due_date)$/.exec(path)?.[2];
  const id = paid ? { value: 'payment_value', id: 'payment', due_date: 'due_date' }[paid] : FIELD_IDS[steps[0]];
  return { label: last ? FIELD_NAMES[last][k] : '', id };
}

/** The errors of an API answer's body ({Errors: […]}), none if it is no error answer. */
export function errorsOf(body: unknown): ApiErrorItem[] {
  const errors = body && typeof body === 'object' && 'Errors' in body ? body.Errors : undefined;
  return Array.isArray(errors) ? (errors as ApiErrorItem[]) : [];
}

/**
 * The messages of a document form's refusal by the id of the control each concerns (fieldLabel), to show under it;
 * beside it the field is already named, so each message is the API's (in the console's language) without its field's name or path.
 */
export function controlErrors(lang: Lang, body: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of errorsOf(body)) {
    const path = e.Params?.[0] ?? '';
    const id = fieldLabel(lang, path).id;
    const text = translate(lang, e);
    if (id) out.set(id, [...(out.get(id) ?? []), path && text.startsWith(`${path} `) ? text.slice(path.length + 1) : text]);
  }
  return out;
}

export function fieldErrors(lang: Lang, body: unknown, known: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of errorsOf(body)) {
    const p = e.Params?.[0] ?? '';
    const key = known.has(p) ? p : known.has(`${p}[0]`) ? `${p}[0]` : '';
    const named = fieldLabel(lang, p).label;
    out.set(key, [...(out.get(key) ?? []), key || !named ? translate(lang, e) : `${named}: ${translate(lang, e)}`]);
  }
  return out;
}

/** The id of the message element of a field (aria-describedby). */
export const errId = (name: string) => `err-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The messages shown under a field. */
export const underField = (name: string, messages: string[] | undefined): Html =>
  messages?.length ? html`<p class="field-error" id="${errId(name)}">${messages.join(' ')}</p>` : html``;
