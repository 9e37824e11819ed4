-- The bodies of the webhook claim in flight, kept before its first POST so that a crash leaves the same bytes to send
-- again (src/webhooks/fanout.ts), as one text: a JSON object of each delivery's id to its body. Written as one value
-- with no array to parse, read once per claim (not once per delivery); a claim in flight at the upgrade keeps its bodies.
-- Stored uncompressed (EXTERNAL): the text lives for one claim, and compressing some 700 kB per claim of 200 cost PGlite
-- about 90 µs per delivery (npm run bench:webhook-cost: keep 134 µs compressed, 47 µs not).
ALTER TABLE webhook_dispatch ADD COLUMN inflight text;
ALTER TABLE webhook_dispatch ALTER COLUMN inflight SET STORAGE EXTERNAL;
UPDATE webhook_dispatch SET inflight = (SELECT json_object_agg(i.k, i.body)::text FROM unnest(inflight_keys, inflight_bodies) AS i(k, body))
 WHERE inflight_keys IS NOT NULL;
ALTER TABLE webhook_dispatch DROP COLUMN inflight_keys, DROP COLUMN inflight_bodies;
