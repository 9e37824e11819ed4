-- Lists, receivables and the trial balance that stay fast as the books grow
-- (issue 23). Nothing here changes what the API answers; it changes what
-- producing an answer reads.

-- 1. List indexes: each filter leads an index that continues in the lists'
--    order (created_at DESC, number DESC, id DESC), so the first page, and a
--    page after a cursor, read page_size entries; OFFSET walks index entries only.
DROP INDEX invoices_customer;
DROP INDEX invoices_date;
DROP INDEX invoices_created;
-- A deleted invoice (deleted_at, migration 013) is in no list: the lists' indexes
-- leave it out; the customer's keeps it (its documents are looked up by other
-- statements too) and carries deleted_at, so that a list leaves it out from the index.
CREATE INDEX invoices_created ON invoices (company_id, created_at, number, id) INCLUDE (document_type_id, updated_at) WHERE deleted_at IS NULL;
CREATE INDEX invoices_type ON invoices (company_id, document_type_id, created_at, number, id) WHERE deleted_at IS NULL;
CREATE INDEX invoices_customer ON invoices (company_id, customer_identification, created_at, number, id) INCLUDE (customer_branch_office, document_type_id, deleted_at);
CREATE INDEX invoices_date ON invoices (company_id, date, created_at, number, id) INCLUDE (document_type_id) WHERE deleted_at IS NULL;
CREATE INDEX invoices_name ON invoices (company_id, name) WHERE deleted_at IS NULL;
CREATE INDEX invoices_updated ON invoices (company_id, updated_at) INCLUDE (created_at, number, id, document_type_id) WHERE deleted_at IS NULL;
-- The receivables as of a past day look up what was annulled after it (migration 010).
CREATE INDEX invoices_annulled_on ON invoices (company_id, annulled_on) WHERE annulled_on IS NOT NULL;

DROP INDEX vouchers_customer;
DROP INDEX vouchers_date;
DROP INDEX vouchers_created;
CREATE INDEX vouchers_created ON vouchers (company_id, created_at, number, id) INCLUDE (document_type_id, type, updated_at);
CREATE INDEX vouchers_type ON vouchers (company_id, document_type_id, created_at, number, id) INCLUDE (type);
CREATE INDEX vouchers_customer ON vouchers (company_id, customer_identification, created_at, number, id) INCLUDE (customer_branch_office, document_type_id, type);
CREATE INDEX vouchers_date ON vouchers (company_id, date, created_at, number, id) INCLUDE (document_type_id, type);
CREATE INDEX vouchers_name ON vouchers (company_id, name);
CREATE INDEX vouchers_updated ON vouchers (company_id, updated_at) INCLUDE (created_at, number, id, document_type_id, type);
CREATE INDEX vouchers_annulled_on ON vouchers (company_id, annulled_on) WHERE annulled_on IS NOT NULL;

-- 2. How many documents each list has, kept by the statement that writes them:
--    per document type (and voucher type) and per day of the document's date
--    (dim 'date'), per day of creation in the company's time zone ('created'),
--    and per customer ('customer'). A list's total_results sums these rows.
--    A deleted invoice is not counted (deleted_at set: -1 on that update).
--    The rows of a document type are written only under its numbering lock
--    (taken first by every creation), each statement's rows in key order.
CREATE TABLE document_counts (
  company_id        integer NOT NULL REFERENCES companies (company_id),
  kind              text NOT NULL CHECK (kind IN ('invoices', 'vouchers')),
  dim               text NOT NULL CHECK (dim IN ('date', 'created', 'customer')),
  day               date NOT NULL,
  identification    text NOT NULL,
  branch_office     integer NOT NULL,
  document_type_id  integer NOT NULL,
  subtype           text NOT NULL,             -- a voucher's type; '' for invoices
  n                 bigint NOT NULL,
  PRIMARY KEY (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
);

-- The rows a statement-level trigger sees, each with +1 (new) or -1 (old).
CREATE FUNCTION changed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
                 WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
                 ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 FROM old_rows r' END
$$;

CREATE FUNCTION count_documents() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
    TG_TABLE_NAME, CASE TG_TABLE_NAME WHEN 'vouchers' THEN 'r.type' ELSE '''''' END,
    -- invoices: only the live rows (a deleted one is in no list)
    CASE TG_TABLE_NAME WHEN 'invoices' THEN format('SELECT * FROM (%s) x WHERE x.deleted_at IS NULL', src) ELSE src END);
  IF TG_LEVEL = 'ROW' THEN EXECUTE sql USING OLD, NEW; ELSE EXECUTE sql; END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_update AFTER UPDATE OF document_type_id, date, created_at, customer_identification, customer_branch_office, deleted_at ON invoices FOR EACH ROW
  WHEN (ROW(OLD.document_type_id, OLD.date, OLD.created_at, OLD.customer_identification, OLD.customer_branch_office, OLD.deleted_at IS NULL)
       IS DISTINCT FROM ROW(NEW.document_type_id, NEW.date, NEW.created_at, NEW.customer_identification, NEW.customer_branch_office, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_insert AFTER INSERT ON vouchers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_delete AFTER DELETE ON vouchers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_documents();
CREATE TRIGGER counts_update AFTER UPDATE OF document_type_id, type, date, created_at, customer_identification, customer_branch_office ON vouchers FOR EACH ROW
  WHEN (ROW(OLD.document_type_id, OLD.type, OLD.date, OLD.created_at, OLD.customer_identification, OLD.customer_branch_office)
       IS DISTINCT FROM ROW(NEW.document_type_id, NEW.type, NEW.date, NEW.created_at, NEW.customer_identification, NEW.customer_branch_office))
  EXECUTE FUNCTION count_documents();

-- 3. Receivables: what is open today (amount − paid of due items not annulled)
--    per customer and currency, and per currency and due date. A writing
--    statement only appends its change to receivable_pending (no row shared
--    between writers, so no lock and no deadlock); foldReceivables() moves the
--    pending rows into the two sums. Readers add both.
CREATE TABLE receivable_pending (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  customer_id   integer NOT NULL,
  currency      text NOT NULL,
  due_date      date NOT NULL,
  open          numeric(18, 2) NOT NULL
);
CREATE INDEX receivable_pending_company ON receivable_pending (company_id);
CREATE TABLE receivable_customers (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  customer_id     integer NOT NULL REFERENCES customers (id),
  currency        text NOT NULL,
  open            numeric(18, 2) NOT NULL,
  identification  text NOT NULL,             -- the customer's, for the report's order (kept by the trigger below)
  branch_office   integer NOT NULL,
  PRIMARY KEY (company_id, customer_id, currency)
);
-- The report's pages: customers with something open, in its order.
CREATE INDEX receivable_customers_order ON receivable_customers (company_id, identification, branch_office, currency) WHERE open <> 0;
CREATE TABLE receivable_dues (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  currency      text NOT NULL,
  due_date      date NOT NULL,
  open          numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, currency, due_date)
);
-- The due items still open today, per customer (the report's items).
CREATE INDEX due_items_open ON due_items (company_id, customer_id) WHERE NOT annulled AND paid < amount;

CREATE FUNCTION track_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open)
    SELECT r.company_id, r.customer_id, coalesce(i.document->'currency'->>'code', 'COP'), r.due_date,
           sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END)
      FROM (%s) r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END) <> 0$q$, src);
  RETURN NULL;
END $fn$;

CREATE TRIGGER receivables_insert AFTER INSERT ON due_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_receivables();
CREATE TRIGGER receivables_update AFTER UPDATE ON due_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_receivables();
CREATE TRIGGER receivables_delete AFTER DELETE ON due_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION track_receivables();

CREATE FUNCTION rename_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE receivable_customers SET identification = NEW.identification, branch_office = NEW.branch_office
   WHERE company_id = NEW.company_id AND customer_id = NEW.id;
  RETURN NULL;
END $fn$;
CREATE TRIGGER receivables_customer AFTER UPDATE OF identification, branch_office ON customers FOR EACH ROW
  WHEN (OLD.identification IS DISTINCT FROM NEW.identification OR OLD.branch_office IS DISTINCT FROM NEW.branch_office)
  EXECUTE FUNCTION rename_receivables();

-- 4. Period balances of the ledger: debits and credits per account and day,
--    and per account and month, the same way (ledger_pending, then foldLedger()).
--    Journal lines are never changed once written (a reversal is a new entry).
CREATE TABLE ledger_pending (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  account_code  text NOT NULL,
  day           date NOT NULL,
  debit         numeric(18, 2) NOT NULL,
  credit        numeric(18, 2) NOT NULL
);
CREATE INDEX ledger_pending_company ON ledger_pending (company_id);
CREATE TABLE ledger_days (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  account_code  text NOT NULL,
  day           date NOT NULL,
  debit         numeric(18, 2) NOT NULL,
  credit        numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, day, account_code)
);
CREATE TABLE ledger_months (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  account_code  text NOT NULL,
  month         date NOT NULL,                 -- its first day
  debit         numeric(18, 2) NOT NULL,
  credit        numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, month, account_code)
);

CREATE FUNCTION track_ledger() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
    SELECT l.company_id, l.account_code, e.date, sum(l.sign * l.debit), sum(l.sign * l.credit)
      FROM (%s) l JOIN journal_entries e ON e.id = l.entry_id
     GROUP BY 1, 2, 3$q$, src);
  RETURN NULL;
END $fn$;

CREATE TRIGGER ledger_insert AFTER INSERT ON journal_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_ledger();
CREATE TRIGGER ledger_update AFTER UPDATE ON journal_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_ledger();
CREATE TRIGGER ledger_delete AFTER DELETE ON journal_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION track_ledger();

-- The counts and sums hold whatever writes the rows: their triggers fire also
-- under session_replication_role = replica (bulk-demo's load, which skips the
-- foreign-key checks of rows whose references it just read).
ALTER TABLE invoices ENABLE ALWAYS TRIGGER counts_insert, ENABLE ALWAYS TRIGGER counts_delete, ENABLE ALWAYS TRIGGER counts_update;
ALTER TABLE vouchers ENABLE ALWAYS TRIGGER counts_insert, ENABLE ALWAYS TRIGGER counts_delete, ENABLE ALWAYS TRIGGER counts_update;
ALTER TABLE due_items ENABLE ALWAYS TRIGGER receivables_insert, ENABLE ALWAYS TRIGGER receivables_update, ENABLE ALWAYS TRIGGER receivables_delete;
ALTER TABLE journal_lines ENABLE ALWAYS TRIGGER ledger_insert, ENABLE ALWAYS TRIGGER ledger_update, ENABLE ALWAYS TRIGGER ledger_delete;

-- 5. What the books already hold.
INSERT INTO document_counts (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
SELECT r.company_id, r.kind, k.dim, k.day, k.identification, k.branch_office, r.document_type_id, r.subtype, count(*)
  FROM (SELECT company_id, 'invoices' AS kind, document_type_id, '' AS subtype, date, created_at, customer_identification, customer_branch_office FROM invoices
         WHERE deleted_at IS NULL
        UNION ALL
        SELECT company_id, 'vouchers', document_type_id, type, date, created_at, customer_identification, customer_branch_office FROM vouchers) r
  JOIN companies co ON co.company_id = r.company_id
 CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1),
                            ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                            ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                    ) AS k(dim, day, identification, branch_office)
 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open)
SELECT d.company_id, d.customer_id, coalesce(i.document->'currency'->>'code', 'COP'), d.due_date, sum(d.amount - d.paid)
  FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
 WHERE NOT d.annulled
 GROUP BY 1, 2, 3, 4;

INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
SELECT l.company_id, l.account_code, e.date, sum(l.debit), sum(l.credit)
  FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
 GROUP BY 1, 2, 3;
