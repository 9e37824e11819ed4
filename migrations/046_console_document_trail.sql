-- The operator console's document page lists the webhook deliveries of one document (any status):
-- an index by company and document so that it stays an index lookup with millions of deliveries.
CREATE INDEX webhook_deliveries_company_doc ON webhook_deliveries (company_id, doc_id, seq);
