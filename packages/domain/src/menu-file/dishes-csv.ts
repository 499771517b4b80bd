import type { MenuFile, MenuFileProblem } from './index.ts';

/**
 * A brand's dishes as CSV for spreadsheet work (decision 47): one row per dish, its key first. The export is
 * written as a Russian Excel opens it by a double click: UTF-8 with a byte order mark, ';' between cells, prices in
 * rubles with a decimal comma (450,00). The import takes that and the other common shapes: ',' or ';' between
 * cells (told by the header row), with or without the mark, CRLF or LF, prices as 450 / 450,5 / 450.50 / 1 250,00.
 * It edits the dishes its rows name (names, price, shown or hidden) and leaves every other dish as it is: adding
 * and hiding by omission are the JSON file's.
 */

export const DISHES_CSV_COLUMNS = [
  'key',
  'menu',
  'group',
  'name_ru',
  'name_en',
  'price',
  'published',
] as const;
/** Columns an import may leave out: the informative ones and the English name. */
const OPTIONAL_COLUMNS = new Set(['menu', 'group', 'name_en', 'published']);

/** The byte order mark a Russian Excel needs to read UTF-8. */
export const CSV_BOM = '\uFEFF';
const BOM = CSV_BOM;

/** One cell, quoted (RFC 4180) when it holds a quote, a line break or the separator. */
export function csvCell(value: string, separator: string): string {
  return cell(value, separator);
}

function cell(value: string, separator: string): string {
  return /["\r\n]/.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Kopecks as a Russian spreadsheet shows rubles: 45000 → '450,00'. */
export function formatRubles(kopecks: number): string {
  const rubles = Math.trunc(kopecks / 100);
  return `${rubles},${String(kopecks % 100).padStart(2, '0')}`;
}

/**
 * Rubles as a spreadsheet may write them, to kopecks: '450', '450,5', '450.50', '1 250,00' (spaces, no-break
 * spaces or apostrophes between thousands), an optional '₽' or 'руб.'. Null for anything else, or more than two
 * decimals.
 */
export function parseRubles(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/\s*(₽|руб\.?|р\.?|RUB)$/iu, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The dishes of a menu file as CSV text, with the byte order mark. */
export function dishesToCsv(file: MenuFile): string {
  const separator = ';';
  const lines = [DISHES_CSV_COLUMNS.join(separator)];
  for (const menu of file.menus)
    for (const dish of menu.dishes)
      lines.push(
        [
          dish.key,
          menu.key,
          dish.group ?? '',
          dish.name.ru,
          dish.name.en ?? '',
          formatRubles(dish.price),
          dish.published ? 'yes' : 'no',
        ]
          .map((value) => cell(value, separator))
          .join(separator),
      );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** CSV text to rows of cells (RFC 4180 quoting), the separator told by the first line: ';' if it has one. */
export function parseCsv(text: string): { rows: string[][]; separator: ';' | ',' } {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"' && value === '') quoted = true;
    else if (char === separator) {
      row.push(value);
      value = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else value += char;
  }
  if (value !== '' || row.length > 0) {
    row.push(value);
    rows.push(row);
  }
  return { rows: rows.filter((r) => r.some((c) => c.trim() !== '')), separator };
}

const YES = new Set(['yes', 'да', 'true', '1', 'y', 'д']);
const NO = new Set(['no', 'нет', 'false', '0', 'n', 'н']);

/** A CSV problem: its row (1 the header) and column. */
const at = (row: number, column: string): (string | number)[] => [`row ${row}`, column];

/**
 * Applies CSV rows to a file (today's, exported): each row edits the dish its key names. Answers the new file and
 * every problem, each at 'row N.column'; `rowOfDish` maps a dish's key to its row, to place the file check's
 * problems back on the sheet.
 */
export function applyDishesCsv(
  today: MenuFile,
  text: string,
): { file: MenuFile; problems: MenuFileProblem[]; rowOfDish: Map<string, number> } {
  const problems: MenuFileProblem[] = [];
  const rowOfDish = new Map<string, number>();
  const file = JSON.parse(JSON.stringify(today)) as MenuFile;
  const { rows } = parseCsv(text);
  const [header, ...data] = rows;
  if (!header) {
    problems.push({ path: at(1, 'key'), message: { ru: 'файл пуст', en: 'the file is empty' } });
    return { file, problems, rowOfDish };
  }
  const columns = header.map((name) => name.trim().toLowerCase());
  const index = new Map(columns.map((name, i) => [name, i]));
  columns.forEach((name, i) => {
    if (!(DISHES_CSV_COLUMNS as readonly string[]).includes(name))
      problems.push({
        path: at(1, name || `column ${i + 1}`),
        message: { ru: `неизвестный столбец «${name}»`, en: `unknown column "${name}"` },
      });
  });
  for (const name of DISHES_CSV_COLUMNS)
    if (!index.has(name) && !OPTIONAL_COLUMNS.has(name))
      problems.push({ path: at(1, name), message: { ru: 'нет столбца', en: 'the column is missing' } });
  if (problems.length > 0) return { file, problems, rowOfDish };

  const dishes = new Map(file.menus.flatMap((menu) => menu.dishes.map((dish) => [dish.key, dish] as const)));
  data.forEach((cells, r) => {
    const rowNumber = r + 2;
    const get = (name: string) => {
      const i = index.get(name);
      return i === undefined ? undefined : (cells[i] ?? '').trim();
    };
    if (cells.length > columns.length)
      problems.push({
        path: at(rowNumber, 'key'),
        message: {
          ru: `в строке больше ячеек (${cells.length}), чем столбцов (${columns.length})`,
          en: `the row has more cells (${cells.length}) than columns (${columns.length})`,
        },
      });
    const key = get('key') ?? '';
    const dish = dishes.get(key);
    if (!dish) {
      problems.push({
        path: at(rowNumber, 'key'),
        message: key
          ? { ru: `нет блюда «${key}»`, en: `there is no dish "${key}"` }
          : { ru: 'не указан ключ блюда', en: 'the dish key is missing' },
      });
      return;
    }
    if (rowOfDish.has(key)) {
      problems.push({
        path: at(rowNumber, 'key'),
        message: {
          ru: `блюдо «${key}» уже было в строке ${rowOfDish.get(key)}`,
          en: `the dish "${key}" is already on row ${rowOfDish.get(key)}`,
        },
      });
      return;
    }
    rowOfDish.set(key, rowNumber);
    const nameRu = get('name_ru') ?? '';
    dish.name = { ...dish.name, ru: nameRu };
    const nameEn = get('name_en');
    if (nameEn !== undefined) {
      const { en: _en, ...rest } = dish.name;
      dish.name = nameEn === '' ? rest : { ...rest, en: nameEn };
    }
    const price = parseRubles(get('price') ?? '');
    if (price === null)
      problems.push({
        path: at(rowNumber, 'price'),
        message: {
          ru: 'цена должна быть числом рублей, например 450 или 450,50',
          en: 'the price must be rubles, e.g. 450 or 450.50',
        },
      });
    else dish.price = price;
    const published = get('published')?.toLowerCase();
    if (published !== undefined && published !== '') {
      if (YES.has(published)) dish.published = true;
      else if (NO.has(published)) dish.published = false;
      else
        problems.push({
          path: at(rowNumber, 'published'),
          message: { ru: 'должно быть «да» или «нет»', en: 'must be yes or no' },
        });
    }
  });
  return { file, problems, rowOfDish };
}
