-- The console's home at scale (issue 52): its sales by month for twelve months, its top customers by sales and this
-- month's figure summed the year's invoices on every visit (one pass over invoices_date's range of the company, which
-- grows with the year's invoices: 208 ms p99 at 100,000). They are now kept, as the receivables are (migration 023):
-- a writing statement only appends its change to sales_pending (no row shared between writers, so no lock and no
-- deadlock); foldSales() (src/reports/sales.ts) moves the pending rows into the sums; the home reads both.
--
-- What is counted is what the home counted: the invoices not deleted and not annulled (an annulment or the SAT's
-- cancellation sets annulled), each in the month of its date, by its customer and its currency (the column
-- currency_code, migration 075); notes are not sales here, as before.
CREATE TABLE sales_pending (
  company_id   integer NOT NULL REFERENCES companies (company_id),
  month        date NOT NULL,
  customer_id  integer NOT NULL,
  currency     text NOT NULL,
  total        numeric(18, 2) NOT NULL,
  n            bigint NOT NULL
);
CREATE INDEX sales_pending_company ON sales_pending (company_id);
-- Per month and currency (the chart of sales by month and this month's card: twelve rows a currency).
CREATE TABLE sales_months (
  company_id   integer NOT NULL REFERENCES companies (company_id),
  month        date NOT NULL,
  currency     text NOT NULL,
  total        numeric(18, 2) NOT NULL,
  n            bigint NOT NULL,
  PRIMARY KEY (company_id, month, currency)
);
-- Per month, customer and currency (the top customers of the twelve months: a row per customer who bought in a month).
CREATE TABLE sales_customers (
  company_id   integer NOT NULL REFERENCES companies (company_id),
  month        date NOT NULL,
  customer_id  integer NOT NULL,
  currency     text NOT NULL,
  total        numeric(18, 2) NOT NULL,
  n            bigint NOT NULL,
  PRIMARY KEY (company_id, month, customer_id, currency)
);

-- Creations (what most writes are): static SQL over the statement's new rows, planned once (as migration 053's).
CREATE FUNCTION track_inserted_sales() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sales_pending (company_id, month, customer_id, currency, total, n)
  SELECT r.company_id, date_trunc('month', r.date)::date, r.customer_id, r.currency_code, sum(r.total), count(*)
    FROM new_rows r WHERE r.deleted_at IS NULL AND NOT r.annulled
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $fn$;

-- An update that changes what is counted (an annulment, a deletion, an edit of a draft's date, customer or total): the
-- row's old part out, its new part in. A row trigger with a WHEN clause: the updates that change none of it (payments'
-- balances, the authority's answers, e-mails) do not run it.
CREATE FUNCTION track_updated_sales() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sales_pending (company_id, month, customer_id, currency, total, n)
  SELECT OLD.company_id, date_trunc('month', OLD.date)::date, OLD.customer_id, OLD.currency_code, -OLD.total, -1
   WHERE OLD.deleted_at IS NULL AND NOT OLD.annulled
  UNION ALL
  SELECT NEW.company_id, date_trunc('month', NEW.date)::date, NEW.customer_id, NEW.currency_code, NEW.total, 1
   WHERE NEW.deleted_at IS NULL AND NOT NEW.annulled;
  RETURN NULL;
END $fn$;

CREATE FUNCTION track_deleted_sales() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sales_pending (company_id, month, customer_id, currency, total, n)
  SELECT r.company_id, date_trunc('month', r.date)::date, r.customer_id, r.currency_code, -sum(r.total), -count(*)
    FROM old_rows r WHERE r.deleted_at IS NULL AND NOT r.annulled
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $fn$;

CREATE TRIGGER sales_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_inserted_sales();
CREATE TRIGGER sales_update AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (ROW(OLD.company_id, OLD.date, OLD.customer_id, OLD.currency_code, OLD.total, OLD.annulled, OLD.deleted_at IS NULL)
       IS DISTINCT FROM ROW(NEW.company_id, NEW.date, NEW.customer_id, NEW.currency_code, NEW.total, NEW.annulled, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION track_updated_sales();
CREATE TRIGGER sales_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION track_deleted_sales();
-- They hold whatever writes the rows, bulk-demo's replica-mode load included (as migration 053's).
ALTER TABLE invoices ENABLE ALWAYS TRIGGER sales_insert;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER sales_update;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER sales_delete;

-- The sums of the invoices already written.
INSERT INTO sales_months (company_id, month, currency, total, n)
SELECT company_id, date_trunc('month', date)::date, currency_code, sum(total), count(*)
  FROM invoices WHERE deleted_at IS NULL AND NOT annulled GROUP BY 1, 2, 3;
INSERT INTO sales_customers (company_id, month, customer_id, currency, total, n)
SELECT company_id, date_trunc('month', date)::date, customer_id, currency_code, sum(total), count(*)
  FROM invoices WHERE deleted_at IS NULL AND NOT annulled GROUP BY 1, 2, 3, 4;

-- The console's list at scale (issue 52), measured at 300,000 invoices on PostgreSQL (docs/internals.md, "Scale").
-- Sorted by status: the rank (src/console/sort.ts, keySql) reads whether the document type is plain, another table, so
-- the sort ranked every invoice of the company (570 ms). This index holds the rank with every draft as a 3 (plain or
-- not: the statement tells them apart by their type, carried here) and the list walks each rank by id (statusWalks).
-- The expression must stay the same as STATUS_INDEXED there.
CREATE INDEX invoices_status_sort ON invoices (company_id, (CASE WHEN annulled OR cancelled THEN 9 WHEN stamp_status = 'Rejected' THEN 1
  WHEN stamp_status = 'Pending' THEN 2 WHEN stamp_status = 'Draft' THEN 3 WHEN balance > 0 THEN 4 ELSE 5 END), id)
  INCLUDE (balance, document_type_id) WHERE deleted_at IS NULL;
-- The overdue filter walks the invoices in the list's order and asks each one owing something whether an installment
-- of it is past due and unpaid: the open installments by invoice, with their due date, answer it from this index alone
-- (it holds only what is open: a few percent of the due items).
CREATE INDEX due_items_open_invoice ON due_items (company_id, invoice_id) INCLUDE (due_date) WHERE NOT annulled AND paid < amount;
