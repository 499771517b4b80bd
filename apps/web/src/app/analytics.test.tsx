import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentStore } from '../entities/consent/consent-store.ts';
import { METRIKA_TAG_URL, type MetrikaWindow } from '../shared/analytics/load-metrika.ts';
import { analyticsState, connectAnalytics, resetAnalytics } from '../shared/analytics/track.ts';
import { startAnalytics } from './analytics.ts';
import { PageViews } from './page-views.tsx';

const tags = () => Array.from(document.scripts).filter((script) => script.src === METRIKA_TAG_URL);
const now = (run: () => void) => run();
const configured = { production: true, metrikaId: '98765432', isTest: false, afterFirstScreen: now };

describe('the analytics counter in the storefront (decision 29)', () => {
  afterEach(() => {
    delete (navigator as { webdriver?: boolean }).webdriver;
    resetAnalytics();
    consentStore.setState({ cookiesConsentAccepted: false });
    for (const tag of tags()) tag.remove();
    const win = window as Window & MetrikaWindow;
    delete win.ym;
    delete win.dataLayer;
  });

  it.each([
    ['not production', { ...configured, production: false }],
    ['no counter configured', { ...configured, metrikaId: null }],
    ['under test', { ...configured, isTest: true }],
  ])('%s: nothing is loaded, even with consent, and events are dropped', (_name, start) => {
    consentStore.setState({ cookiesConsentAccepted: true });
    const load = vi.fn();
    startAnalytics({ ...start, load });
    expect(load).not.toHaveBeenCalled();
    expect(analyticsState()).toBe('off');
    expect(tags()).toHaveLength(0);
  });

  it('in a browser driven by automation (no isTest given) nothing loads, even in production with consent', () => {
    // jsdom has no navigator.webdriver; a WebDriver-driven browser says true.
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    consentStore.setState({ cookiesConsentAccepted: true });
    const load = vi.fn();
    startAnalytics({ production: true, metrikaId: '98765432', afterFirstScreen: now, load });
    expect(load).not.toHaveBeenCalled();
    expect(analyticsState()).toBe('off');
    expect(tags()).toHaveLength(0);
  });

  it('waits for cookie consent, then for the first screen, then loads the counter', async () => {
    const later: Array<() => void> = [];
    startAnalytics({ ...configured, afterFirstScreen: (run) => later.push(run) });
    expect(tags()).toHaveLength(0);
    expect(later).toHaveLength(0);
    act(() => consentStore.getState().acceptCookies());
    expect(later).toHaveLength(1);
    expect(tags()).toHaveLength(0);
    later[0]?.();
    await vi.waitFor(() => expect(analyticsState()).toBe('on'));
    expect(tags()).toHaveLength(1);
    expect((window as Window & MetrikaWindow).ym?.a?.[0]?.slice(0, 2)).toEqual([98765432, 'init']);
  });

  it('sends a page view for the first screen and for each route change', async () => {
    const sink = vi.fn();
    connectAnalytics(sink);
    const router = createMemoryRouter([{ path: '*', element: <PageViews /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/menus/3?x=1'));
    const origin = window.location.origin;
    expect(sink.mock.calls.map(([event]) => event)).toEqual([
      { type: 'page-view', url: `${origin}/` },
      { type: 'page-view', url: `${origin}/menus/3?x=1`, referrer: `${origin}/` },
    ]);
  });
});
