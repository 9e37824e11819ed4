-- Lean writes (issue 37, point 3): the statement triggers that keep the list
-- counts, the receivables and the ledger sums fire once per writing statement
-- (once per batch under group commit). Their functions built their SQL as
-- text at every call (EXECUTE format(…)), so every creation paid the parse
-- and plan of three statements beside its own. On INSERT, what creations do,
-- they now run static SQL, which PL/pgSQL plans once per trigger and keeps.
-- The UPDATE and DELETE triggers (edits, annulments, deletions, payments)
-- keep the general functions of migrations 023, 025 and 049. What each
-- writes is unchanged: an inserted row counts +1, as changed_rows('INSERT')
-- gave it.

CREATE FUNCTION count_inserted_documents() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- The same rows as count_documents() for an INSERT; the subtype is the voucher's type or the note's kind.
  IF TG_TABLE_NAME = 'vouchers' THEN
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
    SELECT r.company_id, 'vouchers', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, r.type, count(*)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_TABLE_NAME = 'notes' THEN
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
    SELECT r.company_id, 'notes', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, r.kind, count(*)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_TABLE_NAME = 'invoices' THEN
    -- only the live rows: a deleted one is in no list
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
    SELECT r.company_id, 'invoices', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, '', count(*)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     WHERE r.deleted_at IS NULL
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n)
    SELECT r.company_id, TG_TABLE_NAME, k.dim, k.day, k.identification, k.branch_office, r.document_type_id, '', count(*)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $fn$;

CREATE FUNCTION track_inserted_receivables() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- As track_receivables() (migration 049) for an INSERT.
  INSERT INTO receivable_pending (company_id, customer_id, currency, due_date, open, due_item_id)
  SELECT r.company_id, r.customer_id, coalesce(i.document->'currency'->>'code', CASE i.country WHEN 'MX' THEN 'MXN' ELSE 'COP' END), r.due_date,
         sum(CASE WHEN r.annulled THEN 0 ELSE r.amount - r.paid END), r.id
    FROM new_rows r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id
   GROUP BY 1, 2, 3, 4, 6;
  RETURN NULL;
END $fn$;

CREATE FUNCTION track_inserted_ledger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- As track_ledger() (migration 023) for an INSERT.
  INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
  SELECT l.company_id, l.account_code, e.date, sum(l.debit), sum(l.credit)
    FROM new_rows l JOIN journal_entries e ON e.id = l.entry_id
   GROUP BY 1, 2, 3;
  RETURN NULL;
END $fn$;

DROP TRIGGER counts_insert ON invoices;
DROP TRIGGER counts_insert ON vouchers;
DROP TRIGGER counts_insert ON notes;
DROP TRIGGER counts_insert ON payments;
DROP TRIGGER receivables_insert ON due_items;
DROP TRIGGER ledger_insert ON journal_lines;
CREATE TRIGGER counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_documents();
CREATE TRIGGER counts_insert AFTER INSERT ON vouchers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_documents();
CREATE TRIGGER counts_insert AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_documents();
CREATE TRIGGER counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_documents();
CREATE TRIGGER receivables_insert AFTER INSERT ON due_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_inserted_receivables();
CREATE TRIGGER ledger_insert AFTER INSERT ON journal_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_inserted_ledger();
-- They hold whatever writes the rows, bulk-demo's replica-mode load included (migration 023).
ALTER TABLE invoices ENABLE ALWAYS TRIGGER counts_insert;
ALTER TABLE vouchers ENABLE ALWAYS TRIGGER counts_insert;
ALTER TABLE notes ENABLE ALWAYS TRIGGER counts_insert;
ALTER TABLE payments ENABLE ALWAYS TRIGGER counts_insert;
ALTER TABLE due_items ENABLE ALWAYS TRIGGER receivables_insert;
ALTER TABLE journal_lines ENABLE ALWAYS TRIGGER ledger_insert;
