-- Webhooks (issue 21): a company's subscriptions to its documents' events, and
-- one delivery per event and subscription, queued in the transaction that
-- changed the document and sent from the outbox (kind `webhook`).
CREATE TABLE webhooks (
  company_id   integer NOT NULL REFERENCES companies (company_id),
  id           uuid PRIMARY KEY,
  url          text NOT NULL,
  events       text[] NOT NULL,                 -- '<document>.<event>', or '*' for every event
  description  text,
  active       boolean NOT NULL DEFAULT true,
  secret       text NOT NULL,                   -- the HMAC-SHA256 key of Webhook-Signature (shown once, at creation)
  deleted      boolean NOT NULL DEFAULT false,  -- DELETE keeps the row: its deliveries stay readable
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_company ON webhooks (company_id) WHERE active AND NOT deleted;

CREATE TABLE webhook_deliveries (
  company_id    integer NOT NULL REFERENCES companies (company_id),
  id            uuid PRIMARY KEY,
  seq           bigserial NOT NULL,               -- the order of events, per document
  webhook_id    uuid NOT NULL REFERENCES webhooks (id),
  event_id      uuid NOT NULL,                    -- the same in every delivery of one event, and on every retry
  type          text NOT NULL,
  doc_kind      text NOT NULL,
  doc_id        text NOT NULL,
  body          text,                             -- the JSON sent, fixed at the first attempt
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts      integer NOT NULL DEFAULT 0,
  response_status integer,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at  timestamptz
);
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (company_id, webhook_id, seq DESC);
CREATE INDEX webhook_deliveries_doc ON webhook_deliveries (webhook_id, doc_id, seq) WHERE status = 'pending';

-- A subscription changed: every process drops the company it keeps with its tokens,
-- so that the next request knows whether creations must emit their event.
CREATE TRIGGER company_changed AFTER INSERT OR UPDATE OR DELETE ON webhooks FOR EACH ROW EXECUTE FUNCTION notify_company_changed();
