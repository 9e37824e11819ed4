-- Webhook secret rotation (issue 35): POST /v1/webhooks/{id}/rotate-secret keeps the
-- secret it replaces valid until previous_secret_expires_at (WEBHOOK_SECRET_GRACE_HOURS,
-- 24 by default); meanwhile every delivery is signed with both.
ALTER TABLE webhooks ADD COLUMN previous_secret text;                     -- sealed like secret, under the same row identity
ALTER TABLE webhooks ADD COLUMN previous_secret_expires_at timestamptz;   -- after it, only secret signs
