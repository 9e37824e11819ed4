-- A country is a folder (issue 54, point 3): the codes companies and invoices may hold are no longer a CHECK listing
-- CO and MX but the rows of this table, which the service fills from its registry of countries (src/countries/index.ts)
-- at each start (src/server.ts, syncCountries), so that adding a country's folder needs no migration. Seeded here with
-- the two countries served, so that a database migrated by another process (the test template) already holds them.
-- A company's time zone is its country's (the admin API only accepts that one): the foreign key on (country, time_zone)
-- keeps what the CHECK on time_zone kept. An invoice's country is its company's: its foreign key to the company becomes
-- one on (company_id, country), which replaces its CHECK at no extra cost per row written (still one key looked up)
-- and lets the queries of one company's invoices drop their `country = …` filters (src/einvoice, src/notes…).
CREATE TABLE countries (
  code      text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  time_zone text NOT NULL,
  UNIQUE (code, time_zone)
);
INSERT INTO countries (code, time_zone) VALUES ('CO', 'America/Bogota'), ('MX', 'America/Mexico_City');

ALTER TABLE companies DROP CONSTRAINT companies_country_check,
  DROP CONSTRAINT companies_time_zone_check,
  ADD CONSTRAINT companies_country_fkey FOREIGN KEY (country, time_zone) REFERENCES countries (code, time_zone);
ALTER TABLE companies ADD CONSTRAINT companies_id_country UNIQUE (company_id, country);
ALTER TABLE invoices DROP CONSTRAINT invoices_country_check, DROP CONSTRAINT invoices_company_id_fkey,
  ADD CONSTRAINT invoices_company_country_fkey FOREIGN KEY (company_id, country) REFERENCES companies (company_id, country);
