-- Colombian credit notes (NC) and debit notes (ND): documents that correct an
-- issued invoice. One table for both (`kind`); each note names its invoice.
-- A credit note settled on credit lowers the invoice's open due items
-- (note_applications, as vouchers do with voucher_applications); a debit note
-- on credit adds a due item to its invoice (due_items.note_id).

CREATE TABLE notes (
  company_id              integer NOT NULL REFERENCES companies (company_id),
  id                      uuid PRIMARY KEY,
  kind                    text NOT NULL CHECK (kind IN ('NC', 'ND')),
  invoice_id              uuid NOT NULL REFERENCES invoices (id),
  document_type_id        integer NOT NULL REFERENCES document_types (id),
  prefix                  text NOT NULL,
  number                  bigint NOT NULL,
  name                    text NOT NULL,
  date                    date NOT NULL,
  reason                  smallint NOT NULL,
  customer_id             integer NOT NULL REFERENCES customers (id),
  customer_identification text NOT NULL,
  customer_branch_office  integer NOT NULL,
  total                   numeric(18, 2) NOT NULL,
  annulled                boolean NOT NULL DEFAULT false,
  annulled_on             date,
  stamp_status            text NOT NULL DEFAULT 'Draft' CHECK (stamp_status IN ('Draft', 'Pending', 'Accepted', 'Rejected')),
  stamp_cude              text,
  stamp_errors            jsonb,
  stamp_observations      jsonb,
  stamp_authority         text,
  application_response    text,
  xml                     text,
  mail_status             text NOT NULL DEFAULT 'not_sent' CHECK (mail_status IN ('not_sent', 'pending_send', 'process_of_sending', 'sent', 'failed_delivery')),
  mail_observations       text,
  partner_id              text,
  document                jsonb NOT NULL,                -- the answer as created
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX notes_number ON notes (company_id, document_type_id, number);
CREATE INDEX notes_invoice ON notes (company_id, invoice_id);
CREATE INDEX notes_created ON notes (company_id, kind, created_at, number, id);
CREATE INDEX notes_date ON notes (company_id, kind, date, created_at, number, id);
CREATE INDEX notes_name ON notes (company_id, name);
CREATE INDEX notes_updated ON notes (company_id, kind, updated_at);
CREATE INDEX notes_customer ON notes (company_id, customer_identification, created_at, number, id);
-- Receivables on a past day read the notes dated or annulled after it.
CREATE INDEX notes_day ON notes (company_id, date);
CREATE INDEX notes_annulled_on ON notes (company_id, annulled_on) WHERE annulled_on IS NOT NULL;

-- What a credit note settled on each due item of its invoice, so that its annulment gives back exactly that.
CREATE TABLE note_applications (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  note_id         uuid NOT NULL REFERENCES notes (id),
  due_item_id     bigint NOT NULL REFERENCES due_items (id),
  amount          numeric(18, 2) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (note_id, due_item_id)
);
CREATE INDEX note_applications_due ON note_applications (company_id, due_item_id);

-- A due item added to an invoice by a debit note on credit.
ALTER TABLE due_items ADD COLUMN note_id uuid REFERENCES notes (id);

-- Payment types, mails and list counts know the notes.
ALTER TABLE payment_types DROP CONSTRAINT payment_types_document_type_check;
ALTER TABLE payment_types ADD CONSTRAINT payment_types_document_type_check CHECK (document_type IN ('FV', 'NC', 'ND', 'RC'));
ALTER TABLE mails DROP CONSTRAINT mails_doc_kind_check;
ALTER TABLE mails ADD CONSTRAINT mails_doc_kind_check CHECK (doc_kind IN ('invoice', 'voucher', 'credit_note', 'debit_note'));
ALTER TABLE document_counts DROP CONSTRAINT document_counts_kind_check;
ALTER TABLE document_counts ADD CONSTRAINT document_counts_kind_check CHECK (kind IN ('invoices', 'vouchers', 'notes'));

-- Notes are counted as the other documents are, their kind (NC, ND) as the subtype.
CREATE OR REPLACE FUNCTION count_documents() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := CASE WHEN TG_LEVEL = 'ROW' THEN 'SELECT ($1).*, -1 AS sign UNION ALL SELECT ($2).*, 1' ELSE changed_rows(TG_OP) END;
  sql text;
BEGIN
  sql := format($q$
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
    SELECT r.company_id, %L, k.dim, k.day, k.identification, k.branch_office, r.document_type_id, %s, sum(r.sign)
      FROM (%s) r
      JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1),
                                ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8
    HAVING sum(r.sign) <> 0
     ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n$q$,
    TG_TABLE_NAME, CASE TG_TABLE_NAME WHEN 'vouchers' THEN 'r.type' WHEN 'notes' THEN 'r.kind' ELSE '''''' END,
    -- invoices: only the live rows (a deleted one is in no list)
    CASE TG_TABLE_NAME WHEN 'invoices' THEN format('SELECT * FROM (%s) x WHERE x.deleted_at IS NULL', src) ELSE src END);
  IF TG_LEVEL = 'ROW' THEN EXECUTE sql USING OLD, NEW; ELSE EXECUTE sql; END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER counts_insert AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_delete AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
ALTER TABLE notes ENABLE ALWAYS TRIGGER counts_insert, ENABLE ALWAYS TRIGGER counts_delete;

-- The sandbox DIAN finds the accepted invoice a note refers to by its CUFE.
CREATE INDEX invoices_cufe ON invoices (stamp_cufe) WHERE stamp_cufe IS NOT NULL;

-- Colombian companies made before this version get what a new company gets (src/companies/catalogs/co.ts):
-- a plain credit note type (NC), a plain debit note type (ND) and the payment types of each.
INSERT INTO document_types (company_id, code, name, type, prefix, description, reteiva, reteica, self_withholding)
SELECT c.company_id, v.code, v.name, v.code, v.code, v.description, true, true, true
  FROM companies c
 CROSS JOIN (VALUES ('NC', 'Nota crédito', 'Nota crédito con numeración automática; admite ReteIVA, ReteICA y autorretención'),
                    ('ND', 'Nota débito', 'Nota débito con numeración automática; admite ReteIVA, ReteICA y autorretención')) AS v(code, name, description)
 WHERE c.country = 'CO'
   AND NOT EXISTS (SELECT 1 FROM document_types t WHERE t.company_id = c.company_id AND (t.type = v.code OR t.code = v.code));
INSERT INTO payment_types (company_id, name, type, document_type, account_code, due_date)
SELECT c.company_id, v.name, v.type, v.document_type, v.account_code, v.due_date
  FROM companies c
 CROSS JOIN (VALUES ('Abono a la cuenta del cliente', 'Credit', 'NC', '13050501', true),
                    ('Devolución en efectivo', 'Cash', 'NC', '11050501', false),
                    ('Devolución por transferencia', 'Transfer', 'NC', '11100501', false),
                    ('Crédito', 'Credit', 'ND', '13050501', true),
                    ('Efectivo', 'Cash', 'ND', '11050501', false),
                    ('Transferencia bancaria', 'Transfer', 'ND', '11100501', false)) AS v(name, type, document_type, account_code, due_date)
 WHERE c.country = 'CO'
   AND EXISTS (SELECT 1 FROM accounts a WHERE a.company_id = c.company_id AND a.code = v.account_code)
   AND NOT EXISTS (SELECT 1 FROM payment_types p WHERE p.company_id = c.company_id AND p.document_type = v.document_type);
