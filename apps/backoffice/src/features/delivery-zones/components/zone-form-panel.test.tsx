import type { AdminResto, AdminZone } from '@storefront/domain/contracts';
import { stubMatchMedia } from '@storefront/web/src/test/match-media.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSessionStore } from '../../../entities/staff-session/staff-session.ts';
import { renderBackOffice } from '../../../test/render-back-office.tsx';
import { kopecksOf, zoneBody, zoneIssues, zoneValues } from '../model/zone-form.ts';
import { ZoneFormPanel } from './zone-form-panel.tsx';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (body: unknown, headers: Record<string, string>) => Response;

function stubApi(table: Record<string, Handler>) {
  const calls: { call: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ call, body, headers });
      const handler = table[call];
      return handler ? handler(body, headers) : json({ errors: [{ code: 'not-found', message: 'nf' }] }, 404);
    }),
  );
  return calls;
}

const square = [
  { lat: 53.235, lng: 50.2 },
  { lat: 53.235, lng: 50.24 },
  { lat: 53.255, lng: 50.24 },
  { lat: 53.255, lng: 50.2 },
];
const zone: AdminZone = {
  id: 12,
  restoId: 7,
  name: { ru: 'Север' },
  polygon: square,
  bands: [
    { orderPriceMin: 50_000, orderPriceMax: 150_000, deliveryPrice: 19_900, timeMinutes: 55 },
    { orderPriceMin: 150_000, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 50 },
  ],
  isActive: true,
  priority: 0,
  color: '#2A9D8F',
  version: 3,
};
const restos = [
  { id: 6, name: { ru: 'На Ленинградской' }, isPublished: true },
  { id: 7, name: { ru: 'На Ново-Садовой' }, isPublished: true },
] as unknown as AdminResto[];
const common: Record<string, Handler> = { 'GET /api/v1/admin/restos': () => json({ restos }) };

const panel = (props: Partial<Parameters<typeof ZoneFormPanel>[0]> = {}) => (
  <ZoneFormPanel
    zone={zone}
    polygon={square}
    restoId={null}
    color="#2A9D8F"
    onColorChange={() => {}}
    onSaved={() => {}}
    onDeleted={() => {}}
    onClose={() => {}}
    {...props}
  />
);

describe('a delivery zone’s form', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    staffSessionStore.setState({
      session: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: Date.now() + 15 * 60_000,
        staff: { id: 1, login: 'manager', name: 'Анна', role: 'manager', restoIds: [] },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads rubles as kopecks and checks the bands and border by the domain’s rules', () => {
    expect(kopecksOf('1 500,50')).toBe(150_050);
    expect(kopecksOf('-1')).toBeNull();
    const values = zoneValues(zone);
    expect(values.bands[0]).toEqual({ from: '500', to: '1500', price: '199', minutes: '55' });
    expect(zoneIssues(values)).toEqual({});
    expect(zoneBody(values).bands).toEqual(zone.bands);
    const overlap = {
      ...values,
      bands: [values.bands[0], { ...values.bands[1], from: '1000' }],
    } as typeof values;
    expect(zoneIssues(overlap)).toEqual({ 'bands.1.from': 'bandsInvalid' });
    const bowTie = [square[0], square[2], square[1], square[3]] as typeof square;
    expect(zoneIssues({ ...values, polygon: bowTie })).toEqual({ polygon: 'polygon_self-intersecting' });
    expect(zoneIssues({ ...zoneValues(null), nameRu: 'X' })).toMatchObject({
      restoId: 'required',
      polygon: 'polygonMissing',
    });
  });

  it('says on the field that a band is wrong and sends nothing', async () => {
    const calls = stubApi(common);
    await renderBackOffice(panel());
    const to = await screen.findAllByLabelText('До, ₽');
    fireEvent.change(to[0] as HTMLElement, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('«До» должно быть больше «от»')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PATCH'))).toBe(false);
  });

  it('sends the whole zone in kopecks under If-Match, adds a band, and shows the API’s warning', async () => {
    const onSaved = vi.fn();
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/zones/12': (body) =>
        json({
          ...zone,
          ...(body as object),
          version: 4,
          warnings: [{ code: 'admin.zone-outside-city', message: 'Часть зоны за границами города' }],
        }),
    });
    await renderBackOffice(panel({ onSaved }));
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить строку' }));
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const last = within(rows[2] as HTMLElement);
    fireEvent.change(last.getByLabelText('От, ₽'), { target: { value: '3000' } });
    const middle = within(rows[1] as HTMLElement);
    fireEvent.change(middle.getByLabelText('До, ₽'), { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText('Приоритет', { exact: false }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'PATCH /api/v1/admin/zones/12')).toBe(true));
    const patch = calls.find((c) => c.call === 'PATCH /api/v1/admin/zones/12');
    expect(patch?.headers['if-match']).toBe('"3"');
    expect(patch?.body).toMatchObject({
      restoId: 7,
      priority: 5,
      polygon: square,
      bands: [
        zone.bands[0],
        { orderPriceMin: 150_000, orderPriceMax: 300_000, deliveryPrice: 0, timeMinutes: 50 },
        { orderPriceMin: 300_000, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 50 },
      ],
    });
    expect(await screen.findByText('Внимание: Часть зоны за границами города')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it('puts the API’s field error on the border and asks before deleting', async () => {
    const calls = stubApi({
      ...common,
      'PATCH /api/v1/admin/zones/12': () =>
        json(
          {
            errors: [
              {
                code: 'admin.zone-polygon-self-intersecting',
                field: 'polygon',
                message: 'Границы зоны пересекают сами себя',
              },
            ],
          },
          422,
        ),
      'DELETE /api/v1/admin/zones/12': () => json(null, 204),
    });
    const onDeleted = vi.fn();
    await renderBackOffice(panel({ onDeleted }));
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/Границы: Границы зоны пересекают сами себя/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить зону «Север»' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удаление можно отменить в журнале изменений');
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls.find((c) => c.call === 'DELETE /api/v1/admin/zones/12')?.headers['if-match']).toBe('"3"');
  });
});
