import { PERSON_COUNT_MAX } from '@storefront/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderDraftStorage, orderDraftStore } from './order-draft-store.ts';

describe('order draft', () => {
  beforeEach(() => {
    orderDraftStore.setState({ personCount: 1, promoCode: null, promoRefusal: null });
  });

  it('keeps the person count within its bounds', () => {
    orderDraftStore.getState().setPersonCount(0);
    expect(orderDraftStore.getState().personCount).toBe(1);
    orderDraftStore.getState().setPersonCount(PERSON_COUNT_MAX + 5);
    expect(orderDraftStore.getState().personCount).toBe(PERSON_COUNT_MAX);
  });

  it('keeps the count and the promo code under the one order_draft key', () => {
    orderDraftStorage.hydrate();
    orderDraftStore.getState().setPersonCount(3);
    orderDraftStore.getState().applyPromoCode('  SUSHI10 ');
    expect(JSON.parse(localStorage.getItem('order_draft') ?? 'null')).toEqual({
      personCount: 3,
      promoCode: { code: 'SUSHI10', active: false, maxDiscountAmount: null, minOrderAmount: null },
    });
    localStorage.setItem('order_draft', JSON.stringify({ personCount: 4, promoCode: null }));
    orderDraftStorage.hydrate();
    expect(orderDraftStore.getState().personCount).toBe(4);
    expect(orderDraftStore.getState().promoCode).toBeNull();
  });

  it('ignores a stored draft that does not parse', () => {
    localStorage.setItem('order_draft', JSON.stringify({ personCount: 500, promoCode: null }));
    orderDraftStorage.hydrate();
    expect(orderDraftStore.getState().personCount).toBe(1);
  });

  it('keeps a refusal to show after the code is dropped, and forgets it on a new code', () => {
    orderDraftStore.getState().applyPromoCode('OLD');
    orderDraftStore
      .getState()
      .removePromoCode({ code: 'promo-code.not-found', message: 'Нет', promoCode: 'OLD' });
    expect(orderDraftStore.getState().promoCode).toBeNull();
    expect(orderDraftStore.getState().promoRefusal?.message).toBe('Нет');
    orderDraftStore.getState().applyPromoCode('NEW');
    expect(orderDraftStore.getState().promoRefusal).toBeNull();
  });
});
