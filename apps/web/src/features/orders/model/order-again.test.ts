import { minor } from '@storefront/domain';
import { describe, expect, it } from 'vitest';
import { makeLine } from '../../../test/fixtures/order-fixtures.ts';
import { planOrderAgain } from './order-again.ts';

const line = makeLine();
const position = (id: number, menuId = 1) => ({
  id,
  menu: { id: menuId },
  positionGroup: null,
  name: { ru: `#${id}` },
  description: { ru: '' },
  measure: null,
  price: minor(150_000),
  photos: [],
  tags: [],
  isAdult: false,
  order: id,
});
const modifiers = [
  {
    positionId: 1,
    modifiers: [
      {
        id: 1,
        modifierId: 3,
        minCount: 0,
        maxCount: 2,
        name: { ru: 'Соус' },
        nameUi: { ru: 'Соус' },
        items: [{ id: 7, name: { ru: 'Терияки' }, price: minor(5_000), order: 1 }],
      },
    ],
  },
];

describe('order again', () => {
  it('keeps a line whose menu, dish and modifier items are all still there, at today’s prices', () => {
    const order = {
      lines: [
        {
          ...line,
          modifiers: [{ id: 7, modifierId: 3, name: { ru: 'Терияки' }, count: 1, price: minor(1) }],
        },
      ],
    };
    const plan = planOrderAgain(order, new Set([1]), new Map([[1, [position(1)]]]), modifiers);
    expect(plan.gone).toEqual([]);
    expect(plan.add).toEqual([
      {
        id: 1,
        menuId: 1,
        price: 150_000,
        count: 2,
        hasModifiers: true,
        isAdult: false,
        modifiers: [{ id: 7, modifierId: 3, count: 1, price: 5_000 }],
      },
    ]);
  });

  it('leaves out the free condiments and the gift: the next preflight gives them again', () => {
    const order = {
      lines: [
        { ...line, modifiers: [] },
        { ...line, id: 2, kind: 'free' as const, modifiers: [] },
        { ...line, id: 3, kind: 'gift' as const, modifiers: [] },
      ],
    };
    const menu = [position(1), position(2), position(3)];
    const plan = planOrderAgain(order, new Set([1]), new Map([[1, menu]]), []);
    expect(plan.add.map((added) => added.id)).toEqual([1]);
    expect(plan.gone).toEqual([]);
  });

  it('names a line gone when its menu is not offered, the dish left it, or a modifier item is gone', () => {
    const order = {
      lines: [
        { ...line, id: 1, menu: { id: 2 } },
        { ...line, id: 4 },
        {
          ...line,
          id: 1,
          modifiers: [{ id: 8, modifierId: 3, name: { ru: 'X' }, count: 1, price: minor(1) }],
        },
      ],
    };
    const plan = planOrderAgain(order, new Set([1]), new Map([[1, [position(1)]]]), modifiers);
    expect(plan.add).toEqual([]);
    expect(plan.gone).toHaveLength(3);
  });
});
