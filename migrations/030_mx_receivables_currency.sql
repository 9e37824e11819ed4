-- The receivables sums of Mexican invoices in pesos (issue 33, point 2).
-- track_receivables (migration 023) took an invoice without document.currency
-- as COP; a Mexican invoice has none (it is in pesos), so its open amounts
-- were summed under COP while the report's items (src/reports/receivables.ts)
-- said MXN: the unfiltered report, read from the sums, found no customer.
-- The trigger now defaults by the invoice's country, as the report does, and
-- the sums of Mexican companies are rebuilt from their due items.
CREATE OR REPLACE FUNCTION track_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open)
    SELECT r.company_id, r.customer_id, coalesce(i.document->'currency'->>'code', CASE i.country WHEN 'MX' THEN 'MXN' ELSE 'COP' END), r.due_date,
           sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END)
      FROM (%s) r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END) <> 0$q$, src);
  RETURN NULL;
END $fn$;

DELETE FROM receivable_pending WHERE company_id IN (SELECT company_id FROM companies WHERE country = 'MX');
DELETE FROM receivable_customers WHERE company_id IN (SELECT company_id FROM companies WHERE country = 'MX');
DELETE FROM receivable_dues WHERE company_id IN (SELECT company_id FROM companies WHERE country = 'MX');
INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open)
SELECT d.company_id, d.customer_id, coalesce(i.document->'currency'->>'code', 'MXN'), d.due_date, sum(d.amount - d.paid)
  FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
 WHERE NOT d.annulled AND i.company_id IN (SELECT company_id FROM companies WHERE country = 'MX')
 GROUP BY 1, 2, 3, 4
HAVING sum(d.amount - d.paid) <> 0;
