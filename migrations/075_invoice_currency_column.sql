-- The console's home at scale (issue 52). Its twelve months of sales (by month and currency, and by customer and
-- currency: src/console/home.ts) read the currency of each invoice of the year from its jsonb document, so PostgreSQL
-- read every one of those rows from the heap and de-toasted its document (300,000 invoices: a sequential scan of
-- 277,806 rows, 1.87 s). The currency is now a stored generated column, the same expression as before
-- (src/reports/receivable-sql.ts, CURRENCY), computed when the row is written: adding it rewrites the table once.
-- Named currency_code, not currency, so that no query joining invoices with a table that has a currency column
-- (due_items, receivable_dues, ...) becomes ambiguous.
-- Likewise whether the authority cancelled it (the console's list, src/console/sort.ts), so that the totals of the
-- whole list (the sums of the live invoices' totals and balances) need not read the table either. One rewrite for both.
ALTER TABLE invoices ADD COLUMN currency_code text
    GENERATED ALWAYS AS (coalesce(document->'currency'->>'code', CASE country WHEN 'MX' THEN 'MXN' ELSE 'COP' END)) STORED,
  ADD COLUMN cancelled boolean GENERATED ALWAYS AS (coalesce(cancellation->>'status' = 'Cancelled', false)) STORED;

-- invoices_date (migration 050) carries, beside the list's keys, what the year's sums need (customer and currency) and
-- what the list's totals need (balance and cancellation), so they are answered from the index alone (an index-only scan
-- of the company's months, or of all its invoices). It replaces the former one rather than adding a second index over
-- the same keys: an invoice written still updates one index on its date. (A payment changing the balance already
-- updates every index of the row: the balance is in invoices_balance_sort, migration 068.)
DROP INDEX invoices_date;
CREATE INDEX invoices_date ON invoices (company_id, date, created_at, number, id)
  INCLUDE (document_type_id, total, annulled, customer_id, currency_code, balance, cancelled) WHERE deleted_at IS NULL;
