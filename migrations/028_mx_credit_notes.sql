-- Mexican credit notes (CFDI type E, egreso) in the notes table: related to
-- one or more stamped invoices (the first is invoice_id; all of them, with what
-- the note credits on each, are in the document), stamped by the PAC (its
-- fiscal folio in stamp_uuid) and cancelled with the SAT like invoices.
ALTER TABLE notes ALTER COLUMN reason DROP NOT NULL;
ALTER TABLE notes ADD COLUMN stamp_uuid text;
ALTER TABLE notes ADD COLUMN cancellation jsonb;
CREATE INDEX notes_uuid ON notes (company_id, stamp_uuid) WHERE stamp_uuid IS NOT NULL;

-- Mexican companies made before this version get a credit note type (NC).
INSERT INTO document_types (company_id, code, name, type, prefix, description)
SELECT c.company_id, 'NC', 'Nota de crédito', 'NC', 'NC', 'CFDI de egreso relacionado con facturas (TipoRelacion 01) con folio automático'
  FROM companies c
 WHERE c.country = 'MX'
   AND NOT EXISTS (SELECT 1 FROM document_types t WHERE t.company_id = c.company_id AND (t.type = 'NC' OR t.code = 'NC'));

-- The credit notes that relate an invoice (what is left of it to credit, and whether it can be cancelled).
CREATE INDEX notes_related ON notes USING gin ((document->'invoices') jsonb_path_ops);
