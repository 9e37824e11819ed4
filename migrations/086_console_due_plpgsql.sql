-- console_due (migration 068) gives the index invoices_due_sort its key, so PostgreSQL computes it for every invoice it
-- writes, and twice more for every update of one (the old and the new row, to tell whether the key changed). As a SQL
-- function whose body holds a subquery it is never inlined, and a SQL function called on its own is parsed and
-- planned at every call: with pg_stat_statements, 33,754 calls while 11,624 plain invoices were created on
-- PostgreSQL took 476 ms to plan and 197 ms to run. In PL/pgSQL the same expression is planned once per connection
-- and kept. What it answers is the same, so the index stays as it is.
CREATE OR REPLACE FUNCTION console_due(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
  RETURN coalesce(
    (SELECT max(p->>'due_date') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'payments') = 'array' THEN doc->'payments' ELSE '[]'::jsonb END) AS p
      WHERE jsonb_typeof(p->'due_date') = 'string'),
    CASE WHEN doc #>> '{payment,method}' = 'PPD' THEN doc #>> '{payment,conditions,due_date}' END);
END $fn$;
