-- Annulments are dated (issue 15): the reversal entry is posted on the day of
-- the annulment (today in the company's time zone, never before the document's
-- own date), and the receivables as of an earlier day still see the document.
ALTER TABLE invoices ADD COLUMN annulled_on date;
ALTER TABLE vouchers ADD COLUMN annulled_on date;
-- Annulments made before this migration were reversed on the document's own date.
UPDATE invoices SET annulled_on = date WHERE annulled;
UPDATE vouchers SET annulled_on = date WHERE annulled;

-- The company setting seller_by_item now requires a seller on every invoice
-- line (README, "Company settings"); the demo company stored it as true while it
-- did nothing, so existing demo databases keep behaving as before.
UPDATE companies SET settings = jsonb_set(settings, '{seller_by_item}', 'false'::jsonb)
 WHERE is_demo AND country = 'CO' AND settings->>'seller_by_item' = 'true';
