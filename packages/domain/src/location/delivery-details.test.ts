import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryPlace } from '../contracts/location.ts';
import {
  DELIVERY_COMMENT_MAX,
  DELIVERY_DETAIL_FIELDS,
  DELIVERY_DETAIL_MAX,
  type DeliveryDetailsInput,
  deliveryDetailIssue,
  deliveryDetailsFromInput,
  deliveryDetailsInput,
  deliveryDetailsIssues,
} from './delivery-details.ts';

const EMPTY_INPUT: DeliveryDetailsInput = {
  apartment: '',
  entrance: '',
  floor: '',
  intercom: '',
  comment: '',
};

describe('delivery details (docs/product.md §3 delivery place, §5)', () => {
  it('takes every field empty: none is required', () => {
    expect(deliveryDetailsIssues(EMPTY_INPUT)).toEqual({});
    expect(deliveryDetailsIssues({})).toEqual({});
    expect(deliveryDetailIssue('comment', null)).toBeUndefined();
  });

  it('takes a comment of 100 characters and refuses 101 (docs/product.md §5)', () => {
    expect(DELIVERY_DETAIL_MAX.comment).toBe(DELIVERY_COMMENT_MAX);
    expect(deliveryDetailIssue('comment', 'я'.repeat(100))).toBeUndefined();
    expect(deliveryDetailsIssues({ ...EMPTY_INPUT, comment: 'я'.repeat(101) })).toEqual({
      comment: 'delivery-detail.too-long',
    });
  });

  it('counts characters, not UTF-16 units: 100 emoji are a comment of 100', () => {
    expect(deliveryDetailIssue('comment', '😀'.repeat(100))).toBeUndefined();
    expect(deliveryDetailIssue('comment', '😀'.repeat(101))).toBe('delivery-detail.too-long');
  });

  it('refuses an apartment, entrance, floor or intercom longer than 50 characters', () => {
    for (const field of ['apartment', 'entrance', 'floor', 'intercom'] as const) {
      expect(deliveryDetailIssue(field, '1'.repeat(50))).toBeUndefined();
      expect(deliveryDetailIssue(field, '1'.repeat(51))).toBe('delivery-detail.too-long');
    }
  });

  it('turns stored nulls into empty inputs and back', () => {
    const stored = { apartment: '12', entrance: null, floor: '3', intercom: null, comment: null };
    expect(deliveryDetailsInput(stored)).toEqual({ ...EMPTY_INPUT, apartment: '12', floor: '3' });
    expect(deliveryDetailsFromInput(deliveryDetailsInput(stored))).toEqual(stored);
    expect(deliveryDetailsInput(null)).toEqual(EMPTY_INPUT);
  });

  it('agrees with the API contract on every value: what the form takes, the server takes', () => {
    // Lengths on both sides of both limits, of one- and two-unit characters (an emoji is two UTF-16 units).
    const text = fc.oneof(
      fc.constant(null),
      fc
        .array(fc.constantFrom('a', 'я', ' ', '😀'), { maxLength: 110 })
        .map((characters) => characters.join('')),
    );
    fc.assert(
      fc.property(
        fc.record({ apartment: text, entrance: text, floor: text, intercom: text, comment: text }),
        (d) => {
          const formTakes = Object.keys(deliveryDetailsIssues(d)).length === 0;
          const serverTakes = deliveryPlace.safeParse({
            ...d,
            address: 'ул. Баумана, 44',
            location: null,
          }).success;
          expect(formTakes).toBe(serverTakes);
        },
      ),
    );
    expect(DELIVERY_DETAIL_FIELDS).toHaveLength(5);
  });
});
