-- The console's documents list at scale (issue 52): its totals row (how many invoices the filter holds, the sums of the
-- live ones' totals and balances) read every matching entry of invoices_date, an index-only scan that grows with the
-- invoices (151-196 ms p99 at 300,000 for the whole list). The same figures are now kept per company, day, document
-- type, authority status and state, as the sales are (migration 076): a writing statement only appends its change to
-- list_totals_pending (no row shared between writers: no lock, no deadlock); foldListTotals()
-- (src/reports/list-totals.ts) moves the pending rows into list_totals; the list (src/console/totals.ts) reads both
-- when its filter is one the keys can answer (no filter, a date range, a type, an authority status, and the statuses
-- issued, draft, pending, rejected, paid and annulled), and the invoices otherwise.
--
-- state: 'a' annulled or cancelled by the authority (counted, but not in the sums: the list's "live" condition),
-- 'p' live and paid (balance 0), 'o' live and still owed. A payment changes the balance, so it is kept too.
CREATE TABLE list_totals_pending (
  company_id        integer NOT NULL REFERENCES companies (company_id),
  date              date NOT NULL,
  document_type_id  integer NOT NULL,
  stamp_status      text NOT NULL,
  state             "char" NOT NULL,
  n                 bigint NOT NULL,
  total             numeric(18, 2) NOT NULL,
  balance           numeric(18, 2) NOT NULL
);
CREATE INDEX list_totals_pending_company ON list_totals_pending (company_id);
CREATE TABLE list_totals (
  company_id        integer NOT NULL REFERENCES companies (company_id),
  date              date NOT NULL,
  document_type_id  integer NOT NULL,
  stamp_status      text NOT NULL,
  state             "char" NOT NULL,
  n                 bigint NOT NULL,
  total             numeric(18, 2) NOT NULL,
  balance           numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, date, document_type_id, stamp_status, state)
);

-- Creations: static SQL over the statement's new rows (as migration 076's).
CREATE FUNCTION track_inserted_list_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance)
  SELECT r.company_id, r.date, r.document_type_id, r.stamp_status,
         CASE WHEN r.annulled OR r.cancelled THEN 'a' WHEN r.balance = 0 THEN 'p' ELSE 'o' END, count(*), sum(r.total), sum(r.balance)
    FROM new_rows r WHERE r.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $fn$;

-- An update that changes a key or a sum (a payment, the authority's answer, an annulment or cancellation, a deletion,
-- an edit of a draft): the row's old part out, its new part in. A row trigger with a WHEN clause: e-mails and the
-- other updates do not run it.
CREATE FUNCTION track_updated_list_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance)
  SELECT OLD.company_id, OLD.date, OLD.document_type_id, OLD.stamp_status,
         CASE WHEN OLD.annulled OR OLD.cancelled THEN 'a' WHEN OLD.balance = 0 THEN 'p' ELSE 'o' END, -1, -OLD.total, -OLD.balance
   WHERE OLD.deleted_at IS NULL
  UNION ALL
  SELECT NEW.company_id, NEW.date, NEW.document_type_id, NEW.stamp_status,
         CASE WHEN NEW.annulled OR NEW.cancelled THEN 'a' WHEN NEW.balance = 0 THEN 'p' ELSE 'o' END, 1, NEW.total, NEW.balance
   WHERE NEW.deleted_at IS NULL;
  RETURN NULL;
END $fn$;

CREATE FUNCTION track_deleted_list_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance)
  SELECT r.company_id, r.date, r.document_type_id, r.stamp_status,
         CASE WHEN r.annulled OR r.cancelled THEN 'a' WHEN r.balance = 0 THEN 'p' ELSE 'o' END, -count(*), -sum(r.total), -sum(r.balance)
    FROM old_rows r WHERE r.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $fn$;

CREATE TRIGGER list_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_inserted_list_totals();
CREATE TRIGGER list_totals_update AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (ROW(OLD.company_id, OLD.date, OLD.document_type_id, OLD.stamp_status, OLD.annulled, OLD.cancelled, OLD.total, OLD.balance, OLD.deleted_at IS NULL)
       IS DISTINCT FROM ROW(NEW.company_id, NEW.date, NEW.document_type_id, NEW.stamp_status, NEW.annulled, NEW.cancelled, NEW.total, NEW.balance, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION track_updated_list_totals();
CREATE TRIGGER list_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION track_deleted_list_totals();
-- They hold whatever writes the rows, bulk-demo's replica-mode load included (as migrations 053's and 076's).
ALTER TABLE invoices ENABLE ALWAYS TRIGGER list_totals_insert;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER list_totals_update;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER list_totals_delete;

-- The sums of the invoices already written.
INSERT INTO list_totals (company_id, date, document_type_id, stamp_status, state, n, total, balance)
SELECT company_id, date, document_type_id, stamp_status,
       CASE WHEN annulled OR cancelled THEN 'a' WHEN balance = 0 THEN 'p' ELSE 'o' END, count(*), sum(total), sum(balance)
  FROM invoices WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;

-- The home's top customers of twelve months (src/console/home.ts) summed a row per customer and month of
-- sales_customers (19,329 rows at 300,000 invoices and 1,500 customers), which grows with the customers and months.
-- They are now kept per customer over the home's window, the twelve months from `since` (sales_windows, one row a
-- company): the fold of the sales (src/reports/sales.ts) adds its months from `since` on; when the month turns, the
-- first home rebuilds the window from sales_customers (once a month, under the fold's lock). The home reads the top
-- five (plus as many as pending customers) from the index below.
CREATE TABLE sales_windows (
  company_id   integer PRIMARY KEY REFERENCES companies (company_id),
  since        date NOT NULL
);
CREATE TABLE sales_customer_window (
  company_id   integer NOT NULL REFERENCES companies (company_id),
  customer_id  integer NOT NULL,
  currency     text NOT NULL,
  total        numeric(18, 2) NOT NULL,
  n            bigint NOT NULL,
  PRIMARY KEY (company_id, customer_id, currency)
);
CREATE INDEX sales_customer_window_top ON sales_customer_window (company_id, total DESC, customer_id, currency) INCLUDE (n);
