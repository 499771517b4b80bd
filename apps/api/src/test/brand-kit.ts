import { type BrandConfig, brandConfig } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { brandSettings } from '../db/schema.ts';

/**
 * Changes the demo brand's settings row (decision 50: the brand's settings live in the database) for a test, and
 * answers the function that puts them back. Instances built after it read the changed settings.
 */
export async function withBrandSettings(
  db: Database,
  change: (brand: BrandConfig) => BrandConfig,
  whiteLabel = 'demo',
): Promise<() => Promise<void>> {
  const [row] = await db
    .select({ settings: brandSettings.settings })
    .from(brandSettings)
    .where(eq(brandSettings.whiteLabelId, whiteLabel));
  if (!row) throw new Error(`${whiteLabel} has no settings row: build an app on the database first`);
  const before = row.settings;
  const changed = change(brandConfig.parse(before)) as unknown as Record<string, unknown>;
  await db.update(brandSettings).set({ settings: changed }).where(eq(brandSettings.whiteLabelId, whiteLabel));
  return async () => {
    await db
      .update(brandSettings)
      .set({ settings: before })
      .where(eq(brandSettings.whiteLabelId, whiteLabel));
  };
}
