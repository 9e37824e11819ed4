-- Webhook deliveries derived from the events (issue 53): a creation with webhooks writes its event row and nothing
-- else; the dispatcher (src/webhooks/dispatch.ts, fanout.ts) reads the events past its position, joins them with the
-- subscriptions, sends them, and writes each delivery's row once, with its outcome, in one statement per claim.
-- `xid`: the writing transaction, so that the dispatcher takes an event only once every transaction that could still
-- write one before it has ended (pg_snapshot_xmin), whatever order they commit in. `event_id`: the id a receiver sees
-- (Webhook-Id), fixed with the event. Both NULL on the events written before this migration (never fanned out again).
ALTER TABLE events ADD COLUMN xid xid8, ADD COLUMN event_id uuid;
ALTER TABLE events ALTER COLUMN xid SET DEFAULT pg_current_xact_id(), ALTER COLUMN event_id SET DEFAULT gen_random_uuid();
CREATE INDEX events_dispatch ON events (xid, id);
-- The dispatcher's position (the last event fanned out, in (xid, id) order) and its lease: one process at a time fans
-- out (a lease that expires, for a process that died); the bodies of the claim in flight are kept here before the
-- first POST, so that after a crash they are sent again with the same bytes.
CREATE TABLE webhook_dispatch (
  id            integer PRIMARY KEY CHECK (id = 1),
  xid           xid8 NOT NULL,
  event         bigint NOT NULL,
  lease         uuid,
  locked_until  timestamptz,
  inflight_keys text[],
  inflight_bodies text[]
);
INSERT INTO webhook_dispatch (id, xid, event) VALUES (1, '0', 0);
