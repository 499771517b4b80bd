import { describe, expect, it } from 'vitest';
import { changedFields, entityNameOf } from './audit-diff.ts';

describe('changedFields', () => {
  it('keeps only the fields that changed, whatever the order of keys', () => {
    const before = { name: { ru: 'Ролл', en: 'Roll' }, price: 34900, isPublished: true, tagIds: [1, 2] };
    const after = { name: { en: 'Roll', ru: 'Ролл' }, price: 39000, isPublished: true, tagIds: [1, 2] };
    expect(changedFields(before, after)).toEqual([{ field: 'price', before: 34900, after: 39000 }]);
  });

  it('spreads a menu’s methods into a field each', () => {
    const before = { methods: { isDelivery: true, isTakeAway: true } };
    const after = { methods: { isDelivery: false, isTakeAway: true } };
    expect(changedFields(before, after)).toEqual([
      { field: 'methods.isDelivery', before: true, after: false },
    ]);
  });

  it('reads a change of the brand’s theme as the colour alone', () => {
    expect(
      changedFields(
        { theme: { mode: 'dark', primary: '#5bd0a4' } },
        { theme: { mode: 'dark', primary: '#e0457b' } },
      ),
    ).toEqual([{ field: 'theme.primary', before: '#5bd0a4', after: '#e0457b' }]);
  });

  it('reads a relink to iiko as the part that changed, and a link as its parts new', () => {
    const link = {
      provider: 'iiko',
      organizationId: 'org',
      terminalGroupId: 'a',
      paymentTypes: { cash: 'c' },
    };
    expect(changedFields({ link }, { link: { ...link, terminalGroupId: 'b' } })).toEqual([
      { field: 'link.terminalGroupId', before: 'a', after: 'b' },
    ]);
    expect(changedFields({ link: null }, { link }).map((change) => change.field)).toEqual([
      'link.provider',
      'link.organizationId',
      'link.terminalGroupId',
      'link.paymentTypes',
    ]);
  });

  it('reads a creation as every field new', () => {
    expect(changedFields({}, { login: 'olga', role: 'operator' })).toEqual([
      { field: 'login', before: undefined, after: 'olga' },
      { field: 'role', before: undefined, after: 'operator' },
    ]);
  });
});

describe('entityNameOf', () => {
  it('names the row by its name, else its login', () => {
    expect(entityNameOf({ before: {}, after: { name: 'Ольга', login: 'olga' } })).toBe('Ольга');
    expect(entityNameOf({ before: { login: 'olga' }, after: {} })).toBe('olga');
    expect(entityNameOf({ before: {}, after: { price: 1 } })).toBeUndefined();
  });
});
