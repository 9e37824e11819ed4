-- Failed logins of every kind in one table, counted in the database so that the limits hold across processes and
-- against a burst (src/platform/login-gate.ts): the console's ('e:<email>@<address>', 'a:<address>') and the API's
-- ('api:u:<username>@<address>', 'api:a:<address>').
ALTER TABLE console_login_failures RENAME TO login_failures;
