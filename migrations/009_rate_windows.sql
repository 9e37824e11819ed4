-- The per-company request budget shared by every process of one database:
-- requests counted in each one-minute window (window_start in epoch ms).
CREATE TABLE rate_windows (
  company_id      integer NOT NULL REFERENCES companies (company_id),
  window_start    bigint NOT NULL,
  count           integer NOT NULL,
  PRIMARY KEY (company_id, window_start)
);
