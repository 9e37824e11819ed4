-- The operator console's reads of mails and webhook deliveries, at a million
-- documents (issue 38, point 4). None of them grows with the books any more:
--
-- A document's page reads its e-mails by company and document (src/console/trail.ts:
-- company_id = $1 AND doc_id = $2, any kind). mails_doc led with the kind, so
-- that read walked every mail of the company; led by the document instead, it
-- serves that read and the mail store's (company, kind, document) ones alike,
-- with no index more to write.
DROP INDEX mails_doc;
CREATE INDEX mails_doc ON mails (company_id, doc_id, doc_kind, created_at);

-- Home counts the failed e-mails and webhook deliveries: from indexes of those
-- rows only (a delivered or sent row is not in them), not from every row.
CREATE INDEX mails_failed ON mails (company_id) WHERE status = 'failed_delivery';
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (company_id) WHERE status = 'failed';
