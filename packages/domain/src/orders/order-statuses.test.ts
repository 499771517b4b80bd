import { describe, expect, it } from 'vitest';
import { CUSTOMER_DELIVERY_METHODS } from '../methods/methods.ts';
import { nextStaffStatus } from '../staff/staff-model.ts';
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  canMoveOrder,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  statusesMovingTo,
} from './order-statuses.ts';

describe("the order's state machine", () => {
  it('only moves forward: no status can be reached again from where it leads', () => {
    const reachable = (from: OrderStatus, seen = new Set<OrderStatus>()): Set<OrderStatus> => {
      for (const to of ORDER_TRANSITIONS[from]) if (!seen.has(to)) reachable(to, seen.add(to));
      return seen;
    };
    for (const status of ORDER_STATUSES) expect(reachable(status).has(status), status).toBe(false);
    expect(statusesMovingTo('new')).toEqual([]);
  });

  it('ends at done, declined and canceled, and nothing else is a dead end', () => {
    expect(ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].length === 0)).toEqual([
      'done',
      'declined',
      'canceled',
    ]);
  });

  it('declines from new or accepted, and cancels only before acceptance (as the customer may)', () => {
    expect(statusesMovingTo('accepted')).toEqual(['new']);
    expect(statusesMovingTo('declined')).toEqual(['new', 'accepted']);
    expect(statusesMovingTo('canceled')).toEqual(['new']);
    expect(statusesMovingTo('canceled')).toEqual([...CUSTOMER_CANCELLABLE_STATUSES]);
    expect(canMoveOrder('cooking', 'declined')).toBe(false);
    expect(canMoveOrder('ready', 'on_the_way')).toBe(false);
  });

  it("offers the board's one forward step only where the machine allows it, for either method", () => {
    for (const method of CUSTOMER_DELIVERY_METHODS) {
      for (const from of ORDER_STATUSES) {
        const to = nextStaffStatus(from, method);
        if (to !== null) expect(canMoveOrder(from, to), `${from} → ${to} (${method})`).toBe(true);
      }
    }
    expect(nextStaffStatus('cooking', 'DELIVERY')).toBe('on_the_way');
    expect(nextStaffStatus('cooking', 'TAKE_AWAY')).toBe('ready');
  });
});
