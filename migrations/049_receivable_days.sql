-- The accounts-receivable report as of any day (issue 37, point 6), kept per
-- day instead of found by scanning the due items dated after (or up to) it.
--
-- An item's open amount on day D (what src/reports/receivables.ts counts:
-- owed on D, less what receipts, payment receipts and credit notes dated up
-- to D and not annulled by D paid on it, when above zero) changes only on the
-- days its documents are dated or annulled. receivable_steps keeps, per item,
-- the change of that amount on each such day; receivable_day_dues sums them
-- per currency, due date and day (the report's totals on D are the sums of
-- the days up to D, per due date), and receivable_customer_spans keeps, per
-- customer and currency, the runs of days on which something is open (the
-- report's pages on D are the spans that contain D).
--
-- The writing statements only add the changed item's id to receivable_pending
-- (the trigger of migration 023, one row per item instead of per due date);
-- foldReceivables (src/reports/receivable-days.ts) recomputes the steps of the
-- items it moves, and of every item above receivable_step_marks.upto (items
-- written with the triggers off, as bulk-demo does, and those of a database
-- older than this migration: the first fold builds them).
ALTER TABLE receivable_pending ADD COLUMN due_item_id bigint;

CREATE OR REPLACE FUNCTION track_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
    SELECT r.company_id, r.customer_id, coalesce(i.document->'currency'->>'code', CASE i.country WHEN 'MX' THEN 'MXN' ELSE 'COP' END), r.due_date,
           sum(r.sign * CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
      FROM (%s) r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
     GROUP BY 1, 2, 3, 4, 6$q$, src);
  RETURN NULL;
END $fn$;

CREATE TABLE receivable_steps (
  company_id    integer NOT NULL,
  due_item_id   bigint NOT NULL,
  day           date NOT NULL,
  delta         numeric(18, 2) NOT NULL,
  customer_id   integer NOT NULL,
  currency      text NOT NULL,
  due_date      date NOT NULL,
  PRIMARY KEY (company_id, due_item_id, day)
);
CREATE INDEX receivable_steps_customer ON receivable_steps (company_id, customer_id, currency);

CREATE TABLE receivable_day_dues (
  company_id    integer NOT NULL,
  currency      text NOT NULL,
  day           date NOT NULL,
  due_date      date NOT NULL,
  delta         numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, day, currency, due_date)
);

CREATE TABLE receivable_customer_spans (
  company_id    integer NOT NULL,
  customer_id   integer NOT NULL,
  currency      text NOT NULL,
  from_day      date NOT NULL,
  until_day     date,                        -- the first day nothing is open again; NULL: still open
  PRIMARY KEY (company_id, customer_id, currency, from_day)
);

CREATE TABLE receivable_step_marks (
  company_id    integer PRIMARY KEY,
  upto          bigint NOT NULL              -- every due item up to this id has its steps (or a pending row)
);
