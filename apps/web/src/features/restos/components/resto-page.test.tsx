import { formatMoney, minor } from '@storefront/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, resto } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow, WEDNESDAY_NOON } from '../../../test/test-clock.ts';
import RestoPage from './resto-page.tsx';

// A map that draws nothing: it records where it was asked to put the marker (jsdom has no layout).
const smallMap = vi.hoisted(() => ({ created: [] as unknown[], markers: [] as unknown[] }));
vi.mock('../../../shared/map/load-map.ts', () => ({
  loadMapFactory: async () => (_container: HTMLElement, options: unknown) => {
    smallMap.created.push(options);
    return {
      setView() {},
      zoomIn() {},
      zoomOut() {},
      setZones() {},
      setMarker: (point: unknown, options: unknown) => smallMap.markers.push({ point, options }),
      setPickupPoints() {},
      openPickupInfo() {},
      destroy() {},
    };
  },
}));

const cities = [{ id: 1, name: { ru: 'Казань' }, order: 1 }];
const nori = resto({
  id: 7,
  name: { ru: 'Нори на Баумана' },
  description: { ru: 'Суши у Кремля.' },
  phones: [{ value: '+7 (843) 123-45-67' }, { value: '8 800 555-35-35' }],
  emails: [{ value: 'hello@nori.example' }],
  links: [{ value: 'https://vk.com/nori' }, { value: 'javascript:alert(1)' }],
  tags: [{ id: 1, code: 'wifi', name: { ru: 'Wi-Fi' } }],
  photos: ['/media/r/1.jpg', '/media/r/2.jpg'],
  location: { lat: 55.7887, lng: 49.1221 },
  averageCheck: minor(150_000),
});

/**
 * renderWithApp wraps the ui in a MemoryRouter without entries; a <Switch location> inside it
 * matches the wanted path, so useParams() works without a second router.
 */
function renderAt(path: string, restos = [nori]) {
  return renderWithApp(
    <Switch location={path}>
      <Route path="/restos/:restoId">
        <RestoPage />
      </Route>
    </Switch>,
    { cities, restos },
  );
}

describe('restaurant page', () => {
  beforeEach(() => {
    setServerNow(WEDNESDAY_NOON);
    stubMatchMedia(true);
  });
  afterEach(() => {
    cleanup();
    resetServerClock();
  });

  it('shows the name, address, description, average bill, tags and whether it is open', async () => {
    await renderAt('/restos/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Нори на Баумана' })).toBeInTheDocument();
    expect(screen.getByText('Суши у Кремля.')).toBeInTheDocument();
    // Testing Library folds the no-break spaces of the formatted amount into plain ones.
    const bill = formatMoney(minor(150_000), 'RUB', 'ru').replace(/\s+/g, ' ');
    expect(screen.getByText('Средний чек').nextElementSibling).toHaveTextContent(bill);
    expect(within(screen.getByRole('list', { name: 'Особенности' })).getByText('Wi-Fi')).toBeInTheDocument();
    expect(screen.getByText('Открыто сейчас · до 23:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все рестораны' })).toHaveAttribute('href', '/restos');
  });

  it('links phones with digits and plus only, emails by mailto and web links in a new tab', async () => {
    await renderAt('/restos/7');
    expect(screen.getByRole('link', { name: '+7 (843) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+78431234567',
    );
    expect(screen.getByRole('link', { name: '8 800 555-35-35' })).toHaveAttribute('href', 'tel:88005553535');
    expect(screen.getByRole('link', { name: 'hello@nori.example' })).toHaveAttribute(
      'href',
      'mailto:hello@nori.example',
    );
    const vk = screen.getByRole('link', { name: /vk\.com\/nori/ });
    expect(vk).toHaveAttribute('href', 'https://vk.com/nori');
    expect(vk).toHaveAttribute('target', '_blank');
    expect(vk).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Not a web address: shown, never linked.
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
  });

  it('points to the place on OpenStreetMap with its coordinates', async () => {
    await renderAt('/restos/7');
    const map = screen.getByRole('link', { name: /Открыть на карте/ });
    expect(map).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=55.7887&mlon=49.1221#map=17/55.7887/49.1221',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/55\.78870, 49\.12210/)).toBeInTheDocument();
  });

  it('shows its place on a small still map', async () => {
    await renderAt('/restos/7');
    expect(
      await screen.findByRole('region', { name: 'Ресторан «Нори на Баумана» на карте' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(smallMap.markers).toHaveLength(1));
    expect(smallMap.created[0]).toMatchObject({ center: nori.location, zoom: 16, interactive: false });
    expect(smallMap.markers[0]).toEqual({
      point: nori.location,
      options: { draggable: false, title: 'Нори на Баумана' },
    });
    // A still picture: no zoom buttons to tab through.
    expect(screen.queryByRole('button', { name: 'Приблизить' })).not.toBeInTheDocument();
  });

  it('opens the opening hours and the photos', async () => {
    await renderAt('/restos/7');
    await userEvent.click(screen.getByRole('button', { name: 'Часы работы' }));
    const hours = await screen.findByRole('dialog', { name: 'Часы работы' });
    expect(within(hours).getAllByRole('row')).toHaveLength(7);
    await userEvent.click(within(hours).getByRole('button', { name: 'Закрыть' }));

    await userEvent.click(screen.getByRole('button', { name: 'Открыть фото 2 из 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Фотографии' });
    expect(within(viewer).getByRole('img', { name: 'Нори на Баумана, фото 2' })).toBeInTheDocument();
  });

  it('says a restaurant outside the chosen city is not found, with a way back to the list', async () => {
    await renderAt('/restos/99');
    expect(screen.getByRole('heading', { level: 1, name: 'Ресторан не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все рестораны' })).toHaveAttribute('href', '/restos');
  });
});
