import { makeCartLine, minor } from '@storefront/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildPreflightRequest, positionNames, preflightKey } from './preflight-request.ts';

const plain = makeCartLine({ id: 1, menuId: 10, price: minor(59_000), count: 2 });
const withModifiers = makeCartLine({
  id: 2,
  menuId: 10,
  price: minor(40_000),
  count: 1,
  modifiers: [{ id: 7, modifierId: 3, count: 2, price: minor(5_000) }],
});
const place = { address: 'Казань, ул. Баумана, 1', location: { lat: 55.79, lng: 49.12 } };
const base = {
  lines: [plain, withModifiers],
  restoId: 5,
  deliveryMethod: 'DELIVERY' as const,
  paymentMethod: 'CARD_ONLINE' as const,
  deliveryPlace: place,
  promoCode: null,
};

describe('preflight request', () => {
  it('sends each line’s name as docs/product.md §3 lists it, and keys the query without it', () => {
    const names = new Map([
      [1, 'Филадельфия'],
      [2, 'Поке с лососем'],
    ]);
    const request = buildPreflightRequest({ ...base, names });
    expect(request.positions.map((position) => position.name)).toEqual(['Филадельфия', 'Поке с лососем']);
    const english = buildPreflightRequest({ ...base, names: new Map([[1, 'Philadelphia']]) });
    expect(english.positions[1]).not.toHaveProperty('name');
    expect(preflightKey(english, null)).toEqual(preflightKey(request, null));
  });

  it('takes the names from the loaded menus, in the interface language', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      ['menu-positions', 10],
      [
        { id: 1, name: { ru: 'Филадельфия', en: 'Philadelphia' } },
        { id: 2, name: { ru: 'Поке' } },
      ],
    );
    expect([...positionNames(queryClient, [plain, withModifiers], 'en')]).toEqual([
      [1, 'Philadelphia'],
      [2, 'Поке'],
    ]);
  });

  it('names a dish gone from its menu as its line remembers it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['menu-positions', 10], [{ id: 1, name: { ru: 'Филадельфия' } }]);
    const remembered = {
      ...withModifiers,
      label: { name: { ru: 'Поке с лососем', en: 'Salmon poke' }, photo: null, measure: null },
    };
    expect([...positionNames(queryClient, [plain, remembered], 'en')]).toEqual([
      [1, 'Филадельфия'],
      [2, 'Salmon poke'],
    ]);
  });

  it('sends modifiers only for a line that has modifiers', () => {
    const request = buildPreflightRequest(base);
    expect(request.positions[0]).not.toHaveProperty('modifiers');
    expect(request.positions[1]?.modifiers).toEqual([{ id: 7, modifierId: 3, count: 2, price: 5_000 }]);
  });

  it('sends the client prices (the server reads none of them as money)', () => {
    const request = buildPreflightRequest(base);
    expect(request.positions[0]).toMatchObject({
      id: 1,
      menu: { id: 10 },
      count: 2,
      price: 59_000,
      sum: 118_000,
    });
    expect(request.positions[1]).toMatchObject({ price: 40_000, sum: 50_000 });
  });

  it('sends the point only for DELIVERY, with its address line when it has one', () => {
    expect(buildPreflightRequest(base)).toMatchObject(place);
    expect(buildPreflightRequest({ ...base, deliveryMethod: 'TAKE_AWAY' })).not.toHaveProperty('address');
    const noPoint = buildPreflightRequest({ ...base, deliveryPlace: { ...place, location: null } });
    expect(noPoint).not.toHaveProperty('address');
    expect(noPoint).not.toHaveProperty('location');
  });

  it('sends a map point without a street (no address line) as a delivery place', () => {
    for (const address of [null, '  ']) {
      expect(buildPreflightRequest({ ...base, deliveryPlace: { ...place, address } })).toMatchObject({
        address: null,
        location: place.location,
      });
    }
  });

  it('maps the selections and the draft to the contract', () => {
    const request = buildPreflightRequest({ ...base, promoCode: ' SUSHI10 ', personCount: 3 });
    expect(request).toMatchObject({
      restoId: 5,
      deliveryType: 'DELIVERY',
      payType: 'CARD_ONLINE',
      promoCode: 'SUSHI10',
      personCount: 3,
      preOrderAt: null,
    });
    expect(buildPreflightRequest({ ...base, promoCode: '  ' }).promoCode).toBeNull();
    expect(buildPreflightRequest(base)).not.toHaveProperty('personCount');
  });

  it('keys the query on everything but the client prices', () => {
    const request = buildPreflightRequest(base);
    const repriced = buildPreflightRequest({
      ...base,
      lines: [{ ...plain, price: minor(64_000), sum: minor(128_000) }, withModifiers],
    });
    expect(preflightKey(repriced, 1)).toEqual(preflightKey(request, 1));
    expect(preflightKey(request, 2)).not.toEqual(preflightKey(request, 1));
    expect(
      preflightKey(buildPreflightRequest({ ...base, paymentMethod: 'CASH_UPON_RECEIPT' }), 1),
    ).not.toEqual(preflightKey(request, 1));
  });

  it('sends the points to spend only when there are some, and keys the query on them', () => {
    expect(buildPreflightRequest(base)).not.toHaveProperty('bonusToSpend');
    expect(buildPreflightRequest({ ...base, bonusToSpend: minor(0) })).not.toHaveProperty('bonusToSpend');
    const spending = buildPreflightRequest({ ...base, bonusToSpend: minor(12_500) });
    expect(spending.bonusToSpend).toBe(12_500);
    expect(preflightKey(spending, 1)).not.toEqual(preflightKey(buildPreflightRequest(base), 1));
  });
});
