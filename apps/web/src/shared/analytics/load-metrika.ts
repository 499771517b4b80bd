import { MINOR_PER_MAJOR } from '@storefront/domain';
import type { AnalyticsEvent, AnalyticsSink, TrackedDish } from './track.ts';

/**
 * Yandex Metrika's tag (yandex.ru/support/metrica/code/counter-initialize.html), inserted the documented way
 * but from this module rather than an inline snippet (the storefront's CSP allows no inline script): the `ym`
 * stub that queues calls, then tag.js, async. Loaded only through a dynamic import() once the rules allow it
 * (decision 29), so none of this is in the first-visit JavaScript.
 */
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
export interface MetrikaWindow {
  ym?: Ym;
  dataLayer?: unknown[];
}

/**
 * - defer: the first page view is ours to send (a 'page-view' event from the router, like every later one);
 * - webvisor: session recording; fields marked personal (shared/ui Field's `personal`) carry
 *   `ym-hide-content ym-disable-keys`, so their content and keys never reach it;
 * - ecommerce: 'dataLayer' — detail, add and purchase go as dataLayer pushes in Metrika's format.
 */
export const METRIKA_INIT = {
  defer: true,
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
  webvisor: true,
  ecommerce: 'dataLayer',
} as const;

/** Puts the tag in the document (once) and initialises the counter; answers where events go. */
export function loadMetrika(
  counterId: string,
  win: Window & MetrikaWindow = window,
  doc: Document = document,
): AnalyticsSink {
  const id = Number(counterId);
  win.dataLayer ??= [];
  const dataLayer = win.dataLayer;
  if (!win.ym) {
    const stub: Ym = (...args: unknown[]) => {
      stub.a ??= [];
      stub.a.push(args);
    };
    stub.l = Date.now();
    win.ym = stub;
  }
  if (!Array.from(doc.scripts).some((script) => script.src === METRIKA_TAG_URL)) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = METRIKA_TAG_URL;
    doc.head.append(script);
  }
  const ym = (...args: unknown[]) => win.ym?.(id, ...args);
  ym('init', METRIKA_INIT);
  return (event) => sendToMetrika(event, ym, dataLayer);
}

const major = (amount: number) => amount / MINOR_PER_MAJOR;

const product = (dish: TrackedDish) => ({
  id: String(dish.id),
  name: dish.name,
  price: major(dish.price),
  quantity: dish.quantity ?? 1,
  ...(dish.category ? { category: dish.category } : {}),
});

/** One event in Metrika's terms: a hit, an e-commerce push (yandex.ru/support/metrica/ecommerce/data.html) or a goal. */
export function sendToMetrika(
  event: AnalyticsEvent,
  ym: (...args: unknown[]) => void,
  dataLayer: unknown[],
): void {
  switch (event.type) {
    case 'page-view':
      ym('hit', event.url, {
        ...(event.referrer ? { referer: event.referrer } : {}),
        ...(event.title ? { title: event.title } : {}),
      });
      return;
    case 'dish-viewed':
      dataLayer.push({
        ecommerce: { currencyCode: event.currency, detail: { products: [product(event.dish)] } },
      });
      return;
    case 'added-to-cart':
      dataLayer.push({
        ecommerce: { currencyCode: event.currency, add: { products: [product(event.dish)] } },
      });
      return;
    case 'checkout-started':
      ym('reachGoal', 'checkout-started', { order_price: major(event.total), currency: event.currency });
      return;
    case 'order-placed':
      dataLayer.push({
        ecommerce: {
          currencyCode: event.currency,
          purchase: {
            actionField: { id: String(event.orderId), revenue: major(event.total) },
            products: (event.dishes ?? []).map(product),
          },
        },
      });
      ym('reachGoal', 'order-placed', { order_price: major(event.total), currency: event.currency });
      return;
    case 'paid':
      ym('reachGoal', 'paid', { order_price: major(event.total), currency: event.currency });
      return;
  }
}
