-- The ledger's and the receivables' insert triggers (migrations 053 and 079) join the rows a statement inserted to a
-- big table: journal lines to their entries (for the day), due items to their invoices (for the currency). PL/pgSQL
-- plans a static statement once per connection and keeps that plan until the table's statistics change (or the
-- connection's session_replication_role does), so the plan fits the sizes of the call that made it. A connection whose
-- first call was a creation keeps a plan that looks rows up by key, right for a few rows; one whose first call was a
-- batch of thousands of rows on small tables (a bulk load's first batch, by a user who is not a superuser) keeps one
-- that reads the whole big table, and reads it again for every batch while the table grows.
-- A statement that inserted more than 200 rows (a batch) now has its join planned for its own size and the tables'
-- (EXECUTE: a plan of a fraction of a millisecond, nothing beside a batch's statement); fewer rows (a creation, a
-- group-commit batch) keep the static statement and its kept plan. What is written is the same.

CREATE OR REPLACE FUNCTION track_inserted_ledger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- As track_ledger() (migration 023) for an INSERT.
  IF EXISTS (SELECT FROM new_rows OFFSET 200) THEN
    EXECUTE $q$
      INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
      SELECT l.company_id, l.account_code, e.date, sum(l.debit), sum(l.credit)
        FROM new_rows l JOIN journal_entries e ON e.id = l.entry_id
       GROUP BY 1, 2, 3$q$;
  ELSE
    INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
    SELECT l.company_id, l.account_code, e.date, sum(l.debit), sum(l.credit)
      FROM new_rows l JOIN journal_entries e ON e.id = l.entry_id
     GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION track_inserted_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- As track_receivables() for an INSERT.
  IF EXISTS (SELECT FROM new_rows OFFSET 200) THEN
    EXECUTE $q$
      INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
      SELECT r.company_id, r.customer_id, i.currency_code, r.due_date,
             sum(CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
        FROM new_rows r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
       GROUP BY 1, 2, 3, 4, 6$q$;
  ELSE
    INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
    SELECT r.company_id, r.customer_id, i.currency_code, r.due_date,
           sum(CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
      FROM new_rows r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
     GROUP BY 1, 2, 3, 4, 6;
  END IF;
  RETURN NULL;
END $fn$;
