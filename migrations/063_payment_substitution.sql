-- A Mexican payment receipt replaced by another (the substitute relates it with TipoRelacion 04): the books
-- follow the substitute from its creation (src/payments/undo.ts), and the replaced receipt keeps which
-- one replaced it while its CFDI is cancelled with the SAT (motive 01).
ALTER TABLE payments ADD COLUMN replaced_by uuid;
