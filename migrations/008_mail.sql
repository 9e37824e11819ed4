-- E-mail of invoices and vouchers. Each request to mail a document is a row of
-- `mails`, written in the transaction that asked for it and sent from the
-- outbox (kind `mail`, ref_id = mails.id). The document shows the state of its
-- latest mail in mail_status / mail_observations.
--   pending_send        waits for the tax authority to accept the invoice
--   process_of_sending  queued, being sent, or retried after a failure
--   sent                the SMTP server accepted it (or the .eml was written)
--   failed_delivery     given up; mail_observations says why

ALTER TABLE invoices ADD COLUMN mail_observations text;
ALTER TABLE vouchers ADD COLUMN mail_status text NOT NULL DEFAULT 'not_sent';
ALTER TABLE vouchers ADD COLUMN mail_observations text;

CREATE TABLE mails (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  id              uuid PRIMARY KEY,
  doc_kind        text NOT NULL CHECK (doc_kind IN ('invoice', 'voucher')),
  doc_id          uuid NOT NULL,
  mail_to         jsonb,                          -- addresses; NULL = the customer's contact e-mails
  copy_to         jsonb NOT NULL DEFAULT '[]'::jsonb,
  status          text NOT NULL CHECK (status IN ('pending_send', 'process_of_sending', 'sent', 'failed_delivery')),
  message_id      text NOT NULL,                  -- the same on every attempt
  observations    text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mails_doc ON mails (company_id, doc_kind, doc_id, created_at);
