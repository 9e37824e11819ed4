-- Webhook deliveries are their own queue (src/webhooks/dispatch.ts): a creation's event writes its delivery row and no
-- outbox job, and the dispatcher claims due deliveries in batches (FOR UPDATE SKIP LOCKED, a claim that expires),
-- sends them in parallel per receiver and records them with one statement.
ALTER TABLE webhook_deliveries
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN locked_until timestamptz;
-- The webhook jobs queued before this migration: their delivery keeps its next attempt, the job goes.
UPDATE webhook_deliveries d SET next_attempt_at = o.next_attempt_at
  FROM outbox o WHERE o.kind = 'webhook' AND o.ref_id = d.id AND d.status = 'pending';
DELETE FROM outbox WHERE kind = 'webhook';
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
