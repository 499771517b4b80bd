import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METRIKA_TAG_URL, type MetrikaWindow } from '../shared/analytics/load-metrika.ts';
import { connectAnalytics } from '../shared/analytics/track.ts';
import { AppLink } from '../shared/navigation/app-link.tsx';
import { MemoryRouter } from '../shared/navigation/router.tsx';
import { PageViews } from './page-views.tsx';

const tags = () => Array.from(document.scripts).filter((script) => script.src === METRIKA_TAG_URL);
const now = (run: () => void) => run();
const configured = { production: true, metrikaId: '98765432', afterFirstScreen: now };
/** The page views the counter was given, by URL (its stub keeps every call until tag.js runs). */
const hits = () =>
  ((window as Window & MetrikaWindow).ym?.a ?? []).filter((call) => call[1] === 'hit').map((call) => call[2]);

/** What a page load finds: the analytics modules and the consent store fresh (their state is their own). */
async function freshVisit() {
  vi.resetModules();
  const [{ startAnalytics }, { track, connectAnalytics }, { consentStore }] = await Promise.all([
    import('./analytics.ts'),
    import('../shared/analytics/track.ts'),
    import('../entities/consent/consent-store.ts'),
  ]);
  return { startAnalytics, track, connectAnalytics, consentStore };
}
let visit: Awaited<ReturnType<typeof freshVisit>>;

/** Analytics is off: an event tracked now never reaches a counter connected later (while pending it would). */
function dropsEvents(): boolean {
  visit.track({ type: 'page-view', url: '/probe' });
  const sink = vi.fn();
  visit.connectAnalytics(sink);
  return sink.mock.calls.length === 0;
}

describe('the analytics counter in the storefront (decision 29)', () => {
  beforeEach(async () => {
    visit = await freshVisit();
  });
  afterEach(() => {
    delete (navigator as { webdriver?: boolean }).webdriver;
    for (const tag of tags()) tag.remove();
    const win = window as Window & MetrikaWindow;
    delete win.ym;
    delete win.dataLayer;
  });

  it.each([
    ['not production', { ...configured, production: false }],
    ['no counter configured', { ...configured, metrikaId: null }],
  ])('%s: nothing is loaded, even with consent, and events are dropped', (_name, start) => {
    visit.consentStore.setState({ cookiesConsentAccepted: true });
    const load = vi.fn();
    visit.startAnalytics({ ...start, load });
    expect(load).not.toHaveBeenCalled();
    expect(dropsEvents()).toBe(true);
    expect(tags()).toHaveLength(0);
  });

  it('in a browser driven by automation nothing loads, even in production with consent', () => {
    // jsdom has no navigator.webdriver; a WebDriver-driven browser says true.
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    visit.consentStore.setState({ cookiesConsentAccepted: true });
    const load = vi.fn();
    visit.startAnalytics({ ...configured, load });
    expect(load).not.toHaveBeenCalled();
    expect(dropsEvents()).toBe(true);
    expect(tags()).toHaveLength(0);
  });

  it('waits for cookie consent, then for the first screen, then loads the counter', async () => {
    const later: Array<() => void> = [];
    visit.startAnalytics({ ...configured, afterFirstScreen: (run) => later.push(run) });
    visit.track({ type: 'page-view', url: '/menus/3' });
    expect(tags()).toHaveLength(0);
    expect(later).toHaveLength(0);
    act(() => visit.consentStore.getState().acceptCookies());
    expect(later).toHaveLength(1);
    expect(tags()).toHaveLength(0);
    later[0]?.();
    // What was tracked while waiting reaches the counter once it is connected.
    await vi.waitFor(() => expect(hits()).toEqual(['/menus/3']));
    expect(tags()).toHaveLength(1);
    expect((window as Window & MetrikaWindow).ym?.a?.[0]?.slice(0, 2)).toEqual([98765432, 'init']);
  });

  it('sends a page view for the first screen and for each route change', async () => {
    const sink = vi.fn();
    connectAnalytics(sink);
    render(
      <MemoryRouter>
        <AppLink to="/menus/3?x=1">Меню</AppLink>
        <PageViews />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Меню' }));
    const origin = window.location.origin;
    expect(sink.mock.calls.map(([event]) => event)).toEqual([
      { type: 'page-view', url: `${origin}/` },
      { type: 'page-view', url: `${origin}/menus/3?x=1`, referrer: `${origin}/` },
    ]);
  });
});
