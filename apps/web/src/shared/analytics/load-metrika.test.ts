import { afterEach, describe, expect, it } from 'vitest';
import { loadMetrika, METRIKA_INIT, METRIKA_TAG_URL, type MetrikaWindow } from './load-metrika.ts';

const tags = () => Array.from(document.scripts).filter((script) => script.src === METRIKA_TAG_URL);

function freshWindow() {
  const win = window as Window & MetrikaWindow;
  delete win.ym;
  delete win.dataLayer;
  return win;
}

describe('loadMetrika', () => {
  afterEach(() => {
    for (const tag of tags()) tag.remove();
    freshWindow();
  });

  it("inserts Metrika's tag once, async, and initialises the counter with defer, webvisor and dataLayer e-commerce", () => {
    const win = freshWindow();
    loadMetrika('98765432', win);
    loadMetrika('98765432', win);
    expect(tags()).toHaveLength(1);
    expect(tags()[0]?.async).toBe(true);
    expect(win.ym?.a?.[0]).toEqual([98765432, 'init', METRIKA_INIT]);
    expect(METRIKA_INIT).toMatchObject({ defer: true, webvisor: true, ecommerce: 'dataLayer' });
  });

  it('sends page views as hits and the e-commerce events in Metrika format (roubles, string ids)', () => {
    const win = freshWindow();
    const send = loadMetrika('98765432', win);
    const dish = { id: 7, name: 'Пицца', price: 69000, category: '3' };
    send({ type: 'page-view', url: 'https://shop.example/menus/3', referrer: 'https://shop.example/' });
    send({ type: 'dish-viewed', dish, currency: 'RUB' });
    send({ type: 'added-to-cart', dish, currency: 'RUB' });
    send({ type: 'checkout-started', total: 138000, currency: 'RUB' });
    send({
      type: 'order-placed',
      orderId: 42,
      total: 138050,
      currency: 'RUB',
      dishes: [{ ...dish, quantity: 2 }],
    });
    send({ type: 'paid', orderId: 42, total: 138050, currency: 'RUB' });

    const product = { id: '7', name: 'Пицца', price: 690, quantity: 1, category: '3' };
    expect(win.dataLayer).toEqual([
      { ecommerce: { currencyCode: 'RUB', detail: { products: [product] } } },
      { ecommerce: { currencyCode: 'RUB', add: { products: [product] } } },
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: { actionField: { id: '42', revenue: 1380.5 }, products: [{ ...product, quantity: 2 }] },
        },
      },
    ]);
    expect(win.ym?.a?.slice(1)).toEqual([
      [98765432, 'hit', 'https://shop.example/menus/3', { referer: 'https://shop.example/' }],
      [98765432, 'reachGoal', 'checkout-started', { order_price: 1380, currency: 'RUB' }],
      [98765432, 'reachGoal', 'order-placed', { order_price: 1380.5, currency: 'RUB' }],
      [98765432, 'reachGoal', 'paid', { order_price: 1380.5, currency: 'RUB' }],
    ]);
  });
});
