import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_DELIVERY_METHODS } from '../methods/methods.ts';
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from '../orders/order-statuses.ts';
import {
  IIKO_DELIVERY_STATUSES,
  orderStatusOfPos,
  posForwardPath,
  posLaneRank,
} from './pos-order-statuses.ts';

describe("the POS's statuses in ours", () => {
  it('maps each iiko delivery status by the order’s method, and knows no other', () => {
    expect(IIKO_DELIVERY_STATUSES.map((s) => orderStatusOfPos(s, 'DELIVERY'))).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'cooking',
      'cooking',
      'cooking',
      'on_the_way',
      'done',
      'done',
      'declined',
    ]);
    expect(orderStatusOfPos('Waiting', 'TAKE_AWAY')).toBe('ready');
    expect(orderStatusOfPos('OnWay', 'TAKE_AWAY')).toBe('ready');
    expect(orderStatusOfPos('Teleported', 'DELIVERY')).toBeNull();
  });

  it('walks the board’s steps forward, one allowed move each, and never back', () => {
    expect(posForwardPath('new', 'done', 'DELIVERY')).toEqual(['accepted', 'cooking', 'on_the_way', 'done']);
    expect(posForwardPath('new', 'done', 'TAKE_AWAY')).toEqual(['accepted', 'cooking', 'ready', 'done']);
    expect(posForwardPath('cooking', 'accepted', 'DELIVERY')).toEqual([]);
    expect(posForwardPath('cooking', 'cooking', 'DELIVERY')).toEqual([]);
    expect(posForwardPath('accepted', 'declined', 'DELIVERY')).toEqual(['declined']);
    expect(posForwardPath('cooking', 'declined', 'DELIVERY')).toEqual([]);
    expect(posForwardPath('canceled', 'done', 'TAKE_AWAY')).toEqual([]);
    for (const method of CUSTOMER_DELIVERY_METHODS)
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES) {
          let at = from;
          for (const step of posForwardPath(from, to, method)) {
            expect(canMoveOrder(at, step), `${at} → ${step}`).toBe(true);
            at = step;
          }
        }
  });

  it('any sequence of the POS’s statuses, duplicated and shuffled, ends at the furthest reached and never moves back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CUSTOMER_DELIVERY_METHODS),
        fc.array(fc.constantFrom(...IIKO_DELIVERY_STATUSES, 'Unknown'), { maxLength: 30 }),
        (method, sequence) => {
          let status: OrderStatus = 'new';
          let furthest = 0;
          let declinedWhileOpen = false;
          for (const posStatus of sequence) {
            const target = orderStatusOfPos(posStatus, method);
            if (target === null) continue;
            if (target === 'declined') {
              if (status === 'new' || status === 'accepted') declinedWhileOpen ||= furthest <= 1;
            } else furthest = Math.max(furthest, posLaneRank(target));
            for (const step of posForwardPath(status, target, method)) {
              expect(canMoveOrder(status, step)).toBe(true);
              expect(posLaneRank(step)).toBeGreaterThan(posLaneRank(status));
              status = step;
            }
          }
          if (declinedWhileOpen) expect(status).toBe('declined');
          else expect(posLaneRank(status)).toBe(furthest);
        },
      ),
    );
  });
});
