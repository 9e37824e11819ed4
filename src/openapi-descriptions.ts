/**
 * The description of each operation of the public reference (/openapi.json, /docs), keyed by
 * `METHOD path` as the document spells it (`GET /v1/invoices/{id}`): what the operation does, what it
 * answers and its notable refusals, in a sentence or two beside the route's summary. src/openapi.ts puts
 * them in the document; test/http/openapi.test.ts fails when an operation has none or a key names an
 * operation that does not exist. Written from the handlers: change the text when the route changes.
 * The routes the two base addresses share (lookups, customers, products, webhooks, reports, auth) are
 * written once for both (`both`); the rest country by country; the administration API's (/admin/openapi.json)
 * at the end, its resources' routes by one pattern.
 */

const out: Record<string, string> = {};
/** One operation of the Colombian base address ({base_url}). */
const co = (op: string, text: string) => { out[op] = text; };
/** One operation of the Mexican base address ({base_url_mx}): the path without /mx. */
const mx = (op: string, text: string) => { const [method, path] = op.split(' '); out[`${method} /mx${path}`] = text; };
/** The same operation on both base addresses. */
const both = (op: string, text: string) => { co(op, text); mx(op, text); };

// Authentication --------------------------------------------------------------------------------------
co('POST /auth', 'Exchanges an API user\'s username and access key for a bearer token of its Colombian company, valid for `expires_in` seconds. '
  + 'A wrong username or key, or an inactive user, answers 401 (the same answer for each); a user of a Mexican company answers 403 (use /mx/auth); repeated failures are throttled (429).');
mx('POST /auth', 'Exchanges an API user\'s username and access key for a bearer token of its Mexican company, valid for `expires_in` seconds. '
  + 'A wrong username or key, or an inactive user, answers 401 (the same answer for each); a user of a Colombian company answers 403 (use /auth); repeated failures are throttled (429).');
both('POST /auth/revoke', 'Ends the bearer token sent in Authorization at once (a logout) and answers `{"revoked": true}`; '
  + 'a token that is not valid on this base address answers 401.');

// Lookups ---------------------------------------------------------------------------------------------
both('GET /v1/document-types', 'Every document type of the company as a plain array (no pages), optionally of one `type` (FV, NC, ND, RC, P), '
  + 'with its numbering (`consecutive`: the next number) and, on an electronic type, its DIAN resolution. Documents name one by `document.id`; an inactive one is refused there (parameter_inactive).');
both('GET /v1/document-types/{id}', 'One document type of the company, as the list shows it; 404 when the company has none with this id.');
both('GET /v1/users', 'The company\'s sellers by pages (`page`, `page_size`), by id; a document names one in `seller`, a customer in `related_users`.');
both('GET /v1/users/{id}', 'One seller of the company; 404 when there is none with this id.');
both('GET /v1/taxes', 'Every tax and withholding of the company as a plain array, optionally of one `type` (IVA, Impoconsumo, Retefuente, ReteIVA, ReteICA… in Colombia; IVA, IEPS, ReteIVA, ReteISR in Mexico). '
  + 'Items name taxes by id, documents their `retentions`.');
both('GET /v1/taxes/{id}', 'One tax or withholding of the company with its type and percentage; 404 when there is none with this id.');
both('GET /v1/payment-types', 'The payment types of one kind of document as a plain array: `document_type` is required (FV invoices, NC credit notes, ND debit notes, RC cash receipts). '
  + 'A type with `due_date: true` is credit: a payment of it needs a due date and leaves a receivable; in Mexico `sat_code` is its c_FormaPago.');
both('GET /v1/payment-types/{id}', 'One payment type of the company; 404 when there is none with this id.');
both('GET /v1/warehouses', 'Every warehouse of the company as a plain array (an item\'s `warehouse`).');
both('GET /v1/warehouses/{id}', 'One warehouse of the company; 404 when there is none with this id.');
both('GET /v1/cost-centers', 'Every cost center of the company as a plain array (a document\'s `cost_center`).');
both('GET /v1/cost-centers/{id}', 'One cost center of the company; 404 when there is none with this id.');
both('GET /v1/account-groups', 'Every account group (inventory classification) of the company as a plain array: a product\'s `account_group` names one.');
both('GET /v1/account-groups/{id}', 'One account group of the company; 404 when there is none with this id.');
both('GET /v1/price-lists', 'Every price list of the company as a plain array, by position (1 to 12): a product\'s prices name their list by position.');
both('GET /v1/price-lists/{id}', 'One price list of the company; 404 when there is none with this id.');
both('GET /v1/accounts', 'The company\'s chart of accounts by pages, ordered by code; `code` keeps the accounts whose code starts with it. Each account has its nature (Debit or Credit).');
both('GET /v1/accounts/{id}', 'One account of the chart of accounts by its id (not its code); 404 when there is none.');
both('GET /v1/global-discounts', 'The company\'s global discounts by pages: the ids a document\'s `global_discounts` names.');
both('GET /v1/global-discounts/{id}', 'One global discount of the company; 404 when there is none with this id.');
both('GET /v1/global-charges', 'The company\'s global charges by pages: the ids a document\'s `global_charges` names.');
both('GET /v1/global-charges/{id}', 'One global charge of the company; 404 when there is none with this id.');
mx('GET /v1/uses', 'The SAT\'s CFDI uses (c_UsoCFDI) by pages, each with the person types and the receivers\' fiscal regimes allowed it: what a customer\'s and an invoice\'s `use` may be.');
mx('GET /v1/uses/{code}', 'One CFDI use by its code (any case: g03 is G03); 404 when the SAT catalogue has no such code.');

// Customers and products --------------------------------------------------------------------------------
co('GET /v1/customers', 'The company\'s customers by pages, by id, filtered by identification, branch office, person type, type, active and the day they were created. '
  + 'Each carries `advance_balance`: the advances received with AdvancePayment vouchers and not yet applied by invoices, in pesos.');
mx('GET /v1/customers', 'The company\'s customers by pages, by id, filtered by RFC (`identification`), branch office, person type, type, active and the day they were created.');
co('POST /v1/customers', 'Creates a customer and answers it (201). Refused with 400: an identification and branch office already used (send another `branch_office`), '
  + 'a NIT with letters or a wrong `check_digit`, a name of the wrong shape for the person type (one element for a company, two for a person), a city not in DIVIPOLA, a seller that does not exist.');
mx('POST /v1/customers', 'Creates a customer and answers it (201). Refused with 400: an RFC and branch office already used, an RFC of the wrong length for the person type, '
  + 'a fiscal regime that is not a c_RegimenFiscal code or not for that person type, a postal code not in c_CodigoPostal, a generic RFC with the wrong regime or (abroad) without its country and tax id.');
both('GET /v1/customers/{id}', 'One customer of the company as the list shows it; 404 when there is none with this id.');
both('PUT /v1/customers/{id}', 'Replaces the customer with the body, checked as the creation checks it (its identification and branch office may not take another customer\'s), and answers it. '
  + 'A field that Siigo\'s SDK sends as "[object Object]" keeps its stored value; 404 when there is no such customer.');
both('DELETE /v1/customers/{id}', 'Deletes a customer that no document names and answers `{"id", "deleted": true}`. '
  + 'A customer that invoices or vouchers name is refused with 400 (how many refer to it): set `active` to false to stop using it.');
co('GET /v1/products', 'The company\'s products and services by pages, by id, filtered by code, up to 20 `ids`, type, account group, stock control, active and the day they were created.');
mx('GET /v1/products', 'The company\'s products and services by pages, by id, with their SAT keys; filtered by code, up to 20 `ids`, type, account group, stock control, active and the day they were created.');
co('POST /v1/products', 'Creates a product with its taxes, account group and prices (per price list position and currency), and answers it (201). '
  + 'Refused with 400: a code already used, a tax, account group or price list that does not exist or is inactive, two taxes of one type, ReteIVA, ReteICA or Autorretencion (computed on the invoice), a currency the company has not enabled.');
mx('POST /v1/products', 'Creates a product with its SAT keys (c_ClaveProdServ, c_ClaveUnidad), tax object, taxes, account group and prices, and answers it (201). '
  + 'Refused with 400: a code already used, a tax, account group or price list that does not exist or is inactive, two taxes of one type, a tax object that does not fit its taxes.');
both('GET /v1/products/{id}', 'One product of the company as the list shows it; 404 when there is none with this id.');
both('PUT /v1/products/{id}', 'Replaces the product with the body, checked as the creation checks it (an inactive tax, group or price list it already had is kept), and answers it; '
  + 'a field Siigo\'s SDK loses ("[object Object]", a null account group) keeps its stored value. 404 when there is no such product.');
both('DELETE /v1/products/{id}', 'Deletes a product that no invoice names (by its code) and answers `{"id", "deleted": true}`; one that invoices name is refused with 400: set `active` to false instead.');

// Colombia: invoices ------------------------------------------------------------------------------------
co('POST /v1/invoices', 'Creates an invoice (or an electronic POS ticket, by its document type): checks it against the company\'s types, customer, seller, products, taxes and payments, '
  + 'takes the type\'s next number, posts its journal entry and due items and answers it (201). With `stamp.send` on an electronic type it is sent to the DIAN and the answer waits for the verdict (up to DIAN_TIMEOUT_MS, Pending meanwhile); '
  + 'with `mail.send` it is e-mailed. Every rule broken answers 400 at once, each with its field; a repeated Idempotency-Key answers the first invoice.');
co('GET /v1/invoices', 'A page of the company\'s invoices, newest first, each as GET /v1/invoices/{id} answers it; filtered by document type, customer, name and dates (see the parameters), '
  + 'or continued after a given invoice with `after`. Deleted invoices are not listed.');
co('POST /v1/invoices/preview', 'Checks and computes an invoice as POST /v1/invoices would (the same rules, the same 400s) and answers it with its taxes, withholdings and totals, '
  + 'its id and name null: nothing is stored, no number is taken, nothing is sent.');
co('GET /v1/invoices/{id}', 'One invoice with its current stamp (status, CUFE once the DIAN accepted it; CUDE for a POS ticket), mail status, balance, annulment, '
  + 'and the credit and debit notes that correct it (`creditable`: what is left to credit). 404 when the company has no such invoice or it was deleted.');
co('PUT /v1/invoices/{id}', 'Replaces a Draft or Rejected invoice with the body, checked as a creation (another `number` is refused: its number does not change), and answers it, a Draft again '
  + '(sent to the DIAN when `stamp.send`). Refused with 400 when it is annulled, Pending or Accepted, corrected by notes or paid by cash receipts.');
co('DELETE /v1/invoices/{id}', 'Deletes an invoice that never reached the DIAN and answers `{"id", "deleted": true}` (the same when asked again); its number stays used and its journal entry and due items are reversed. '
  + 'Refused with 400 when the DIAN accepted it (correct it with a credit note) or has not answered yet, when notes correct it or cash receipts pay it.');
co('POST /v1/invoices/{id}/annul', 'Annuls an invoice and answers it: its open due items are dropped and its journal entry reversed, dated today (or on the invoice\'s date if later). '
  + 'Refused with 400 when it is already annulled, accepted by the DIAN (a credit note corrects it), corrected by notes, or paid by cash receipts (annul them first).');
co('POST /v1/invoices/{id}/stamp', 'Sends a Draft invoice, or a Rejected one once corrected, to the DIAN (or its sandbox) and answers it after the verdict or DIAN_TIMEOUT_MS (Pending meanwhile; the outbox keeps trying). '
  + 'Refused with 400 when its type is not electronic, it is annulled or already accepted.');
co('GET /v1/invoices/{id}/stamp/errors', 'The invoice\'s stamp status with the DIAN\'s rule codes and messages of its rejection and the observations of its answer (empty lists when there are none).');
co('GET /v1/invoices/{id}/xml', 'The signed UBL Invoice sent to the DIAN, as base64 in JSON or the XML itself with Accept: application/xml; 404 while the invoice has not been sent.');
co('POST /v1/invoices/{id}/invoice', 'At the buyer\'s request, turns an accepted POS ticket into an electronic invoice to the `customer` sent: the ticket is annulled by an adjustment credit note (concept 2) and the invoice issued '
  + 'with its lines and payments, in one transaction, and both sent to the DIAN when `stamp.send`; answers the invoice (201). Refused when the document is not a POS ticket, is annulled, not accepted yet, or corrected by notes.');
co('POST /v1/invoices/{id}/mail', 'Queues an e-mail of the invoice (its PDF, and its XML once the DIAN accepted it) to `mail_to` or the customer\'s contact e-mails, with `copy_to` copies (at most 5 each), and answers 202. '
  + 'A Pending invoice is mailed once the DIAN answers; an annulled or Rejected one is refused with 400, as are addresses that are not valid.');
co('GET /v1/invoices/{id}/pdf', 'The invoice as a PDF (with the CUFE and QR once accepted), as base64 in JSON or the file itself with Accept: application/pdf.');

// Colombia: credit and debit notes ---------------------------------------------------------------------------
co('POST /v1/credit-notes', 'Creates a credit note on an invoice (`invoice`, concept `reason`; 2 annuls what is left of it) crediting the invoice\'s own products, taxes and retentions, and answers it (201). '
  + 'Its payments settle the credit on the invoice\'s due items or give back money collected. Refused with 400: an annulled invoice or an electronic one the DIAN has not accepted, a product, tax or quantity not left on the invoice, a refund above what was collected.');
co('GET /v1/credit-notes', 'A page of the company\'s credit notes, newest first, each as GET /v1/credit-notes/{id} answers it; filtered as the invoices are (see the parameters).');
co('POST /v1/credit-notes/preview', 'Checks and computes a credit note as POST /v1/credit-notes would (the same rules and 400s) and answers it with its totals; nothing is stored, no number is taken.');
co('GET /v1/credit-notes/{id}', 'One credit note with the invoice it corrects, its lines, payments, current stamp (CUDE once accepted) and mail status; 404 when the company has none with this id.');
co('POST /v1/credit-notes/{id}/stamp', 'Sends a Draft or Rejected credit note to the DIAN and answers it after the verdict or DIAN_TIMEOUT_MS. Refused with 400 when its type is not electronic, it is annulled or already accepted.');
co('GET /v1/credit-notes/{id}/stamp/errors', 'The credit note\'s stamp status with the DIAN\'s rule codes and messages of its rejection and the observations of its answer.');
co('GET /v1/credit-notes/{id}/xml', 'The signed UBL CreditNote sent to the DIAN, as base64 in JSON or the XML itself with Accept: application/xml; 404 while it has not been sent.');
co('POST /v1/credit-notes/{id}/annul', 'Annuls a credit note that is not Pending or Accepted at the DIAN and answers it: what it settled on the invoice is given back and its journal entry reversed on the annulment day. '
  + 'Refused with 400 when it is already annulled or the DIAN has it (an electronic note is corrected with another note).');
co('POST /v1/credit-notes/{id}/mail', 'Queues an e-mail of the credit note (its PDF, and its XML once accepted) to `mail_to` or the customer\'s contact e-mails and answers 202; an annulled or Rejected note is refused with 400.');
co('GET /v1/credit-notes/{id}/pdf', 'The credit note as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');
co('POST /v1/debit-notes', 'Creates a debit note on an invoice (`invoice`, concept `reason`: interest, expenses, a change of value) and answers it (201); what it charges becomes a new due item of the invoice when paid on credit. '
  + 'Refused with 400: an annulled invoice or an electronic one the DIAN has not accepted, a line priced 0, a date before the invoice\'s.');
co('GET /v1/debit-notes', 'A page of the company\'s debit notes, newest first, each as GET /v1/debit-notes/{id} answers it; filtered as the invoices are (see the parameters).');
co('POST /v1/debit-notes/preview', 'Checks and computes a debit note as POST /v1/debit-notes would (the same rules and 400s) and answers it with its totals; nothing is stored, no number is taken.');
co('GET /v1/debit-notes/{id}', 'One debit note with the invoice it corrects, its lines, payments, current stamp and mail status; 404 when the company has none with this id.');
co('POST /v1/debit-notes/{id}/stamp', 'Sends a Draft or Rejected debit note to the DIAN and answers it after the verdict or DIAN_TIMEOUT_MS. Refused with 400 when its type is not electronic, it is annulled or already accepted.');
co('GET /v1/debit-notes/{id}/stamp/errors', 'The debit note\'s stamp status with the DIAN\'s rule codes and messages of its rejection and the observations of its answer.');
co('GET /v1/debit-notes/{id}/xml', 'The signed UBL DebitNote sent to the DIAN, as base64 in JSON or the XML itself with Accept: application/xml; 404 while it has not been sent.');
co('POST /v1/debit-notes/{id}/annul', 'Annuls a debit note that is not Pending or Accepted at the DIAN and answers it: the due item it added is dropped and its journal entry reversed on the annulment day. '
  + 'Refused with 400 when it is already annulled, the DIAN has it, or cash receipts pay it (annul them first).');
co('POST /v1/debit-notes/{id}/mail', 'Queues an e-mail of the debit note (its PDF, and its XML once accepted) to `mail_to` or the customer\'s contact e-mails and answers 202; an annulled or Rejected note is refused with 400.');
co('GET /v1/debit-notes/{id}/pdf', 'The debit note as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');

// Colombia: cash receipts -------------------------------------------------------------------------------------
co('POST /v1/vouchers', 'Creates a cash receipt (RC) and answers it (201): DebtPayment pays a customer\'s open due items, AdvancePayment receives an advance before any invoice, Detailed posts free entries with their accounts. '
  + 'Refused with 400: a due item the customer does not owe or paid above what is left, a payment type that is credit or not for receipts, entries whose debits and credits differ, a payment value that is not the sum of the entries.');
co('GET /v1/vouchers', 'A page of the company\'s cash receipts, newest first, each as GET /v1/vouchers/{id} answers it; filtered as the invoices are (see the parameters).');
co('GET /v1/vouchers/{id}', 'One cash receipt with its type, customer, entries (the due items it paid) and payment; 404 when the company has none with this id.');
co('POST /v1/vouchers/{id}/annul', 'Annuls a cash receipt and answers it: what it paid is owed again and its journal entry is reversed on the annulment day. '
  + 'Refused with 400 when it is already annulled, when credit notes paid back money it collected, or when invoices already applied the advance it received.');
co('POST /v1/vouchers/{id}/mail', 'Queues an e-mail of the cash receipt\'s PDF to `mail_to` or the customer\'s contact e-mails and answers 202; an annulled receipt is refused with 400.');
co('GET /v1/vouchers/{id}/pdf', 'The cash receipt as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');

// Mexico: invoices --------------------------------------------------------------------------------------------
mx('POST /v1/invoices', 'Creates a CFDI 4.0 invoice (type I, ingreso): checks it against the SAT\'s catalogues and the company\'s settings, takes the type\'s next number, posts its journal entry and due items, and answers it (201). '
  + 'With `stamp.send` it is sealed and sent to the stamping provider (PAC), the answer waiting for its verdict up to DIAN_TIMEOUT_MS; the ServiceAPI-Application-Id header is required. '
  + 'Every rule broken answers 400 at once; a repeated Idempotency-Key answers the first invoice.');
mx('GET /v1/invoices', 'A page of the company\'s invoices, newest first, each as GET /mx/v1/invoices/{id} answers it; filtered by document type, customer, name and dates (see the parameters), or continued with `after`.');
mx('POST /v1/invoices/preview', 'Checks and computes an invoice as POST /mx/v1/invoices would (the same rules, the same 400s) and answers it with its taxes and totals, its id and name null: nothing is stored or stamped, no number is taken.');
mx('GET /v1/invoices/{id}', 'One invoice with its current stamp (status, fiscal folio `uuid` once stamped), its cancellation with the SAT, mail status, balance and annulment; 404 when the company has none with this id or it was deleted.');
mx('DELETE /v1/invoices/{id}', 'Deletes an invoice whose CFDI was never stamped and answers `{"id", "deleted": true}`; its number stays used and its journal entry and due items are reversed. '
  + 'A stamped CFDI is refused with 400 (it is cancelled with the SAT), as is one the PAC has not answered yet.');
mx('POST /v1/invoices/{id}/annul', 'Annuls an invoice never stamped and answers it: its open due items are dropped and its journal entry reversed, dated today (or on the invoice\'s date if later). '
  + 'Refused with 400 when it is already annulled, stamped (cancel it with POST …/cancel), or has payments applied.');
mx('POST /v1/invoices/{id}/stamp', 'Seals a Draft invoice, or a Rejected one once corrected, and sends it to the stamping provider (PAC); answers it after the verdict or DIAN_TIMEOUT_MS (Pending meanwhile). '
  + 'Refused with 400 when it is annulled or already stamped.');
mx('GET /v1/invoices/{id}/stamp/errors', 'The invoice\'s stamp status with the PAC\'s (or SAT\'s) rule codes and messages of its rejection and the observations of its answer.');
mx('GET /v1/invoices/{id}/xml', 'The sealed CFDI (with its TimbreFiscalDigital once stamped), as base64 in JSON or the XML itself with Accept: application/xml; 404 while it has not been sent to the PAC.');
mx('POST /v1/invoices/{id}/cancel', 'Asks the SAT to cancel a stamped invoice with a motive (01 with the UUID of its `substitution`, 02, 03, 04 for a global invoice) and answers it: 200 once Cancelled (its journal entry and receivable reversed) or Rejected, '
  + '202 while it waits for the SAT or the receiver (ask again to learn the outcome). Refused with 400 when it is not stamped, already cancelled, or payment receipts or credit notes relate it (cancel them first).');
mx('POST /v1/invoices/{id}/mail', 'Queues an e-mail of the invoice (its PDF, and its XML once stamped) to `mail_to` or the customer\'s contact e-mails, with `copy_to` copies (at most 5 each), and answers 202; an annulled or Rejected invoice is refused with 400.');
mx('GET /v1/invoices/{id}/pdf', 'The invoice as a PDF (the CFDI\'s printed representation, with its fiscal folio and QR once stamped), as base64 in JSON or the file itself with Accept: application/pdf.');

// Mexico: credit notes ----------------------------------------------------------------------------------------
mx('POST /v1/credit-notes', 'Creates a credit note (CFDI type E) related to one or more stamped invoices of one customer and currency (TipoRelacion 01), crediting what they sold, and answers it (201); stamped when `stamp.send`. '
  + 'Refused with 400: an invoice that is not stamped, annulled, another customer\'s, related twice, or a product or amount not left on the related invoices.');
mx('GET /v1/credit-notes', 'A page of the company\'s credit notes, newest first, each as GET /mx/v1/credit-notes/{id} answers it; filtered as the invoices are (see the parameters).');
mx('POST /v1/credit-notes/preview', 'Checks and computes a credit note as POST /mx/v1/credit-notes would (the same rules and 400s) and answers it; nothing is stored or stamped, no number is taken.');
mx('GET /v1/credit-notes/{id}', 'One credit note with the invoices it relates, its lines, current stamp (fiscal folio once stamped), cancellation and mail status; 404 when the company has none with this id.');
mx('POST /v1/credit-notes/{id}/stamp', 'Sends a Draft or Rejected credit note to the stamping provider and answers it after the verdict or DIAN_TIMEOUT_MS. Refused with 400 when it is annulled or already stamped.');
mx('GET /v1/credit-notes/{id}/stamp/errors', 'The credit note\'s stamp status with the PAC\'s rule codes and messages of its rejection and the observations of its answer.');
mx('GET /v1/credit-notes/{id}/xml', 'The sealed (or stamped) CFDI of the credit note, as base64 in JSON or the XML itself with Accept: application/xml; 404 while it has not been sent.');
mx('POST /v1/credit-notes/{id}/annul', 'Annuls a credit note never stamped and answers it: what it applied on the invoices is given back and its journal entry reversed. '
  + 'Refused with 400 when it is already annulled or stamped (a stamped CFDI is cancelled with the SAT).');
mx('POST /v1/credit-notes/{id}/cancel', 'Asks the SAT to cancel a stamped credit note with a motive (01 with its `substitution`, 02, 03) and answers it: 200 once Cancelled or Rejected, 202 while it waits. '
  + 'Refused with 400 when it is not stamped or already cancelled, or with motive 04 (for invoices).');
mx('POST /v1/credit-notes/{id}/mail', 'Queues an e-mail of the credit note (its PDF, and its XML once stamped) to `mail_to` or the customer\'s contact e-mails and answers 202; an annulled or Rejected note is refused with 400.');
mx('GET /v1/credit-notes/{id}/pdf', 'The credit note as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');

// Mexico: payment receipts --------------------------------------------------------------------------------------
mx('POST /v1/payments', 'Creates a payment receipt (CFDI type P, Pagos 2.0) of one payment over stamped PPD invoices of one customer, each installment numbered, and answers it (201); stamped when `stamp.send`. '
  + 'Refused with 400: a PUE, unstamped, annulled or another customer\'s invoice, an amount above what it owes, invoice amounts that do not add up to `amount`, a payment date in the future, the general public.');
mx('GET /v1/payments', 'A page of the company\'s payment receipts, newest first, each as GET /mx/v1/payments/{id} answers it; filtered as the invoices are (see the parameters).');
mx('POST /v1/payments/preview', 'Checks and computes a payment receipt as POST /mx/v1/payments would (the same rules and 400s) and answers it; nothing is stored or stamped, no number is taken.');
mx('GET /v1/payments/{id}', 'One payment receipt with the invoices it pays (installment, previous and remaining balance), its current stamp and cancellation; 404 when the company has none with this id.');
mx('POST /v1/payments/{id}/stamp', 'Sends a Draft or Rejected payment receipt to the stamping provider and answers it after the verdict or DIAN_TIMEOUT_MS. Refused with 400 when it is annulled or already stamped.');
mx('GET /v1/payments/{id}/stamp/errors', 'The payment receipt\'s stamp status with the PAC\'s rule codes and messages of its rejection and the observations of its answer.');
mx('GET /v1/payments/{id}/xml', 'The sealed (or stamped) CFDI of the payment receipt, as base64 in JSON or the XML itself with Accept: application/xml; 404 while it has not been sent.');
mx('POST /v1/payments/{id}/cancel', 'Asks the SAT to cancel a stamped payment receipt with a motive (01 with its `substitution`, 02, 03) and answers it: 200 once Cancelled (what it paid is owed again) or Rejected, 202 while it waits. '
  + 'Refused with 400 when it is not stamped or already cancelled.');
mx('POST /v1/payments/{id}/annul', 'Annuls a payment receipt never stamped and answers it: what it paid on the invoices is owed again and its journal entry reversed. '
  + 'Refused with 400 when it is already annulled or stamped (a stamped CFDI is cancelled with the SAT).');
mx('POST /v1/payments/{id}/mail', 'Queues an e-mail of the payment receipt (its PDF, and its XML once stamped) to `mail_to` or the customer\'s contact e-mails and answers 202; an annulled or Rejected receipt is refused with 400.');
mx('GET /v1/payments/{id}/pdf', 'The payment receipt as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');

// Mexico: tickets -----------------------------------------------------------------------------------------------
mx('POST /v1/tickets', 'Records a sale at the counter (no CFDI) and answers it (201): its company folio, lines computed as an invoice\'s, the journal entry of a PUE sale, '
  + 'and the self-invoicing address and key, answered only here (the service keeps its hash). A date before last year is refused (400); a repeated Idempotency-Key answers the first ticket, key included.');
mx('GET /v1/tickets', 'A page of the company\'s tickets, newest folio first, each with its state (open, self-invoiced, in a global invoice), filtered by status, branch and dates; never their keys.');
mx('GET /v1/tickets/{id}', 'One ticket with its lines, totals and state (its CFDI or the global invoice that declares it); its key is not answered. 404 when the company has none with this id.');
mx('POST /v1/tickets/{id}/pdf', 'The ticket printed on an 80 mm roll with the self-invoicing address, its key and a QR, as base64 in JSON or the file itself with Accept: application/pdf. '
  + 'The body carries the ticket\'s key; a wrong key answers 404, as an unknown ticket does.');
mx('POST /v1/tickets/{id}/self-invoice', 'With the ticket\'s key, issues and stamps the ticket\'s own CFDI (type I, PUE, its form of payment) to the customer sent and answers it (201); sent again, the same CFDI (200). '
  + 'Refused when the key is wrong (404), the ticket has a CFDI to another RFC, a global invoice already declares it, or its self-invoicing deadline passed (400).');
mx('POST /v1/tickets/global-invoice', 'Issues and stamps the global invoice of a period (CFDI to XAXX010101000 with InformacionGlobal): one concept per ticket not yet invoiced, the tickets marked in the same transaction; answers it (201). '
  + 'Refused with 400 when no ticket of the period is left to declare or the company has no invoice payment type of the tickets\' form of payment; a repeated Idempotency-Key answers the first.');

// Statements and reports (both countries) -------------------------------------------------------------------------
both('GET /v1/customers/{id}/statement', 'A customer\'s statement from `date_start` (default: the first day of `date_end`\'s month) to `date_end` (default: today), per currency: the opening balance, each document and payment with the running balance, '
  + 'what is owed by age and the closing balance (the receivables report\'s for the customer that day). 404 for an unknown customer; an end before the start is refused (400).');
both('GET /v1/customers/{id}/statement/pdf', 'The customer\'s statement (as GET …/statement answers it) as a PDF, as base64 in JSON or the file itself with Accept: application/pdf.');
both('POST /v1/customers/{id}/statement/mail', 'Queues the e-mail of the customer\'s statement for `date_start`–`date_end` (the same defaults as GET …/statement) with its PDF, drawn when it is sent, to `mail_to` '
  + '(default: the customer\'s contact e-mails) and up to 5 copies; answers 202 with the mail\'s id and the period settled. 404 for an unknown customer; a bad address or period is refused (400) with its field.');
both('GET /v1/reports/trial-balance', 'The trial balance between `date_start` and `date_end` (default: the first and last entries): per account of the journal, the opening balance, debits, credits and closing balance, and whether the whole balances. '
  + 'An end before the start is refused (400).');
both('GET /v1/reports/accounts-receivable', 'The open due items per customer on `date` (default: today), with their aging buckets, by pages of customers (or of one customer); the totals of the whole report come on every page.');

// Webhooks (both countries) -----------------------------------------------------------------------------------------
both('POST /v1/webhooks', 'Subscribes a URL to events of the company\'s documents (or "*" for all) and answers the webhook with its signing `secret`, shown only in this answer (201). '
  + 'Refused with 400: an unknown event type, or a URL that is not http(s) or not on a public address.');
both('GET /v1/webhooks', 'The company\'s webhooks by pages, without their secrets.');
both('GET /v1/webhooks/{id}', 'One webhook without its secret (`previous_secret_expires_at` says whether a replaced secret still signs); 404 when the company has none with this id.');
both('PATCH /v1/webhooks/{id}', 'Changes only the fields sent of a webhook (URL, events, description, active), each checked as the creation checks it, and answers it; `active: false` stops new deliveries. 404 for an unknown webhook.');
both('DELETE /v1/webhooks/{id}', 'Deletes a webhook and answers `{"id", "deleted": true}`: no more deliveries, its pending ones end as failed. 404 for an unknown webhook.');
both('POST /v1/webhooks/{id}/rotate-secret', 'Gives the webhook a new signing secret, answered only here; the replaced one keeps signing beside it (a second v1 in Webhook-Signature) for WEBHOOK_SECRET_GRACE_HOURS.');
both('GET /v1/webhooks/{id}/deliveries', 'The webhook\'s deliveries by pages, newest first: event, status (pending, delivered, failed), attempts and the receiver\'s last answer or error.');
both('POST /v1/webhooks/{id}/deliveries/{delivery}/retry', 'Queues a failed or pending delivery to be sent again now and answers it (202). '
  + 'Refused with 400 when the webhook is not active or the delivery was delivered already; 404 for an unknown delivery.');

// Administration (/admin/v1, its own document at /admin/openapi.json) ----------------------------------------------
const admin = (op: string, text: string) => { const [method, path] = op.split(' '); out[`${method} /admin/v1${path}`] = text; };
admin('GET /metrics', 'The process\'s metrics in Prometheus\' text exposition format (text/plain): worker and login queues and their waits, and the process\'s own.');
admin('GET /companies', 'The companies of this installation by pages, optionally of one `country` (CO, MX) or `tax_id`, each with its settings.');
admin('POST /companies', 'Creates a company (country, legal name, tax id, address, settings) and answers it (201). Refused with 400: a NIT with a wrong check digit or an RFC that is malformed, '
  + 'generic or with a wrong check character, a tax id the country already has, a time zone other than the country\'s, a setting of the other country.');
admin('GET /companies/{id}', 'One company with its settings; 404 when there is none with this id.');
admin('PATCH /companies/{id}', 'Changes only the fields sent of a company (legal name, address, settings, logo), each checked as the creation checks it, and answers it. '
  + 'Its country, tax id and check digit never change (400: create another company).');
const RESOURCE_NOTES: [string, string, string][] = [
  ['sellers', 'sellers', 'what /v1/users lists and documents name in `seller`'],
  ['document-types', 'document types', 'with their numbering and, on an electronic type, the DIAN resolution: a resolution that is expired, overlaps another type\'s or does not hold the next number is refused; a type with documents keeps its kind'],
  ['taxes', 'taxes and withholdings', 'each with its type (of the company\'s country), percentage and account'],
  ['payment-types', 'payment types', 'per kind of document; in Mexico each has its c_FormaPago (`sat_code`)'],
  ['cost-centers', 'cost centers', 'what /v1/cost-centers lists'],
  ['warehouses', 'warehouses', 'what /v1/warehouses lists'],
  ['price-lists', 'price lists', 'the positions 1 to 12 of a product\'s prices'],
  ['account-groups', 'account groups', 'the inventory classifications a product\'s `account_group` names'],
  ['certificates', 'signing certificates', 'PKCS#12 files, kept sealed under SECRET_KEY; the active one signs the company\'s documents, and an expired or not yet valid one is refused'],
  ['exchange-rates', 'exchange rates', 'pesos per unit of a foreign currency, per date; the company\'s own currency is refused'],
  ['api-users', 'API users', 'the logins of POST /auth; the access key is answered only on creation and rotation, and a username already taken is refused'],
];
for (const [path, noun, note] of RESOURCE_NOTES) {
  admin(`GET /companies/{id}/${path}`, `Every one of the company's ${noun} as a plain array: ${note}. 404 for an unknown company.`);
  admin(`POST /companies/{id}/${path}`, `Creates one of the company's ${noun} and answers it (201): ${note}. Every problem of the body answers 400 at once, each with its field.`);
  admin(`GET /companies/{id}/${path}/{item}`, `One of the company's ${noun}; 404 when the company has none with this id.`);
  admin(`PATCH /companies/{id}/${path}/{item}`, `Changes only the fields sent of one of the company's ${noun}, checked as the creation checks them, and answers it; \`active: false\` deactivates it. 404 when the company has none with this id.`);
}
admin('POST /companies/{id}/api-users/{item}/rotate', 'Gives the API user a new access key, answered only here; every token of the old key stops working at once.');
admin('POST /companies/{id}/dian/test-set', 'DIAN habilitación: signs and sends the test set (invoices and notes in the DIAN\'s test numbering) with the company\'s certificate and answers the verdict of each document. '
  + 'Without `test_set_id` (and none in the company\'s settings) it is refused with 400.');
admin('POST /companies/{id}/console-users', 'Creates a user of the operator console (/app) with a role (owner, accountant, viewer) and answers it without its password (201). '
  + 'Refused with 400: an e-mail that is not valid or already used, a weak or short password, an unknown role.');
admin('GET /companies/{id}/console-users', 'The company\'s console users with their roles, never their passwords.');
admin('DELETE /companies/{id}/console-users/{userId}', 'Deletes a console user and ends its sessions; answers `{"id", "deleted": true}`.');
admin('POST /companies/{id}/console-users/{userId}/password', 'Sets a console user\'s password (checked for length and strength) and ends its sessions; answers the user.');

/** Each operation's description, by `METHOD path` ({param} as the document spells it). */
export const DESCRIPTIONS: Readonly<Record<string, string>> = out;
