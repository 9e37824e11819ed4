-- The receivables report's page (src/reports/receivables.ts) reads the steps of
-- its customers up to the day: by (company, customer, day), with the item, its
-- change, currency and due date in the index, so that the read is index-only
-- (no heap row per step; the due date gives the console's totals by age). The
-- runs of open days per customer (src/reports/receivable-days.ts) read the same
-- columns of the same customers. It replaces receivable_steps_customer
-- (company, customer, currency), which served both from the table.
CREATE INDEX receivable_steps_customer_day ON receivable_steps (company_id, customer_id, day) INCLUDE (due_item_id, delta, currency, due_date);
DROP INDEX receivable_steps_customer;
