-- Mexican sales tickets (issue 51, docs/mexico.md "Tickets"): a sale at the counter, not a CFDI. Each ticket has a
-- folio of the company's own consecutive (ticket_counters, taken in the writing transaction), its lines and figures
-- (document), the SHA-256 of its self-invoicing key (never the key), and the invoice that declared it: the global
-- invoice (global_invoice_id) or its own CFDI (self_invoice_id). A ticket counts as in an invoice only while that
-- invoice is live (neither annulled, cancelled nor deleted): cancelling a global invoice frees its tickets.
CREATE TABLE ticket_counters (
  company_id      integer PRIMARY KEY REFERENCES companies (company_id),
  last_folio      bigint NOT NULL DEFAULT 0
);

CREATE TABLE tickets (
  company_id        integer NOT NULL REFERENCES companies (company_id),
  id                uuid NOT NULL,
  folio             bigint NOT NULL,
  date              date NOT NULL,
  branch            text,
  payment_form      text NOT NULL,
  total             numeric(18, 2) NOT NULL,
  key_hash          text NOT NULL,
  self_invoice_until date NOT NULL,
  document          jsonb NOT NULL,
  global_invoice_id uuid,
  self_invoice_id   uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, folio)
);
CREATE INDEX tickets_date ON tickets (company_id, date, folio);
CREATE INDEX tickets_global_invoice ON tickets (company_id, global_invoice_id) WHERE global_invoice_id IS NOT NULL;
