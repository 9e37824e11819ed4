-- Electronic invoicing: what the tax authority answered, the signed XML, and
-- each company's signing credentials (PKCS#12).

ALTER TABLE invoices ADD COLUMN stamp_cufe text;
ALTER TABLE invoices ADD COLUMN stamp_errors jsonb;
ALTER TABLE invoices ADD COLUMN stamp_observations jsonb;
ALTER TABLE invoices ADD COLUMN xml text;

CREATE TABLE company_credentials (
  company_id      integer PRIMARY KEY REFERENCES companies (company_id),
  p12             text NOT NULL,              -- base64
  password        text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
