-- The bodies of the webhook claim in flight (migration 082) are kept deflated (raw DEFLATE of the same JSON object of
-- delivery id to body, made by the service, not by the database), about a fifth of their size: the database thread of
-- the embedded PGlite, the one that sets how fast it creates documents, wrote some 3.5 kB of text a delivery for them
-- (npm run bench:webhook-cost). Stored as it is (EXTERNAL): deflated bytes do not compress again. A claim in flight at
-- the upgrade keeps its text in `inflight`, read as before; every claim from now on writes `inflight_deflated`.
ALTER TABLE webhook_dispatch ADD COLUMN inflight_deflated bytea;
ALTER TABLE webhook_dispatch ALTER COLUMN inflight_deflated SET STORAGE EXTERNAL;
