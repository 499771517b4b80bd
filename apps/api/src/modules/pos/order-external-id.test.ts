import { describe, expect, it } from 'vitest';
import { posOrderIdOf } from './order-external-id.ts';

describe("the POS order's id", () => {
  const placed = new Date('2026-03-14T12:00:00.000Z');

  it('is the same UUID (version 5) for the same order, every time', () => {
    const id = posOrderIdOf('demo', 42, placed);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posOrderIdOf('demo', 42, new Date(placed.getTime()))).toBe(id);
  });

  it('differs by brand, order and placement instant', () => {
    const id = posOrderIdOf('demo', 42, placed);
    expect(posOrderIdOf('other', 42, placed)).not.toBe(id);
    expect(posOrderIdOf('demo', 43, placed)).not.toBe(id);
    expect(posOrderIdOf('demo', 42, new Date(placed.getTime() + 1))).not.toBe(id);
  });
});
