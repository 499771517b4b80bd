import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch, useLocation } from '../../../shared/navigation/router.tsx';
import { kazanResto, promotion } from '../../../test/fixtures/promotions-fixtures.tsx';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderWithApp, stubApi } from '../../../test/render-app.tsx';
import { PromotionsCarousel } from './promotions-carousel.tsx';

const eight = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => promotion(id));
const scrollTo = vi.fn();

function StateProbe() {
  const { pathname, state } = useLocation();
  return <p>{`opened ${pathname} ${JSON.stringify(state)}`}</p>;
}

async function renderCarousel() {
  await renderWithApp(
    <>
      <PromotionsCarousel />
      <Switch>
        <Route path="/promotions/:promotionId">
          <StateProbe />
        </Route>
        <Route path="*" />
      </Switch>
    </>,
    { cities: [], resto: kazanResto },
  );
  return screen.findByRole('region', { name: 'Акции' });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('promotions carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/1/restos/1/promotions': eight });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { value: scrollTo, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    scrollTo.mockReset();
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  });

  it('opens the dish or the menu a promotion links to instead of its detail', async () => {
    stubApi({
      '/1/restos/1/promotions': [
        { ...promotion(1), linkMenuId: 2, linkPositionId: 201 },
        { ...promotion(2), linkMenuId: 3, linkPositionId: null },
        promotion(3),
      ],
    });
    const region = await renderCarousel();
    expect(within(region).getByRole('link', { name: 'Акция 1' })).toHaveAttribute(
      'href',
      '/menus/2/positions/201',
    );
    expect(within(region).getByRole('link', { name: 'Акция 2' })).toHaveAttribute('href', '/menus/3');
    expect(within(region).getByRole('link', { name: 'Акция 3' })).toHaveAttribute('href', '/promotions/3');
  });

  it('shows the first six promotions as labelled slides linking to their detail', async () => {
    const region = await renderCarousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(6);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides[0]).toHaveAccessibleName('1 из 6');
    expect(within(region).getByRole('link', { name: 'Акция 6' })).toHaveAttribute('href', '/promotions/6');
    expect(within(region).queryByText('Акция 7')).not.toBeInTheDocument();
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
  });

  it('advances every 6000 ms with a smooth scroll, and wraps after the last', async () => {
    await renderCarousel();
    // shouldAdvanceTime lets real milliseconds pass too, so check well before the interval ends.
    await advance(5000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
    await advance(1000);
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
    for (let i = 0; i < 5; i += 1) await advance(6000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
  });

  it('pauses while hovered and resumes when the pointer leaves', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const region = await renderCarousel();
    await user.hover(region);
    await advance(18_000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
    await user.unhover(region);
    await advance(6000);
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
  });

  it('pauses while focus is inside, while the page is hidden, and when stopped', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const region = await renderCarousel();
    act(() => within(region).getByRole('link', { name: 'Акция 1' }).focus());
    await advance(12_000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
    act(() => within(region).getByRole('link', { name: 'Акция 1' }).blur());

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(12_000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

    await user.click(screen.getByRole('button', { name: 'Остановить прокрутку акций' }));
    await user.unhover(region);
    act(() => screen.getByRole('button', { name: 'Возобновить прокрутку акций' }).blur());
    await advance(12_000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
  });

  it('moves with the previous / next buttons', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Следующая акция' }));
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Предыдущая акция' }));
    await user.click(screen.getByRole('button', { name: 'Предыдущая акция' }));
    expect(screen.getByText('6 / 6')).toBeInTheDocument();
  });

  it('does not move by itself when the user prefers reduced motion', async () => {
    stubMatchMedia(true);
    await renderCarousel();
    await advance(12_000);
    expect(screen.getByText('1 / 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Остановить прокрутку акций' })).not.toBeInTheDocument();
  });

  it('opens a promotion over home: the link carries {from: "home"}', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const region = await renderCarousel();
    await user.click(within(region).getByRole('link', { name: 'Акция 2' }));
    expect(screen.getByText('opened /promotions/2 {"from":"home"}')).toBeInTheDocument();
  });

  it('renders nothing without a restaurant or without promotions', async () => {
    const first = await renderWithApp(<PromotionsCarousel />, { cities: [], resto: null });
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    stubApi({ '/1/restos/1/promotions': [] });
    const second = await renderWithApp(<PromotionsCarousel />, { cities: [], resto: kazanResto });
    await advance(50);
    expect(second.container).toBeEmptyDOMElement();
  });
});
