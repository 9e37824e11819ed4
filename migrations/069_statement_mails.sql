-- A customer's statement (estado de cuenta) e-mailed from the console (issue 52, point 4) is a row of `mails` like a
-- document's e-mail, sent by the same outbox job (kind `mail`): doc_kind 'statement', doc_id the mail's own id (a
-- statement is no stored document), and what it states: the customer and the period. The PDF is drawn when it is sent.
ALTER TABLE mails DROP CONSTRAINT mails_doc_kind_check;
ALTER TABLE mails ADD CONSTRAINT mails_doc_kind_check CHECK (doc_kind IN ('invoice', 'voucher', 'credit_note', 'debit_note', 'payment', 'statement'));
ALTER TABLE mails ADD COLUMN customer_id integer REFERENCES customers (id);
ALTER TABLE mails ADD COLUMN period_start date;
ALTER TABLE mails ADD COLUMN period_end date;
ALTER TABLE mails ADD CONSTRAINT mails_statement_check
  CHECK ((doc_kind = 'statement') = (customer_id IS NOT NULL AND period_start IS NOT NULL AND period_end IS NOT NULL AND period_start <= period_end));
-- The statement page lists a customer's statement e-mails.
CREATE INDEX mails_statement ON mails (company_id, customer_id, created_at) WHERE doc_kind = 'statement';
