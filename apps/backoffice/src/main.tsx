import './shared/zod-without-eval.ts';
import { clockStore } from '@storefront/web/src/entities/clock/clock-store.ts';
import { apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { applyApiBase, applyBrandToDocument, fetchBrandConfig } from '@storefront/web/src/shared/config.tsx';
import { createI18n, initialLocale } from '@storefront/web/src/shared/i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOfficeApp } from './app/back-office-app.tsx';
import { loadLocaleTexts, TEXTS_RU } from './app/texts.ts';
import '@storefront/web/src/app/theme.css';

/** How long the start waits for the server's clock before going on with the device's own. */
const CLOCK_LIMIT_MS = 3000;

/** The server's clock: late orders and pre-orders' times on the board are counted by it. */
async function syncClock(): Promise<void> {
  const sentAt = Date.now();
  const answer = await apiFetch<{ utc_time: string }>('/1/now');
  clockStore.getState().sync(answer.utc_time, sentAt, Date.now());
}

/** Start-up: the brand's config, texts in the stored language, the server's clock, then the app. */
async function start(element: HTMLElement) {
  try {
    const brand = applyApiBase(await fetchBrandConfig());
    const locale = initialLocale(brand.locales, brand.defaultLocale);
    const [i18n] = await Promise.all([
      createI18n(TEXTS_RU, locale, loadLocaleTexts),
      Promise.race([
        syncClock().catch(() => undefined),
        new Promise((done) => setTimeout(done, CLOCK_LIMIT_MS)),
      ]),
    ]);
    applyBrandToDocument(brand, locale);
    createRoot(element).render(
      <StrictMode>
        <BackOfficeApp brand={brand} i18n={i18n} />
      </StrictMode>,
    );
  } catch (error) {
    // Without the brand's config nothing can be drawn: say so plainly, in both languages.
    element.textContent =
      'Не удалось открыть бэк-офис. Обновите страницу. · The back office failed to open: reload the page.';
    element.setAttribute('role', 'alert');
    console.error(error);
  }
}

const element = document.getElementById('root');
if (element) void start(element);
