import { createI18n } from '@storefront/web/src/shared/i18n/i18n.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { menuFileTextsEn } from '../menu-file-texts.en.ts';
import { menuFileTexts } from '../menu-file-texts.ts';
import { checkImportFile, importKindOf } from './menu-file-api.ts';
import { readablePath, rowNames, sizeWords, valueWords } from './menu-file-words.ts';
import { MENU_FILE_NAMESPACE } from './use-menu-file-texts.ts';

let t: Parameters<typeof readablePath>[1];
let tEn: Parameters<typeof readablePath>[1];

beforeAll(async () => {
  const i18n = await createI18n({ [MENU_FILE_NAMESPACE]: menuFileTexts }, 'ru');
  i18n.addResourceBundle('en', MENU_FILE_NAMESPACE, menuFileTextsEn);
  t = i18n.getFixedT('ru', MENU_FILE_NAMESPACE) as typeof t;
  tEn = i18n.getFixedT('en', MENU_FILE_NAMESPACE) as typeof t;
});

const FILE = {
  modifiers: [
    { key: 'sauce', name: { ru: 'Соус', en: 'Sauce' }, items: [{ key: 'soy', name: { ru: 'Соевый' } }] },
  ],
  menus: [
    {
      key: 'main',
      name: { ru: 'Основное', en: 'Main' },
      dishes: [{ key: 'philadelphia', name: { ru: 'Филадельфия', en: 'Philadelphia' } }],
    },
  ],
  timeSlots: [{ key: 'lunch', name: 'Бизнес-ланч', details: [{ dayOfWeek: 1 }] }],
};

describe('an error’s place in words', () => {
  it('names list items from the file, or numbers them from 1 without it', () => {
    expect(readablePath('menus.0.dishes.0.price', t, 'ru', FILE)).toBe(
      'Меню «Основное» → блюдо «Филадельфия» → цена',
    );
    expect(readablePath('menus.0.dishes.0.price', tEn, 'en', FILE)).toBe(
      'Menu “Main” → dish “Philadelphia” → price',
    );
    expect(readablePath('menus.0.dishes.3.price', t, 'ru')).toBe('Меню 1 → блюдо 4 → цена');
    expect(readablePath('menus.0.dishes.0.name.en', t, 'ru')).toBe(
      'Меню 1 → блюдо 1 → название → по-английски',
    );
    expect(readablePath('modifiers.0.items.0.price', t, 'ru', FILE)).toBe(
      'Модификатор «Соус» → вариант «Соевый» → цена',
    );
    expect(readablePath('timeSlots.0.details.0.startAt', t, 'ru', FILE)).toBe(
      'Время продаж «Бизнес-ланч» → день 1 → начало',
    );
    expect(readablePath('menus.0.dishes.0.photos.2', t, 'ru', FILE)).toBe(
      'Меню «Основное» → блюдо «Филадельфия» → фото 3',
    );
  });

  it('keeps what it has no words for as the file spells it', () => {
    expect(readablePath('menus.0.colour', t, 'ru')).toBe('Меню 1 → colour');
    expect(readablePath('extras.1', t, 'ru')).toBe('Extras № 2');
  });

  it('words the whole file, the archive and a CSV row with its column', () => {
    expect(readablePath('(root)', t, 'ru')).toBe('Файл целиком');
    expect(readablePath('archive', t, 'ru')).toBe('Архив');
    expect(readablePath('row 4.price', t, 'ru')).toBe('Строка 4 → цена');
    expect(readablePath('row 12.name_en', tEn, 'en')).toBe('Row 12 → name in English');
    expect(readablePath('row 2', t, 'ru')).toBe('Строка 2');
  });
});

describe('a diff in words', () => {
  it('names rows by the diff’s kind and key', () => {
    const names = rowNames(FILE, 'en');
    expect(names.get('dish:philadelphia')).toBe('Philadelphia');
    expect(names.get('menu:main')).toBe('Main');
    expect(names.get('modifier-item:sauce/soy')).toBe('Соевый');
    expect(names.get('time-slot:lunch')).toBe('Бизнес-ланч');
    expect(rowNames('not a file', 'ru').size).toBe(0);
  });

  it('shows money in rubles, flags as yes or no, names in both languages, lists joined', () => {
    expect(valueWords('price', 45050, 'ru', t)).toMatch(/^450,5\s₽$/);
    expect(valueWords('published', false, 'ru', t)).toBe('нет');
    expect(valueWords('name', { ru: 'Ролл', en: 'Roll' }, 'ru', t)).toBe('Ролл / Roll');
    expect(valueWords('description', null, 'ru', t)).toBe('—');
    expect(valueWords('tags', [], 'ru', t)).toBe('—');
    expect(valueWords('tags', ['spicy', 'vegan'], 'ru', t)).toBe('spicy, vegan');
    expect(valueWords('modifiers', [{ modifier: 'sauce', min: 0, max: 2, order: 1 }], 'ru', t)).toBe(
      'sauce 0–2',
    );
    expect(valueWords('methods', { delivery: true, takeAway: true, online: false }, 'ru', t)).toBe(
      'доставка, самовывоз',
    );
    expect(valueWords('measure', { value: 250, unit: 'g' }, 'ru', t)).toBe('250 g');
  });

  it('writes sizes as the language does', () => {
    expect(sizeWords(100 * 1024 * 1024, 'ru')).toBe('100 МБ');
    expect(sizeWords(1536, 'en')).toBe('2 kB');
  });
});

describe('the chosen file', () => {
  it('is told apart by its extension, else by its type', () => {
    expect(importKindOf({ name: 'menu.JSON', type: '' })).toBe('json');
    expect(importKindOf({ name: 'archive.zip', type: 'application/octet-stream' })).toBe('zip');
    expect(importKindOf({ name: 'dishes.csv', type: 'application/vnd.ms-excel' })).toBe('csv');
    expect(importKindOf({ name: 'dishes.xls', type: 'application/vnd.ms-excel' })).toBeNull();
    expect(importKindOf({ name: 'menu.json.txt', type: 'text/plain' })).toBeNull();
    expect(importKindOf({ name: 'menu', type: 'application/json' })).toBe('json');
    expect(importKindOf({ name: 'sheet', type: 'text/csv; charset=utf-8' })).toBe('csv');
    expect(importKindOf({ name: 'photo', type: 'image/jpeg' })).toBeNull();
  });

  it('is refused over the API’s limit: 5 MB for a file or a sheet, 100 MB for an archive', () => {
    const sized = (name: string, size: number) => ({ name, type: '', size }) as File;
    expect(checkImportFile(sized('menu.json', 5 * 1024 * 1024))).toEqual({ kind: 'json' });
    expect(checkImportFile(sized('menu.json', 5 * 1024 * 1024 + 1))).toEqual({
      reason: 'tooLarge',
      max: 5 * 1024 * 1024,
    });
    expect(checkImportFile(sized('menu.zip', 60 * 1024 * 1024))).toEqual({ kind: 'zip' });
    expect(checkImportFile(sized('menu.zip', 100 * 1024 * 1024 + 1))).toMatchObject({ reason: 'tooLarge' });
  });
});
