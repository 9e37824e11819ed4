/**
 * The API's error messages in Spanish. The console shows the API's own answer (its codes, its paths, its
 * rules); in Spanish each message is translated: first by the sentence patterns the API's validation writes
 * (src/platform/validation.ts: required, lengths, enums, formats, the schemas' x-hints), then by the domain
 * messages the console's forms can produce, and otherwise by the meaning of its code (every code of
 * src/platform/error-codes.ts has its Spanish sentence), with the API's English text kept after it.
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
  [/^The username (.+) is taken$/, 'El usuario $1 ya está tomado.'],
  [/^A (customer|product) with (?:this|the) (.+) (?:already )?exists/i, 'Ya existe un registro con ese dato.'],
  [/already exists/i, 'Ya existe.'],
  [/check digit/i, 'El dígito de verificación no corresponde a la identificación.'],
  [/^The certificate expired on (\S+)$/, 'El certificado venció el $1.'],
  [/^The certificate is valid only from (\S+)$/, 'El certificado es válido solo desde el $1.'],
  [/^Could not open the PKCS#12: the password is wrong/, 'No se pudo abrir el PKCS#12: la contraseña es incorrecta (o el archivo está dañado).'],
  [/^Send test_set_id, or set settings\.dian\.test_set_id/, 'Indique el TestSetId que dio la DIAN.'],
  [/cannot be deleted: (.+) refers? to it/, 'No se puede borrar: hay documentos que lo usan. Desactívelo en su lugar.'],
  [/is not a valid (NIT|RFC)/i, 'No es un $1 válido.'],
];

const TYPES: Record<string, string> = { number: 'número', integer: 'número entero', string: 'texto', boolean: 'sí o no', object: 'objeto', array: 'lista' };

/** One API message in the console's language. */
export function translate(lang: Lang, e: ApiErrorItem): string {
  if (lang === 'en') return e.Detail ? `${e.Message} (${e.Detail})` : e.Message;
  const path = e.Params?.[0] ?? '';
  const rest = path && e.Message.startsWith(`${path} `) ? e.Message.slice(path.length + 1) : e.Message;
  for (const [re, es] of PATTERNS) if (re.test(rest)) return rest.replace(re, es).replace(/\b(number|integer|string|boolean|object|array)\b/g, (w) => TYPES[w]);
  for (const [re, es] of DOMAIN) {
    const m = re.exec(rest);
    if (m) return es.replace(/\$(\d)/g, (_, i) => m[Number(i)] ?? '');
  }
  const sentence = CODE_ES[e.Code as ErrorCode] ?? 'Error';
  return `${sentence}: ${e.Message}${e.Detail ? ` (${e.Detail})` : ''}`;
}

/** The API's errors by the path of their field ("" for those of no field of the form). */
export function fieldErrors(lang: Lang, body: any, known: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of (body?.Errors ?? []) as ApiErrorItem[]) {
    const p = e.Params?.[0] ?? '';
    const key = known.has(p) ? p : known.has(`${p}[0]`) ? `${p}[0]` : '';
    out.set(key, [...(out.get(key) ?? []), key ? translate(lang, e) : `${p ? `${p}: ` : ''}${translate(lang, e)}`]);
  }
  return out;
}

/** The id of the message element of a field (aria-describedby). */
export const errId = (name: string) => `err-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The messages shown under a field. */
export const underField = (name: string, messages: string[] | undefined): Html =>
  messages?.length ? html`<p class="field-error" id="${errId(name)}">${messages.join(' ')}</p>` : html``;
