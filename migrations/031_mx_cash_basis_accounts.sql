-- Cash basis for IEPS and withholdings of PPD invoices (issue 33, point 8):
-- a PPD invoice posts its IEPS to 209.02 (IEPS trasladado no cobrado) and the
-- ReteIVA and ReteISR its customer is to withhold to two auxiliaries of 113.08
-- (otros impuestos a favor); each payment receipt moves what it pays of them
-- to 208.02, 113.01 and 114.01 (src/ledger/accounts.ts, MX_LEDGER). Mexican
-- companies get the accounts they lack; invoices posted before keep their
-- entries (a receipt moves only what its invoice posted as pending).
INSERT INTO accounts (company_id, code, name, nature)
SELECT c.company_id, a.code, a.name, 'Debit'
  FROM companies c
 CROSS JOIN (VALUES ('113.08.01', 'IVA por retener de clientes, facturas PPD no cobradas'),
                    ('113.08.02', 'ISR por retener de clientes, facturas PPD no cobradas')) AS a(code, name)
 WHERE c.country = 'MX'
ON CONFLICT (company_id, code) DO NOTHING;
INSERT INTO accounts (company_id, code, name, nature)
SELECT c.company_id, '209.02', 'IEPS trasladado no cobrado', 'Credit' FROM companies c WHERE c.country = 'MX'
ON CONFLICT (company_id, code) DO NOTHING;
