-- Mexican payment receipts (Recibo electrónico de pago, CFDI type P with the
-- complement Pagos 2.0): a customer's payment of one or more PPD invoices.
-- What a receipt paid on each due item is a row of payment_applications, as
-- vouchers do with voucher_applications; the per-invoice figures the CFDI
-- carries (installment, previous balance, balance left, taxes paid) are in the
-- stored document.

CREATE TABLE payments (
  company_id              integer NOT NULL REFERENCES companies (company_id),
  id                      uuid PRIMARY KEY,
  document_type_id        integer NOT NULL REFERENCES document_types (id),
  prefix                  text NOT NULL,
  number                  bigint NOT NULL,
  name                    text NOT NULL,
  date                    date NOT NULL,                  -- the day the receipt was issued (company time zone)
  paid_at                 timestamptz NOT NULL,           -- when the customer paid (FechaPago)
  customer_id             integer NOT NULL REFERENCES customers (id),
  customer_identification text NOT NULL,
  customer_branch_office  integer NOT NULL,
  payment_form            text NOT NULL,                  -- c_FormaPago
  currency                text NOT NULL,
  exchange_rate           numeric(20, 10) NOT NULL,
  total                   numeric(18, 2) NOT NULL,        -- the amount, in the payment's currency
  annulled                boolean NOT NULL DEFAULT false,
  annulled_on             date,
  stamp_status            text NOT NULL DEFAULT 'Draft' CHECK (stamp_status IN ('Draft', 'Pending', 'Accepted', 'Rejected')),
  stamp_uuid              text,
  stamp_errors            jsonb,
  stamp_observations      jsonb,
  stamp_authority         text,
  xml                     text,
  mail_status             text NOT NULL DEFAULT 'not_sent' CHECK (mail_status IN ('not_sent', 'pending_send', 'process_of_sending', 'sent', 'failed_delivery')),
  mail_observations       text,
  partner_id              text,
  document                jsonb NOT NULL,                -- the answer as created
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_number ON payments (company_id, document_type_id, number);
CREATE INDEX payments_created ON payments (company_id, created_at, number, id);
CREATE INDEX payments_date ON payments (company_id, date, created_at, number, id);
CREATE INDEX payments_name ON payments (company_id, name);
CREATE INDEX payments_updated ON payments (company_id, updated_at);
CREATE INDEX payments_customer ON payments (company_id, customer_identification, created_at, number, id);
CREATE INDEX payments_annulled_on ON payments (company_id, annulled_on) WHERE annulled_on IS NOT NULL;

CREATE TABLE payment_applications (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  payment_id      uuid NOT NULL REFERENCES payments (id),
  due_item_id     bigint NOT NULL REFERENCES due_items (id),
  amount          numeric(18, 2) NOT NULL CHECK (amount > 0),   -- in the invoice's currency (MXN)
  PRIMARY KEY (payment_id, due_item_id)
);
CREATE INDEX payment_applications_due ON payment_applications (company_id, due_item_id);

-- Payment receipts have their own document type (P), mails and list counts.
ALTER TABLE document_types DROP CONSTRAINT document_types_type_check;
ALTER TABLE document_types ADD CONSTRAINT document_types_type_check CHECK (type IN ('FV', 'NC', 'ND', 'RC', 'P'));
ALTER TABLE mails DROP CONSTRAINT mails_doc_kind_check;
ALTER TABLE mails ADD CONSTRAINT mails_doc_kind_check CHECK (doc_kind IN ('invoice', 'voucher', 'credit_note', 'debit_note', 'payment'));
ALTER TABLE document_counts DROP CONSTRAINT document_counts_kind_check;
ALTER TABLE document_counts ADD CONSTRAINT document_counts_kind_check CHECK (kind IN ('invoices', 'vouchers', 'notes', 'payments'));
CREATE TRIGGER counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
ALTER TABLE payments ENABLE ALWAYS TRIGGER counts_insert, ENABLE ALWAYS TRIGGER counts_delete;

-- Mexican companies made before this version get what a new company gets: the payment receipt type (P).
INSERT INTO document_types (company_id, code, name, type, prefix, description)
SELECT c.company_id, 'P', 'Recibo electrónico de pago', 'P', 'REP', 'CFDI de tipo pago (complemento Pagos 2.0) con folio automático'
  FROM companies c
 WHERE c.country = 'MX'
   AND NOT EXISTS (SELECT 1 FROM document_types t WHERE t.company_id = c.company_id AND (t.type = 'P' OR t.code = 'P'));
