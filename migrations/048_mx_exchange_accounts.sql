-- Exchange differences of Mexican payment receipts (issue 33, point 6): a receipt
-- of an invoice in a foreign currency posts what it brings in pesos above or below
-- what the invoice's receivable and taxes were posted at to utilidad cambiaria
-- (702.01, código agrupador 702 productos financieros) or pérdida cambiaria
-- (701.01, 701 gastos financieros); src/ledger/accounts.ts, MX_LEDGER. Mexican
-- companies get the accounts they lack.
INSERT INTO accounts (company_id, code, name, nature)
SELECT c.company_id, a.code, a.name, a.nature
  FROM companies c
 CROSS JOIN (VALUES ('701.01', 'Pérdida cambiaria', 'Debit'), ('702.01', 'Utilidad cambiaria', 'Credit')) AS a(code, name, nature)
 WHERE c.country = 'MX'
ON CONFLICT (company_id, code) DO NOTHING;
