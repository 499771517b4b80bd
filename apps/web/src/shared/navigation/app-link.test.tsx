import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, AppNavigateProvider } from './app-link.tsx';

function Shown() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderLinks(link: React.ReactNode, { provider = true } = {}) {
  const routes = (
    <>
      {link}
      <Routes>
        <Route path="*" element={<Shown />} />
      </Routes>
    </>
  );
  return render(
    <MemoryRouter initialEntries={['/']}>
      {provider ? <AppNavigateProvider>{routes}</AppNavigateProvider> : routes}
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

  it("outside the app's provider still navigates (the router's own link)", () => {
    renderLinks(<AppLink to="/restos/2">Ресторан</AppLink>, { provider: false });
    fireEvent.click(screen.getByRole('link', { name: 'Ресторан' }));
    expect(screen.getByTestId('where').textContent).toBe('/restos/2 null');
  });
});
