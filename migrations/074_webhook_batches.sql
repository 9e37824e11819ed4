-- A receiver may ask for several events in one POST (issue 53): up to max_events events, sent as a JSON array signed
-- as one body (src/webhooks/dispatch.ts); 1, the default, sends each event alone, as before.
ALTER TABLE webhooks ADD COLUMN max_events integer NOT NULL DEFAULT 1 CHECK (max_events BETWEEN 1 AND 100);
