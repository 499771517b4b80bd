/* Test-only helpers for the promotions tests (imported by *.test.tsx, never by the app). */
import type { Promotion } from '@storefront/domain/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BrandProvider } from '../../../shared/config.tsx';
import { type CurrentLocation, CurrentLocationContext } from '../../../shared/current-location.tsx';
import { createI18n } from '../../../shared/i18n/i18n.ts';
import { resto, testBrand } from '../../../test/render-app.tsx';
import { promotionsTexts } from '../promotions-texts.ts';

export function promotion(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    title: { ru: `Акция ${id}`, en: `Promotion ${id}` },
    text: { ru: `Описание акции ${id}. Подробности внутри.`, en: `About promotion ${id}. Details inside.` },
    image: null,
    priority: 100 - id,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

export const kazanResto = resto({ id: 1 });

/**
 * The providers of renderWithApp, but with a router that starts at `entry` (with its navigation
 * state), so `ui` gets its route params; '/' and '/promotions' show a marker to check where closing goes.
 */
export async function renderAtPromotion(
  ui: ReactNode,
  { entry, state, location }: { entry: string; state?: unknown; location?: Partial<CurrentLocation> },
) {
  const i18n = await createI18n({ promotions: promotionsTexts }, 'ru');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const value: CurrentLocation = {
    cities: [],
    city: null,
    restos: [kazanResto],
    zones: [],
    resto: kazanResto,
    method: null,
    menus: [],
    ...location,
  };
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={testBrand}>
          <CurrentLocationContext.Provider value={value}>
            <MemoryRouter initialEntries={[{ pathname: entry, state }]}>
              <Routes>
                <Route path="/promotions/:promotionId" element={ui} />
                <Route path="/promotions" element={<p>list page</p>} />
                <Route path="/" element={<p>home page</p>} />
              </Routes>
            </MemoryRouter>
          </CurrentLocationContext.Provider>
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
