-- A company's catalog version: bumped by every change to the small master-data
-- tables, so a server process may keep them in memory and reload them when the
-- version it sees at authentication has moved (see src/catalog/cache.ts).
-- Numbering (document_types.consecutive) does not count as a change.

ALTER TABLE companies ADD COLUMN catalog_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET catalog_version = catalog_version + 1
   WHERE company_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON sellers FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON taxes FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON payment_types FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON allowance_charges FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON warehouses FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON cost_centers FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE ON document_types FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version_update AFTER UPDATE OF company_id, code, name, description, type, active, seller_by_item, customer_by_item,
  cost_center, cost_center_mandatory, automatic_number, discount_type, decimals, advance_payment, reteiva, reteica, self_withholding,
  electronic_type, cargo_transportation, healthcare_company, prefix, resolution ON document_types
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();

-- Products and customers are cached too, one by one as documents name them.
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_version AFTER INSERT OR DELETE OR UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
