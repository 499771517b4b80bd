-- Every write to a catalog table bumps catalog_revision once per statement. API instances poll the
-- revision and drop their cached catalog answers when it moves (see modules/catalog-cache).
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_revision" SET "revision" = "revision" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  catalog_table text;
BEGIN
  FOREACH catalog_table IN ARRAY ARRAY[
    'white_labels', 'cities', 'tags', 'restos', 'resto_cities', 'resto_tags', 'opening_hours',
    'pre_order_settings', 'menus', 'resto_menus', 'position_groups', 'positions', 'position_tags',
    'modifiers', 'modifier_items', 'position_modifiers', 'time_slots', 'time_slot_details',
    'time_slot_positions', 'delivery_zones', 'delivery_rules', 'promotions', 'promotion_restos'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()',
      catalog_table || '_bump_catalog_revision', catalog_table
    );
  END LOOP;
END;
$$;
