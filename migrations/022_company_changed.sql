-- Each server process keeps verified tokens with their company, and each
-- company's decoded certificate, in memory (src/platform/auth.ts,
-- src/einvoice/credentials.ts). Whatever process changes what they were
-- read from says so on the channel company_changed, with the company id:
-- the company row (which includes catalog_version, moved by any catalog
-- change), its API users' keys and active flag, its tokens, its certificate.
-- Every process listens and drops what it kept of that company.

CREATE FUNCTION notify_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('company_changed', OLD.company_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('company_changed', NEW.company_id::text); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER company_changed AFTER UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION notify_company_changed();
CREATE TRIGGER company_changed AFTER UPDATE OF company_id, username, key_salt, key_hash, active OR DELETE ON api_users
  FOR EACH ROW EXECUTE FUNCTION notify_company_changed();
CREATE TRIGGER company_changed AFTER UPDATE OR DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION notify_company_changed();
CREATE TRIGGER company_changed AFTER INSERT OR UPDATE OR DELETE ON company_credentials FOR EACH ROW EXECUTE FUNCTION notify_company_changed();
