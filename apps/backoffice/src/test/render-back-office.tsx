import type { BrandConfig } from '@storefront/domain/contracts';
import { createI18n } from '@storefront/web/src/shared/i18n/i18n.ts';
import { testBrand } from '@storefront/web/src/test/render-app.tsx';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { BackOfficeProviders, makeQueryClient } from '../app/back-office-app.tsx';
import { loadLocaleTexts, TEXTS_RU } from '../app/texts.ts';
import { BACK_OFFICE_BASE, Router } from '../shared/navigation.tsx';

/**
 * Renders `ui` as the back office draws it: server data (no retries), its Russian texts (English on demand),
 * the test brand, and a router held in memory under /admin starting at `path` (relative to /admin).
 * Answers the memory location, so a test reads where a link or a redirect went.
 */
export async function renderBackOffice(
  ui: ReactNode,
  { path = '/board', brand = testBrand }: { path?: string; brand?: BrandConfig } = {},
) {
  const i18n = await createI18n(TEXTS_RU, 'ru', loadLocaleTexts);
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const location = memoryLocation({ path: `${BACK_OFFICE_BASE}${path}`, record: true });
  const rendered = render(
    <BackOfficeProviders brand={brand} i18n={i18n} queryClient={queryClient}>
      <Router base={BACK_OFFICE_BASE} hook={location.hook}>
        {ui}
      </Router>
    </BackOfficeProviders>,
  );
  return { ...rendered, location, queryClient, i18n };
}
