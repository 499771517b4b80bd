-- The tables the back office's second part added are catalog too: a write to any of them bumps catalog_revision
-- once per statement, so every API instance reloads what the storefront is served (as in 0001).
DO $$
DECLARE
  catalog_table text;
BEGIN
  FOREACH catalog_table IN ARRAY ARRAY['special_days', 'brand_settings', 'brand_pages'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()',
      catalog_table || '_bump_catalog_revision',
      catalog_table
    );
  END LOOP;
END
$$;
