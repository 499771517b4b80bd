import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, NavLink } from './app-link.tsx';
import { MemoryRouter, useLocation } from './router.tsx';

function Shown() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderLinks(link: React.ReactNode, path = '/') {
  return render(
    <MemoryRouter path={path}>
      {link}
      <Shown />
    </MemoryRouter>,
  );
}

/** Clicks, and tells whether a handler of ours took the click from the browser (jsdom cannot load pages). */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const seeAndStop = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', seeAndStop);
  fireEvent(link, new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  document.removeEventListener('click', seeAndStop);
  return taken;
}

describe('AppLink', () => {
  it('is a plain anchor whose plain click the router follows, with its state', () => {
    renderLinks(
      <AppLink to="/promotions/3" state={{ from: 'home' }}>
        Акция
      </AppLink>,
    );
    const link = screen.getByRole('link', { name: 'Акция' });
    expect(link.getAttribute('href')).toBe('/promotions/3');
    expect(click(link)).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/promotions/3 {"from":"home"}');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser (a new tab or window)', (_, init) => {
    renderLinks(<AppLink to="/restos">Рестораны</AppLink>);
    expect(click(screen.getByRole('link', { name: 'Рестораны' }), init)).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });

  it('leaves a link with another target to the browser', () => {
    renderLinks(
      <AppLink to="/restos" target="_blank">
        Рестораны
      </AppLink>,
    );
    expect(click(screen.getByRole('link', { name: 'Рестораны' }))).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });

  it('calls its own click handler first, and does not navigate when that handler prevents it', () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderLinks(
      <AppLink to="/cart" onClick={onClick}>
        Корзина
      </AppLink>,
    );
    click(screen.getByRole('link', { name: 'Корзина' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });

  it('navigates without state when given none', () => {
    renderLinks(<AppLink to="/restos/2">Ресторан</AppLink>);
    fireEvent.click(screen.getByRole('link', { name: 'Ресторан' }));
    expect(screen.getByTestId('where').textContent).toBe('/restos/2 null');
  });
});

describe('NavLink', () => {
  it.each([
    ['/promotions', '/promotions', false, true],
    ['/promotions', '/promotions/3', false, true],
    ['/promotions', '/Promotions/', false, true],
    ['/promotions', '/promotions-old', false, false],
    ['/', '/', true, true],
    ['/', '/restos', true, false],
    ['/promotions', '/promotions/3', true, false],
  ])('to %s at %s (end: %s) marks the current page: %s', (to, at, end, current) => {
    renderLinks(
      <NavLink to={to} end={end}>
        Ссылка
      </NavLink>,
      at,
    );
    const link = screen.getByRole('link', { name: 'Ссылка' });
    expect(link.getAttribute('aria-current')).toBe(current ? 'page' : null);
  });

  it('follows the location', () => {
    renderLinks(
      <>
        <NavLink to="/restos">Рестораны</NavLink>
        <AppLink to="/restos/2">Ресторан</AppLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Рестораны' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ресторан' }));
    expect(screen.getByRole('link', { name: 'Рестораны' }).getAttribute('aria-current')).toBe('page');
  });
});
