import { act, render, screen } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchPath, Navigate, Route, Switch, useLocation, useNavigate, useParams } from './router.tsx';

/** The browser's history (no MemoryRouter): what customers run. */
function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</p>;
}

let navigate: ReturnType<typeof useNavigate> = () => {};
function Navigator() {
  navigate = useNavigate();
  return null;
}

const layoutMounted = vi.fn();
function Layout({ children }: { children: ReactNode }) {
  useEffect(() => layoutMounted(), []);
  return <main>{children}</main>;
}
function Resto() {
  return <p>resto {useParams().restoId}</p>;
}

const where = () => screen.getByTestId('where').textContent;

describe('the router in the browser', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('navigates with state (kept in history.state) and without, and follows the back button', async () => {
    render(
      <>
        <Navigator />
        <Where />
      </>,
    );
    expect(where()).toBe('/ null');
    act(() => navigate('/promotions/3', { state: { from: 'home' } }));
    expect(where()).toBe('/promotions/3 {"from":"home"}');
    expect(window.history.state).toEqual({ from: 'home' });
    act(() => navigate('/cart?x=1'));
    expect(where()).toBe('/cart?x=1 null');
    const length = window.history.length;
    act(() => navigate('/auth', { replace: true }));
    expect(window.history.length).toBe(length);
    window.history.back();
    await vi.waitFor(() => expect(where()).toBe('/promotions/3 {"from":"home"}'));
  });

  it('sees a hash changed by a plain anchor', async () => {
    render(
      <>
        <a href="#group-2">Группа</a>
        <Where />
      </>,
    );
    act(() => screen.getByRole('link', { name: 'Группа' }).click());
    await vi.waitFor(() => expect(where()).toBe('/#group-2 null'));
  });

  it('<Navigate> replaces the location once drawn', () => {
    window.history.replaceState(null, '', '/nowhere');
    const length = window.history.length;
    render(
      <>
        <Switch>
          <Route path="/">home</Route>
          <Route>
            <Navigate to="/" replace />
          </Route>
        </Switch>
        <Where />
      </>,
    );
    expect(where()).toBe('/ null');
    expect(window.history.length).toBe(length);
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('keeps a layout drawn across the pages under it, and gives each page its params', () => {
    window.history.replaceState(null, '', '/restos');
    render(
      <>
        <Navigator />
        <Switch>
          <Route path="/restos">
            <Layout>restos</Layout>
          </Route>
          <Route path="/restos/:restoId">
            <Layout>
              <Resto />
            </Layout>
          </Route>
        </Switch>
      </>,
    );
    act(() => navigate('/restos/2'));
    expect(screen.getByText('resto 2')).toBeTruthy();
    act(() => navigate('/restos/3'));
    expect(screen.getByText('resto 3')).toBeTruthy();
    expect(layoutMounted).toHaveBeenCalledOnce();
  });
});

describe('matchPath', () => {
  it.each([
    ['/menus/:menuId/positions/:positionId', '/menus/1/positions/2', true],
    ['/menus/:menuId/positions/:positionId', '/Menus/1/positions/2/', true],
    ['/menus/:menuId/positions/:positionId', '/menus/1', false],
    ['/staff/*?', '/staff', true],
    ['/staff/*?', '/staff/board', true],
    ['/staff/*?', '/staffing', false],
  ])('%s against %s: %s', (pattern, pathname, matches) => {
    expect(matchPath(pattern, pathname)).toBe(matches);
  });
});
