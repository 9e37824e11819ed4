-- The sandbox stamping provider compares Emisor/@Nombre with the name attribute of the issuer's CSD
-- (as real CSDs carry it). The demo companies' generated CSDs from before lack it: drop them, and
-- the next stamping generates one that has it. Certificates loaded by an operator are kept.
DELETE FROM company_credentials
 WHERE company_id IN (SELECT company_id FROM companies WHERE is_demo AND country = 'MX');
