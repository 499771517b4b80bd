import type { StaffRole } from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import { switchLocale } from '@storefront/web/src/shared/i18n/i18n.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { readText } from '../../../shared/save-file.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { MenuFileScreen } from './menu-file-screen.tsx';

/** A blob's bytes (the tests' DOM has FileReader, not Blob.arrayBuffer). */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  call: string;
  search: string;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = (call: Call) => Response | Promise<Response>;

function stubApi(table: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        call: `${init?.method ?? 'GET'} ${url.pathname}`,
        search: url.search,
        body: init?.body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const handler = table[call.call];
      return handler ? handler(call) : json({ errors: [{ code: 'not-found', message: 'нет' }] }, 404);
    }),
  );
  return calls;
}

/** Today's menu as GET /api/v1/admin/menu-file answers it (what names the diff's rows). */
const TODAY = {
  schemaVersion: 1,
  modifiers: [],
  menus: [
    {
      key: 'main',
      name: { ru: 'Основное', en: 'Main' },
      groups: [{ key: 'rolls', name: { ru: 'Роллы' } }],
      dishes: [
        { key: 'philadelphia', name: { ru: 'Филадельфия', en: 'Philadelphia' }, price: 59000 },
        { key: 'dish-12', name: { ru: 'Калифорния' }, price: 45000 },
      ],
    },
  ],
  timeSlots: [],
};

const DIFF: AdminMenuFileImportResult['diff'] = {
  counts: { added: 1, changed: 1, hidden: 1 },
  added: [{ kind: 'dish', key: 'unagi' }],
  changed: [
    {
      kind: 'dish',
      key: 'philadelphia',
      fields: [
        { field: 'price', before: 59000, after: 62000 },
        { field: 'published', before: true, after: false },
      ],
    },
  ],
  hidden: [{ kind: 'dish', key: 'dish-12' }],
};

/** The chosen file: its dish "unagi" is named by the file itself. */
const FILE_TEXT = JSON.stringify({
  ...TODAY,
  menus: [
    {
      ...TODAY.menus[0],
      dishes: [
        { key: 'philadelphia', name: { ru: 'Филадельфия' }, price: 62000 },
        { key: 'unagi', name: { ru: 'Унаги' }, price: -5 },
      ],
    },
  ],
});

const signIn = (role: StaffRole) =>
  staffSessionStore.setState({
    session: {
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: Date.now() + 15 * 60_000,
      staff: { id: 1, login: role, name: 'Анна', role, restoIds: [] },
    },
  });

async function open() {
  const view = await renderBackOffice(<MenuFileScreen />, { path: '/menu/import-export' });
  await screen.findByRole('heading', { name: 'Импорт и экспорт меню' });
  return view;
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Выбрать файл'), { target: { files: [file] } });

describe('the Import and export tab', () => {
  beforeEach(() => signIn('manager'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks a chosen file as a dry run, shows the difference and applies it after the confirmation', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menu-file': () => json(TODAY),
      'POST /api/v1/admin/menu-file': ({ search }) =>
        json({ applied: search === '?dryRun=false', diff: DIFF }),
    });
    await open();
    const file = new File([FILE_TEXT], 'menu.json', { type: 'application/json' });
    choose(file);

    const title = await screen.findByRole('heading', {
      name: 'Что изменится (проверка, ещё ничего не применено)',
    });
    const dryRun = calls.find((c) => c.call === 'POST /api/v1/admin/menu-file');
    expect(dryRun?.search).toBe('?dryRun=true');
    expect(dryRun?.body).toBe(file);
    expect(dryRun?.headers['content-type']).toBe('application/json');
    expect(dryRun?.headers.authorization).toBe('Bearer a1');
    await waitFor(() => expect(title).toHaveFocus());

    const counts = screen.getByText('Добавится').closest('dl');
    expect(counts).toHaveTextContent('Добавится1Изменится1Скроется1');
    const changed = screen.getByRole('region', { name: 'Изменённые' });
    // Named from today's menu and from the chosen file; prices in rubles, before → after.
    expect(await within(changed).findByText('Филадельфия')).toBeInTheDocument();
    expect(changed).toHaveTextContent(/Цена:\s*Было:\s*590\s₽\s→\s*Станет:\s*620\s₽/);
    expect(changed).toHaveTextContent(/Показывается:\s*Было:\s*да\s→\s*Станет:\s*нет/);
    expect(
      await within(screen.getByRole('region', { name: 'Новые' })).findByText('Унаги'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /^Скрытые/ })).getByText('Калифорния'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Применить файл?' });
    expect(dialog).toHaveTextContent('Изменятся 3 строки меню: добавится 1, изменится 1, скроется 1.');
    expect(dialog).toHaveTextContent('Импорт не отменяется из журнала изменений');
    expect(within(dialog).getByRole('button', { name: 'Скачать текущее меню' })).toBeInTheDocument();
    expect(calls.filter((c) => c.search === '?dryRun=false')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('heading', { name: 'Применено' })).toBeInTheDocument();
    const apply = calls.find((c) => c.search === '?dryRun=false');
    expect(apply?.body).toBe(file);
    expect(screen.getByText('Добавлено').closest('dl')).toHaveTextContent('Добавлено1Изменено1Скрыто1');
    expect(screen.queryByRole('button', { name: 'Применить' })).toBeNull();
  });

  it('says a file that matches today’s menu changes nothing, with nothing to apply', async () => {
    stubApi({
      'GET /api/v1/admin/menu-file': () => json(TODAY),
      'POST /api/v1/admin/menu-file': () =>
        json({
          applied: false,
          diff: { counts: { added: 0, changed: 0, hidden: 0 }, added: [], changed: [], hidden: [] },
        }),
    });
    await open();
    choose(new File([JSON.stringify(TODAY)], 'menu.json'));
    expect(
      await screen.findByRole('heading', { name: 'Файл совпадает с текущим меню: ничего не изменится' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Применить' })).toBeNull();
  });

  it('lists every error of a refused file at its place, named from the file', async () => {
    const general = 'Файл меню не прошёл проверку';
    stubApi({
      'POST /api/v1/admin/menu-file': () =>
        json(
          {
            errors: [
              {
                code: 'admin.menu-file-invalid',
                message: `${general} — «menus.0.dishes.1.price»: цена от 1 коп.`,
                field: 'menus.0.dishes.1.price',
              },
              {
                code: 'admin.menu-file-invalid',
                message: `${general} — нет такой группы`,
                field: 'menus.0.dishes.1.group',
              },
              {
                code: 'admin.menu-file-invalid',
                message: `${general} — лишнее поле`,
                field: 'timeSlots.2.colour',
              },
            ],
          },
          422,
        ),
    });
    await open();
    choose(new File([FILE_TEXT], 'menu.json', { type: 'application/json' }));
    const title = await screen.findByRole('heading', { name: 'В файле 3 ошибки — ничего не изменилось' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.queryByText(new RegExp(general))).toBeNull();
    const list = screen.getByRole('region', { name: 'Ошибки в файле' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    await waitFor(() => expect(items[0]).toHaveTextContent('Меню «Основное» → блюдо «Унаги» → цена'));
    expect(items[0]).toHaveTextContent('menus.0.dishes.1.price');
    // The problem's words without the place the API repeats at their start.
    expect(within(items[0] as HTMLElement).getByText('цена от 1 коп.')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Меню «Основное» → блюдо «Унаги» → группа');
    expect(items[2]).toHaveTextContent('Время продаж 3 → colour');
    expect(screen.queryByRole('button', { name: 'Применить' })).toBeNull();
  });

  it('sends a CSV sheet to the dishes’ import and names its errors by row and column', async () => {
    const calls = stubApi({
      'POST /api/v1/admin/dishes.csv': () =>
        json(
          {
            errors: [
              {
                code: 'admin.menu-file-invalid',
                message: 'Файл не прошёл — не цена: «abc»',
                field: 'row 4.price',
              },
              { code: 'admin.menu-file-invalid', message: 'Файл не прошёл — нет блюда', field: 'row 7.key' },
            ],
          },
          422,
        ),
    });
    await open();
    const sheet = new File(['key;name_ru;price\n'], 'dishes.csv', { type: 'application/vnd.ms-excel' });
    choose(sheet);
    await screen.findByRole('heading', { name: 'В файле 2 ошибки — ничего не изменилось' });
    const post = calls.find((c) => c.call === 'POST /api/v1/admin/dishes.csv');
    expect(post?.headers['content-type']).toMatch(/^text\/csv/);
    expect(post?.search).toBe('?dryRun=true');
    const items = within(screen.getByRole('region', { name: 'Ошибки в файле' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Строка 4 → цена');
    expect(items[0]).toHaveTextContent('не цена: «abc»');
    expect(items[1]).toHaveTextContent('Строка 7 → ключ');
  });

  it('sends a .zip as application/zip', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menu-file': () => json(TODAY),
      'POST /api/v1/admin/menu-file': () => json({ applied: false, diff: DIFF }),
    });
    await open();
    choose(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'Menu.ZIP', { type: '' }));
    await screen.findByRole('button', { name: 'Применить' });
    expect(calls.find((c) => c.call === 'POST /api/v1/admin/menu-file')?.headers['content-type']).toBe(
      'application/zip',
    );
  });

  it('refuses another type of file, an empty one and one over the limit in the browser, sending nothing', async () => {
    const calls = stubApi({});
    await open();
    choose(new File(['x'], 'menu.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Файл «menu.xlsx» не подходит: нужен .json, .zip или .csv.',
    );
    choose(new File([''], 'menu.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Файл «menu.json» пуст.');
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Файл «big.csv» больше 5 МБ');
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the server cannot be reached, and shows a refusal’s own words', async () => {
    let reachable = false;
    stubApi({
      'GET /api/v1/admin/menu-file': () => json(TODAY),
      'POST /api/v1/admin/menu-file': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json({ errors: [{ code: 'payload-too-large', message: 'Слишком большой запрос' }] }, 413);
      },
    });
    await open();
    choose(new File([FILE_TEXT], 'menu.json'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Нет связи с сервером: файл не проверен.');
    reachable = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не получилось: Слишком большой запрос');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('downloads the menu as JSON and the dishes as CSV with the staff token', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/menu-file': () => json(TODAY),
      'GET /api/v1/admin/dishes.csv': () =>
        new Response('\uFEFFkey;price\nphiladelphia;590,00\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const saved: Blob[] = [];
    // jsdom has no blob URLs: the saved blob is caught where the page makes its URL.
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:saved';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Меню целиком (JSON)' }));
    expect(await screen.findByText(/^Скачан файл menu-.+\.json$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Блюда и цены (CSV)' }));
    expect(await screen.findByText(/^Скачан файл dishes-.+\.csv$/)).toBeInTheDocument();
    expect(clicks).toHaveBeenCalledTimes(2);
    expect(JSON.parse(await readText(saved[0] as Blob))).toEqual(TODAY);
    const csv = new Uint8Array(await bytesOf(saved[1] as Blob));
    // The byte order mark a Russian Excel reads UTF-8 by, kept although decoding the answer drops it.
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(calls.every((c) => c.headers.authorization === 'Bearer a1')).toBe(true);
  });

  it('lets an operator download but not import', async () => {
    signIn('operator');
    stubApi({});
    await open();
    expect(screen.getByRole('button', { name: 'Меню целиком (JSON)' })).toBeEnabled();
    expect(screen.getByText('Загружать меню могут управляющий и владелец.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Выбрать файл')).toBeNull();
  });

  it('speaks English when the interface does', async () => {
    stubApi({});
    const { i18n } = await open();
    await act(() => switchLocale(i18n, 'en'));
    expect(await screen.findByRole('heading', { name: 'Menu import and export' })).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file')).toBeInTheDocument();
    await act(() => switchLocale(i18n, 'ru'));
  });
});
