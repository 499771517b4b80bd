/* Test-only helpers for the promotions tests (imported by *.test.tsx, never by the app). */
import type { Promotion } from '@storefront/domain/contracts';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { CurrentLocation } from '../../../entities/location/current-location.tsx';
import { renderWithApp, resto } from '../../../test/render-app.tsx';

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
 * renderWithApp with a router that starts at `entry` (with its navigation state), so `ui` gets its
 * route params; '/' and '/promotions' show a marker to check where closing goes.
 */
export async function renderAtPromotion(
  ui: ReactNode,
  { entry, state, location }: { entry: string; state?: unknown; location?: Partial<CurrentLocation> },
) {
  return renderWithApp(
    <Routes>
      <Route path="/promotions/:promotionId" element={ui} />
      <Route path="/promotions" element={<p>list page</p>} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    { cities: [], restos: [kazanResto], resto: kazanResto, ...location },
    { entry, state },
  );
}
