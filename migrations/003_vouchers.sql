-- Cash receipt vouchers (CO) and the due items each one paid.

CREATE TABLE vouchers (
  company_id              integer NOT NULL REFERENCES companies (company_id),
  id                      uuid PRIMARY KEY,
  document_type_id        integer NOT NULL REFERENCES document_types (id),
  prefix                  text NOT NULL,
  number                  bigint NOT NULL,
  name                    text NOT NULL,
  date                    date NOT NULL,
  type                    text NOT NULL CHECK (type IN ('DebtPayment', 'AdvancePayment', 'Detailed')),
  customer_id             integer REFERENCES customers (id),
  customer_identification text,
  customer_branch_office  integer,
  total                   numeric(18, 2) NOT NULL,
  annulled                boolean NOT NULL DEFAULT false,
  partner_id              text,
  document                jsonb NOT NULL,                -- the answer as created
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
-- The last line of defence of numbering (the name ends in _number: a clash is answered duplicated_document).
CREATE UNIQUE INDEX vouchers_number ON vouchers (company_id, document_type_id, number);
CREATE INDEX vouchers_customer ON vouchers (company_id, customer_identification, customer_branch_office);
CREATE INDEX vouchers_date ON vouchers (company_id, date);
CREATE INDEX vouchers_created ON vouchers (company_id, created_at);

-- What a voucher paid on each due item, so that its annulment gives back exactly that.
CREATE TABLE voucher_applications (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  voucher_id      uuid NOT NULL REFERENCES vouchers (id),
  due_item_id     bigint NOT NULL REFERENCES due_items (id),
  amount          numeric(18, 2) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (voucher_id, due_item_id)
);
CREATE INDEX voucher_applications_due ON voucher_applications (company_id, due_item_id);
