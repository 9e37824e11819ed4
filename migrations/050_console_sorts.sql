-- The operator console's pages at a million invoices (issue 38, point 4).
--
-- The documents list sorts by date, number or total in keyset pages
-- (src/console/sort.ts: ORDER BY key, id after the cursor's (key, id)). Date
-- is served by invoices_date (a day's rows sorted by id); number and total
-- had no index, so each page sorted the whole company's documents. Invoices
-- and cash receipts are the documents that grow to hundreds of thousands;
-- notes and Mexican payment receipts stay few and are sorted as they are.
CREATE INDEX invoices_number_sort ON invoices (company_id, number, id) WHERE deleted_at IS NULL;
CREATE INDEX invoices_total_sort ON invoices (company_id, total, id) WHERE deleted_at IS NULL;
CREATE INDEX vouchers_number_sort ON vouchers (company_id, number, id);
CREATE INDEX vouchers_total_sort ON vouchers (company_id, total, id);

-- The home page: this month's invoiced total and count read from the date
-- index alone (the total and the annulment carried in it), and the invoices
-- waiting for or rejected by the tax authority from an index of those only.
DROP INDEX invoices_date;
CREATE INDEX invoices_date ON invoices (company_id, date, created_at, number, id) INCLUDE (document_type_id, total, annulled) WHERE deleted_at IS NULL;
CREATE INDEX invoices_stamp_open ON invoices (company_id, stamp_status) WHERE deleted_at IS NULL AND stamp_status IN ('Pending', 'Rejected');
