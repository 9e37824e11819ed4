-- Colombian receipts of foreign-currency invoices paid at another rate post their exchange difference
-- (src/vouchers/service.ts, voucherPostings): the Colombian charts gain the PUC accounts for it, as the
-- starting catalog of src/companies/catalogs/co.ts has them. Accounts a company had stay as they were.
INSERT INTO accounts (company_id, code, name, nature)
SELECT c.company_id, a.code, a.name, a.nature
  FROM companies c
 CROSS JOIN (VALUES
   ('4210', 'Financieros', 'Credit'),
   ('421020', 'Diferencia en cambio', 'Credit'),
   ('42102001', 'Diferencia en cambio', 'Credit'),
   ('530525', 'Diferencia en cambio', 'Debit'),
   ('53052501', 'Diferencia en cambio', 'Debit')
 ) AS a(code, name, nature)
 WHERE c.country = 'CO'
ON CONFLICT (company_id, code) DO NOTHING;
