-- 1. A due item remembers the receivable account its invoice debited, so that a
--    payment credits that same account (before: every DebtPayment credited
--    130505, whatever the credit payment type's account). Existing due items take
--    the account of the credit payment type their invoice names (CO: the payment
--    with a due date; MX: the payment condition), read before step 4 repoints
--    the payment types; failing that, the receivable of the earlier catalog.
ALTER TABLE due_items ADD COLUMN account_code text;
UPDATE due_items d SET account_code = coalesce(
  (SELECT pt.account_code
     FROM invoices i
     JOIN payment_types pt ON pt.company_id = i.company_id AND pt.id = coalesce(
       (SELECT (p->>'id')::int FROM jsonb_array_elements(CASE WHEN jsonb_typeof(i.document->'payments') = 'array' THEN i.document->'payments' ELSE '[]'::jsonb END) p
         WHERE p->>'due_date' IS NOT NULL LIMIT 1),
       (i.document #>> '{payment,conditions,id}')::int)
    WHERE i.company_id = d.company_id AND i.id = d.invoice_id),
  CASE WHEN (SELECT c.country FROM companies c WHERE c.company_id = d.company_id) = 'MX' THEN '105.01' ELSE '130505' END);
ALTER TABLE due_items ALTER COLUMN account_code SET NOT NULL;

-- 2. A deleted invoice (DELETE /v1/invoices/{id}) stays for audit, keeps its
--    number, and is no longer read, listed or paid.
ALTER TABLE invoices ADD COLUMN deleted_at timestamptz;

-- 3. The Colombian chart gains the PUC auxiliary accounts of 8 digits that
--    documents post to (the same rows as the starting catalog of
--    src/companies/demo.ts), with the subcuentas above them where it lacked them.
--    The accounts a company had stay as they were, with everything posted to them.
INSERT INTO accounts (company_id, code, name, nature)
SELECT c.company_id, a.code, a.name, a.nature
  FROM companies c
 CROSS JOIN (VALUES
   ('11050501', 'Caja general', 'Debit'),
   ('11051001', 'Caja menor', 'Debit'),
   ('11100501', 'Bancos nacionales', 'Debit'),
   ('11101001', 'Bancos del exterior', 'Debit'),
   ('13050501', 'Clientes nacionales', 'Debit'),
   ('13051001', 'Clientes del exterior', 'Debit'),
   ('13551501', 'Retención en la fuente', 'Debit'),
   ('13551701', 'Impuesto a las ventas retenido', 'Debit'),
   ('13551801', 'Impuesto de industria y comercio retenido', 'Debit'),
   ('23657501', 'Autorretenciones', 'Credit'),
   ('240805', 'IVA generado', 'Credit'),
   ('24080501', 'IVA generado tarifa general 19 %', 'Credit'),
   ('24080502', 'IVA generado tarifa 5 %', 'Credit'),
   ('24080503', 'IVA generado 0 % (exento)', 'Credit'),
   ('243605', 'Impuesto nacional al consumo', 'Credit'),
   ('24360501', 'Impuesto nacional al consumo 8 %', 'Credit'),
   ('28050501', 'Anticipos de clientes', 'Credit'),
   ('413595', 'Venta de otros productos', 'Credit'),
   ('41359501', 'Venta de productos y servicios', 'Credit'),
   ('425050', 'Reintegro de otros costos y gastos', 'Credit'),
   ('42505001', 'Cargos a clientes (fletes y empaques)', 'Credit'),
   ('53053501', 'Descuentos comerciales condicionados', 'Debit')
 ) AS a(code, name, nature)
 WHERE c.country = 'CO'
ON CONFLICT (company_id, code) DO NOTHING;

-- 4. Taxes, payment types and global discounts and charges that post to an
--    account of the earlier starting catalog now post to its auxiliary. An
--    account a company chose itself is left alone.
UPDATE payment_types t SET account_code = m.aux
  FROM companies c, (VALUES ('110505', '11050501'), ('111005', '11100501'), ('130505', '13050501')) AS m(old, aux)
 WHERE c.company_id = t.company_id AND c.country = 'CO' AND t.account_code = m.old;

UPDATE taxes t SET account_code = CASE WHEN t.account_code <> '2408' THEN m.aux
                                       WHEN t.percentage = 5 THEN '24080502' WHEN t.percentage = 0 THEN '24080503' ELSE '24080501' END
  FROM companies c, (VALUES ('2408', '24080501'), ('2436', '24360501'), ('135515', '13551501'), ('135517', '13551701'),
                            ('135518', '13551801'), ('236575', '23657501')) AS m(old, aux)
 WHERE c.company_id = t.company_id AND c.country = 'CO' AND t.account_code = m.old;

UPDATE allowance_charges t SET account_code = m.aux
  FROM companies c, (VALUES ('530535', '53053501'), ('4250', '42505001')) AS m(old, aux)
 WHERE c.company_id = t.company_id AND c.country = 'CO' AND t.account_code = m.old;
