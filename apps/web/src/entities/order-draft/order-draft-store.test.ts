import { PERSON_COUNT_MAX } from '@storefront/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { personStore } from '../session/person-store.ts';
import { DEFAULT_PERSON_COUNT, orderDraftStorage, orderDraftStore } from './order-draft-store.ts';

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
    expect(JSON.parse(localStorage.getItem('order_draft') ?? 'null')).toMatchObject({
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

  describe('the checkout’s part', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();

    it('survives a reload: contacts, comment, pre-order time and the attempt’s key', () => {
      orderDraftStorage.hydrate();
      const draft = orderDraftStore.getState();
      draft.setContact({ name: 'Анна', phone: '+79991234567' });
      draft.setComment('Без лука');
      draft.setPreOrderAt(future);
      const key = draft.attemptKey('body-1');
      orderDraftStore.setState({
        contact: { name: null, email: null, phone: null },
        comment: '',
        attempt: null,
      });
      // The stored draft is what a reload reads back.
      localStorage.setItem(
        'order_draft',
        JSON.stringify({
          personCount: 2,
          promoCode: null,
          contact: { name: 'Анна', phone: '+79991234567', email: null },
          comment: 'Без лука',
          preOrderAt: future,
          attempt: { key, fingerprint: 'body-1' },
        }),
      );
      orderDraftStorage.hydrate();
      expect(orderDraftStore.getState()).toMatchObject({
        personCount: 2,
        contact: { name: 'Анна', phone: '+79991234567', email: null },
        comment: 'Без лука',
        preOrderAt: future,
        attempt: { key, fingerprint: 'body-1' },
      });
      expect(orderDraftStore.getState().attemptKey('body-1')).toBe(key);
    });

    it('writes the checkout’s fields under order_draft as they change', () => {
      orderDraftStorage.hydrate();
      orderDraftStore.getState().setComment('Позвонить заранее');
      const key = orderDraftStore.getState().attemptKey('b');
      expect(JSON.parse(localStorage.getItem('order_draft') ?? 'null')).toMatchObject({
        comment: 'Позвонить заранее',
        attempt: { key, fingerprint: 'b' },
      });
    });

    it('drops a pre-order time already past, and reads an older draft without the new fields', () => {
      localStorage.setItem(
        'order_draft',
        JSON.stringify({ personCount: 3, promoCode: null, preOrderAt: '2020-01-01T10:00:00.000Z' }),
      );
      orderDraftStorage.hydrate();
      expect(orderDraftStore.getState()).toMatchObject({
        personCount: 3,
        preOrderAt: null,
        comment: '',
        attempt: null,
      });
    });

    it('keeps one key per body: the same body re-uses it, another body gets a new one', () => {
      const draft = orderDraftStore.getState();
      orderDraftStore.setState({ attempt: null });
      const first = draft.attemptKey('a');
      expect(draft.attemptKey('a')).toBe(first);
      const second = draft.attemptKey('b');
      expect(second).not.toBe(first);
      expect(second).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('ends the attempt when the order exists: key, time, comment, persons and promo code go, contacts stay', () => {
      orderDraftStore.setState({
        contact: { name: 'Анна', phone: null, email: null },
        comment: 'x',
        preOrderAt: future,
        attempt: { key: 'k-12345678', fingerprint: 'f' },
        personCount: 4,
        promoCode: { code: 'WELCOME', active: true, maxDiscountAmount: null, minOrderAmount: null },
        promoRefusal: { code: 'promo-code.limit-exceed', message: 'x', promoCode: 'OLD' },
      });
      orderDraftStore.getState().placed();
      expect(orderDraftStore.getState()).toMatchObject({
        contact: { name: 'Анна' },
        comment: '',
        preOrderAt: null,
        attempt: null,
        personCount: DEFAULT_PERSON_COUNT,
        promoCode: null,
        promoRefusal: null,
      });
    });

    it('fills empty contacts on sign-in (the first deliveries entry first) and clears them on sign-out', () => {
      orderDraftStorage.hydrate();
      orderDraftStore.setState({ contact: { name: 'Своё', phone: null, email: null } });
      personStore.getState().signedIn(
        { accessToken: 'a', refreshToken: 'r', source: 'PHONE' },
        {
          id: 5,
          accountIds: [],
          avatar: null,
          deliveries: [{ personName: 'Аня', phone: '+79990000000', email: null }],
          email: 'p@example.com',
          firstName: 'Анна',
          lastName: null,
          patronymic: null,
          phone: '+79991234567',
        },
      );
      expect(orderDraftStore.getState().contact).toEqual({
        name: 'Своё',
        phone: '+79990000000',
        email: 'p@example.com',
      });
      personStore.getState().signedOut();
      expect(orderDraftStore.getState().contact).toEqual({ name: null, phone: null, email: null });
    });
  });
});
