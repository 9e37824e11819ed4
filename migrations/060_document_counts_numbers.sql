-- The console's documents sorted by number with a one-ended date range
-- (`to=X` descending, `from=X` ascending) walk the number index from its
-- open end. Numbers follow dates only loosely (back-dated invoices, several
-- numberings), so the walk passed every document on the other side of X:
-- half the book at a million invoices (337-373 ms). Beside each day's count,
-- document_counts now keeps the lowest and highest number counted that day.
-- Every document dated up to X then has a number at most the highest of the
-- maxima of the days up to X, and every one dated from X on at least the
-- lowest of the minima from X on: bounds that hold however back-dated a
-- document is. A deletion leaves them as they were (still bounds, only less
-- tight); a document moved to another day widens the new day's.

ALTER TABLE document_counts ADD COLUMN lo bigint, ADD COLUMN hi bigint;

-- What the books already hold (the same rows as count_documents() counts).
UPDATE document_counts c SET lo = r.lo, hi = r.hi
  FROM (SELECT company_id, 'invoices' AS kind, date, document_type_id, '' AS subtype, min(number) AS lo, max(number) AS hi
          FROM invoices WHERE deleted_at IS NULL GROUP BY 1, 3, 4
        UNION ALL
        SELECT company_id, 'vouchers', date, document_type_id, type, min(number), max(number) FROM vouchers GROUP BY 1, 3, 4, 5
        UNION ALL
        SELECT company_id, 'notes', date, document_type_id, kind, min(number), max(number) FROM notes GROUP BY 1, 3, 4, 5
        UNION ALL
        SELECT company_id, 'payments', date, document_type_id, '', min(number), max(number) FROM payments GROUP BY 1, 3, 4) r
 WHERE c.company_id = r.company_id AND c.kind = r.kind AND c.dim = 'date' AND c.day = r.date
   AND c.identification = '' AND c.branch_office = -1 AND c.document_type_id = r.document_type_id AND c.subtype = r.subtype;

-- Inserts (migration 053): each day's row takes the bounds of its new documents.
CREATE OR REPLACE FUNCTION count_inserted_documents() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- The same rows as count_documents() for an INSERT; the subtype is the voucher's type or the note's kind.
  IF TG_TABLE_NAME = 'vouchers' THEN
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n, lo, hi)
    SELECT r.company_id, 'vouchers', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, r.type, count(*), min(r.number), max(r.number)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n, lo = least(c.lo, EXCLUDED.lo), hi = greatest(c.hi, EXCLUDED.hi);
  ELSIF TG_TABLE_NAME = 'notes' THEN
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n, lo, hi)
    SELECT r.company_id, 'notes', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, r.kind, count(*), min(r.number), max(r.number)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n, lo = least(c.lo, EXCLUDED.lo), hi = greatest(c.hi, EXCLUDED.hi);
  ELSIF TG_TABLE_NAME = 'invoices' THEN
    -- only the live rows: a deleted one is in no list
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n, lo, hi)
    SELECT r.company_id, 'invoices', k.dim, k.day, k.identification, k.branch_office, r.document_type_id, '', count(*), min(r.number), max(r.number)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     WHERE r.deleted_at IS NULL
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n, lo = least(c.lo, EXCLUDED.lo), hi = greatest(c.hi, EXCLUDED.hi);
  ELSE
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n, lo, hi)
    SELECT r.company_id, TG_TABLE_NAME, k.dim, k.day, k.identification, k.branch_office, r.document_type_id, '', count(*), min(r.number), max(r.number)
      FROM new_rows r JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1), ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8 ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n, lo = least(c.lo, EXCLUDED.lo), hi = greatest(c.hi, EXCLUDED.hi);
  END IF;
  RETURN NULL;
END $fn$;

-- Updates and deletions (migration 025): a row counted +1 (an edit moving a document to another day, say) widens that day's bounds.
CREATE OR REPLACE FUNCTION count_documents() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := CASE WHEN TG_LEVEL = 'ROW' THEN 'SELECT ($1).*, -1 AS sign UNION ALL SELECT ($2).*, 1' ELSE changed_rows(TG_OP) END;
  sql text;
BEGIN
  sql := format($q$
    INSERT INTO document_counts AS c (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype, n, lo, hi)
    SELECT r.company_id, %L, k.dim, k.day, k.identification, k.branch_office, r.document_type_id, %s, sum(r.sign),
           min(r.number) FILTER (WHERE r.sign > 0), max(r.number) FILTER (WHERE r.sign > 0)
      FROM (%s) r
      JOIN companies co ON co.company_id = r.company_id
     CROSS JOIN LATERAL (VALUES ('date', r.date, '', -1),
                                ('created', (r.created_at AT TIME ZONE co.time_zone)::date, '', -1),
                                ('customer', DATE 'epoch', coalesce(r.customer_identification, ''), coalesce(r.customer_branch_office, -1))
                        ) AS k(dim, day, identification, branch_office)
     GROUP BY 1, 3, 4, 5, 6, 7, 8
    HAVING sum(r.sign) <> 0
     ORDER BY 1, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
    DO UPDATE SET n = c.n + EXCLUDED.n, lo = least(c.lo, EXCLUDED.lo), hi = greatest(c.hi, EXCLUDED.hi)$q$,
    TG_TABLE_NAME, CASE TG_TABLE_NAME WHEN 'vouchers' THEN 'r.type' WHEN 'notes' THEN 'r.kind' ELSE '''''' END,
    -- invoices: only the live rows (a deleted one is in no list)
    CASE TG_TABLE_NAME WHEN 'invoices' THEN format('SELECT * FROM (%s) x WHERE x.deleted_at IS NULL', src) ELSE src END);
  IF TG_LEVEL = 'ROW' THEN EXECUTE sql USING OLD, NEW; ELSE EXECUTE sql; END IF;
  RETURN NULL;
END $fn$;
