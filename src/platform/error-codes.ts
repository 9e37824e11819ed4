/**
 * Every error `Code` the service answers, with the HTTP status it answers it
 * with and what it means: the one catalogue. `Problems.add`, `error()` and
 * `DomainError` take only these codes; README.md documents each of them in its
 * "Error codes" table (a test checks that the two agree).
 */
export const ERROR_CODES = {
  parameter_required: { status: 400, meaning: 'A required field, header or body is missing' },
  parameter_not_allowed: { status: 400, meaning: 'A field that this request, type or country does not take' },
  parameter_inactive: { status: 400, meaning: 'The record named exists but is inactive' },
  invalid_type: { status: 400, meaning: 'A value of the wrong JSON type, or a body that is not valid JSON' },
  length_max: { status: 400, meaning: 'A text or list longer than allowed' },
  length_min: { status: 400, meaning: 'A text or list shorter than allowed' },
  invalid_amount: { status: 400, meaning: 'An amount out of range or with too many decimals' },
  invalid_value: { status: 400, meaning: 'A value the field does not accept (format, range, pattern, rule)' },
  invalid_date: { status: 400, meaning: 'A date that is malformed or not allowed here (order, range)' },
  invalid_reference: { status: 400, meaning: 'An id or code that does not exist for the company' },
  invalid_array: { status: 400, meaning: 'A list that is empty, too long, or holds repeated entries' },
  already_exists: { status: 400, meaning: 'A record with the same key exists' },
  duplicated_document: { status: 400, meaning: 'The document number is already used' },
  invalid_total_payments: { status: 400, meaning: 'The payments do not add up to the amount payable' },
  invalid_payment: { status: 400, meaning: 'A payment that its payment type or document does not allow' },
  invalid_retentions: { status: 400, meaning: 'A withholding that does not apply or is repeated' },
  invalid_currency: { status: 400, meaning: 'A currency or exchange rate that is not allowed' },
  invalid_cost_center: { status: 400, meaning: 'A cost center that does not exist, is inactive or is missing' },
  invalid_balance: { status: 400, meaning: 'Debits and credits of an entry do not balance' },
  invalid_account: { status: 400, meaning: 'A ledger account that does not exist or does not take postings' },
  invalid_document: { status: 400, meaning: 'The document cannot do this in its state (annulled, accepted, paid, not electronic…)' },
  non_editable: { status: 400, meaning: 'The invoice cannot be changed in its state (only Draft or Rejected, unpaid, not annulled)' },
  document_settings: { status: 400, meaning: 'The document type is not set up for this (inactive, wrong kind, missing setting)' },
  company_settings: { status: 400, meaning: 'The company is not set up for this (certificate, regime, DIAN enablement…)' },
  invalid_dian_resolution: { status: 400, meaning: 'The number or date is outside the DIAN numbering resolution' },
  invalid_identification: { status: 400, meaning: 'An identification (NIT, RFC…) that is malformed or has a wrong check digit' },
  invalid_email: { status: 400, meaning: 'An e-mail address that is not valid' },
  invalid_code: { status: 400, meaning: 'A code off its official catalogue' },
  invalid_partner_id: { status: 400, meaning: 'A Partner-Id header that is not valid' },
  invalid_idempotency_key: { status: 400, meaning: 'An Idempotency-Key header that is not valid' },
  header_required: { status: 400, meaning: 'A required header is missing' },
  unauthorized: { status: 401, meaning: 'Missing, invalid or expired token, or wrong credentials' },
  forbidden: { status: 403, meaning: 'The token may not do this (another country\'s base address, not an administrator)' },
  not_found: { status: 404, meaning: 'No such record for this company, or no such route' },
  method_not_allowed: { status: 405, meaning: 'The path exists, but not with this method: the Allow header lists the methods it takes' },
  idempotency_conflict: { status: 409, meaning: 'The Idempotency-Key was used with a different request body' },
  payload_too_large: { status: 413, meaning: 'The request body is over the size limit' },
  unsupported_media_type: { status: 415, meaning: 'The body is not sent as application/json' },
  requests_limit: { status: 429, meaning: 'Too many requests or failed logins (429), or the database is busy (503); retry after Retry-After' },
  unhandled_error: { status: 500, meaning: 'A bug: nothing was saved; quote the request id when reporting it' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The HTTP status a code is answered with: the one place that maps domain errors to statuses. */
export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;

export const isErrorCode = (s: unknown): s is ErrorCode => typeof s === 'string' && Object.hasOwn(ERROR_CODES, s);
