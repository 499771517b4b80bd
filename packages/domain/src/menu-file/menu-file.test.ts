import { describe, expect, it } from 'vitest';
import { applyDishesCsv, dishesToCsv, formatRubles, parseCsv, parseRubles } from './dishes-csv.ts';
import { checkMenuFile } from './menu-file-check.ts';
import { diffMenuFile } from './menu-file-diff.ts';
import { type MenuFile, menuFile } from './menu-file-schema.ts';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const file: MenuFile = menuFile.parse({
  schemaVersion: 1,
  modifiers: [
    {
      key: 'sauce',
      name: { ru: 'Соус' },
      nameUi: { ru: 'Соус' },
      items: [{ key: 'soy', name: { ru: 'Соевый' } }],
    },
  ],
  menus: [
    {
      key: 'main',
      name: { ru: 'Меню' },
      methods: { delivery: true, takeAway: true, online: false, table: false },
      groups: [{ key: 'rolls', name: { ru: 'Роллы' }, order: 1 }],
      dishes: [
        {
          key: 'a',
          group: 'rolls',
          name: { ru: 'А', en: 'A' },
          price: 45_000,
          modifiers: [{ modifier: 'sauce', min: 0, max: 1 }],
        },
        { key: 'b', name: { ru: 'Б' }, price: 100 },
      ],
    },
  ],
});

describe('the menu file', () => {
  it('fills the defaults and finds nothing wrong with a good file', () => {
    expect(file.menus[0]?.dishes[1]).toMatchObject({ group: null, published: true, tags: [], measure: null });
    expect(checkMenuFile(file)).toEqual([]);
  });

  it('reports every cross-reference problem with its path', () => {
    const bad = copy(file);
    const [a, b] = bad.menus[0]?.dishes ?? [];
    if (!a || !b) throw new Error('no dishes');
    a.group = 'soups';
    a.modifiers = [{ modifier: 'nothing', min: 3, max: 1, order: 0 }];
    b.key = 'a';
    bad.timeSlots = [{ key: 'lunch', name: 'Обед', details: [], dishes: ['zzz'] }];
    expect(checkMenuFile(bad).map((p) => p.path.join('.'))).toEqual([
      'menus.0.dishes.1.key',
      'menus.0.dishes.0.group',
      'menus.0.dishes.0.modifiers.0.modifier',
      'menus.0.dishes.0.modifiers.0.min',
      'timeSlots.0.dishes.0',
    ]);
  });

  it('diffs field by field, and hides the published groups and dishes left out', () => {
    const next = copy(file);
    const menu = next.menus[0];
    const first = menu?.dishes[0];
    if (!menu || !first) throw new Error('no menu');
    first.price = 46_000;
    menu.dishes = [first, { ...first, key: 'c' }];
    menu.groups = [];
    first.group = null;
    const diff = diffMenuFile(file, next);
    expect(diff.counts).toEqual({ added: 1, changed: 1, hidden: 2 });
    expect(diff.changed[0]?.fields.map((f) => f.field)).toEqual(['group', 'price']);
    expect(diff.hidden).toEqual([
      { kind: 'group', key: 'rolls' },
      { kind: 'dish', key: 'b' },
    ]);
    expect(diffMenuFile(file, copy(file)).counts).toEqual({ added: 0, changed: 0, hidden: 0 });
  });
});

describe('the dishes as CSV', () => {
  it('reads rubles as spreadsheets write them, and writes them with a decimal comma', () => {
    expect(['450', '450,5', '450.50', '1 250,00', '1\u00a0250,00', '590 ₽', '0,01'].map(parseRubles)).toEqual(
      [45_000, 45_050, 45_050, 125_000, 125_000, 59_000, 1],
    );
    expect(['', 'abc', '1,234', '-5', '1e3', '12,3,4'].map(parseRubles)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(formatRubles(45_050)).toBe('450,50');
    expect(formatRubles(1)).toBe('0,01');
  });

  it('parses quotes, both separators, BOM and CRLF', () => {
    expect(parseCsv('\uFEFFa;b\r\n"x;y";"say ""hi"""\r\n').rows).toEqual([
      ['a', 'b'],
      ['x;y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n"1,5",2\n\n').rows).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });

  it('round-trips its own export without a change', () => {
    const { file: after, problems } = applyDishesCsv(file, dishesToCsv(file));
    expect(problems).toEqual([]);
    expect(diffMenuFile(file, after).counts).toEqual({ added: 0, changed: 0, hidden: 0 });
  });
});
