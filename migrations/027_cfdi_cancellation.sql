-- Cancelling a stamped CFDI with the SAT (invoices and payment receipts):
-- the request and its state on the document, {status, motive, substitution,
-- requested_at, updated_at, errors}; status Requested, PendingAcceptance,
-- Cancelled or Rejected. Only Cancelled annuls the document.
ALTER TABLE invoices ADD COLUMN cancellation jsonb;
ALTER TABLE payments ADD COLUMN cancellation jsonb;

-- The sandbox provider's side of cancellations (what the SAT would hold): one
-- row per CFDI whose cancellation it received, where a receiver's acceptance is
-- awaited and answered (npm run cli -- sat-receiver).
CREATE TABLE sandbox_cancellations (
  uuid            text PRIMARY KEY,
  issuer_rfc      text NOT NULL,
  receiver_rfc    text NOT NULL,
  motive          text NOT NULL,
  substitution    text,
  status          text NOT NULL CHECK (status IN ('PendingAcceptance', 'Cancelled', 'Rejected')),
  requested_at    timestamptz NOT NULL DEFAULT now(),
  answered_at     timestamptz
);

-- A substitute CFDI (motive 01) is found by its fiscal folio.
CREATE INDEX invoices_uuid ON invoices (company_id, stamp_uuid) WHERE stamp_uuid IS NOT NULL;
CREATE INDEX payments_uuid ON payments (company_id, stamp_uuid) WHERE stamp_uuid IS NOT NULL;
