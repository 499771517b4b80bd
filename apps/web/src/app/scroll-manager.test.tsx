import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, type NavigateFunction, useNavigate } from '../shared/navigation/router.tsx';
import { keepsScroll, ScrollManager } from './scroll-manager.tsx';

describe('which navigations keep the scroll', () => {
  it('keeps it only for a top layer over its own page', () => {
    // Opening a dish over its menu or home, a promotion over the list or home.
    expect(keepsScroll('/menus/1', '/menus/1/positions/5', null)).toBe(true);
    expect(keepsScroll('/', '/menus/1/positions/5', null)).toBe(true);
    expect(keepsScroll('/promotions', '/promotions/3', null)).toBe(true);
    expect(keepsScroll('/', '/promotions/3', null)).toBe(true);
    // One layer to the next over the same page, and closing back to it.
    expect(keepsScroll('/menus/1/positions/5', '/menus/1/positions/6', '/menus/1')).toBe(true);
    expect(keepsScroll('/menus/1/positions/5', '/menus/1', '/menus/1')).toBe(true);
    expect(keepsScroll('/promotions/3', '/', '/')).toBe(true);
    // A phone's dish opened from home closes to its menu: the same dishes under it.
    expect(keepsScroll('/menus/1/positions/5', '/menus/1', '/')).toBe(true);
  });

  it('starts at the top for every other navigation, leaving a layer for another page included', () => {
    expect(keepsScroll('/menus/1', '/restos', null)).toBe(false);
    expect(keepsScroll('/menus/1/positions/5', '/cart', '/menus/1')).toBe(false);
    expect(keepsScroll('/promotions/3', '/restos', '/promotions')).toBe(false);
    // A layer whose page is not the one the customer was on: a new page under it.
    expect(keepsScroll('/cart', '/menus/1/positions/5', null)).toBe(false);
    expect(keepsScroll('/menus/2', '/menus/1/positions/5', null)).toBe(false);
    expect(keepsScroll('/menus/1/positions/5', '/menus/2/positions/7', '/menus/1')).toBe(false);
    // Opened over another page (a new page under it, already at the top), closed to its menu: the top.
    expect(keepsScroll('/menus/1/positions/5', '/menus/1', '/cart')).toBe(false);
  });
});

let navigate: NavigateFunction = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

describe('the scroll manager', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes to the top after a layer closes and the customer navigates on, and from a layer to another page', () => {
    render(
      <MemoryRouter path="/menus/1">
        <ScrollManager />
        <Navigator />
      </MemoryRouter>,
    );
    const go = (to: string) => act(() => navigate(to));
    go('/menus/1/positions/5');
    go('/menus/1');
    expect(scrollTo).not.toHaveBeenCalled();
    go('/restos');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    go('/menus/1');
    go('/menus/1/positions/5');
    expect(scrollTo).toHaveBeenCalledTimes(2);
    go('/cart');
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});

describe('a hash target', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.getElementById('group-1-5')?.remove();
    vi.restoreAllMocks();
  });

  it('is scrolled to smoothly once it appears, when the page under it is still loading', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    window.history.replaceState(null, '', '/#group-1-5');
    render(<ScrollManager />);
    expect(scrollIntoView).not.toHaveBeenCalled();
    const section = document.createElement('section');
    section.id = 'group-1-5';
    document.body.append(section);
    await waitFor(() => expect(scrolled).toEqual([section]));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });
});
