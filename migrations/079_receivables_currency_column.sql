-- Bulk loading in minutes (issue 53): the triggers that record what due items owe (migrations 049 and 053) read each
-- item's currency from its invoice's jsonb document, so every due item written or paid de-toasted (and decompressed)
-- its invoice's document: in an invoices' batch statement of 4,254 invoices (1,712 due items) the insert trigger took
-- 97 ms, a tenth of the statement. They now read the stored column currency_code (migration 075), the same
-- expression computed when the invoice was written. Nothing else changes.
CREATE OR REPLACE FUNCTION track_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
    SELECT r.company_id, r.customer_id, i.currency_code, r.due_date,
           sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
      FROM (%s) r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
     GROUP BY 1, 2, 3, 4, 6$q$, src);
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION track_inserted_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- As track_receivables() for an INSERT.
  INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
  SELECT r.company_id, r.customer_id, i.currency_code, r.due_date,
         sum(CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
    FROM new_rows r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
   GROUP BY 1, 2, 3, 4, 6;
  RETURN NULL;
END $fn$;
