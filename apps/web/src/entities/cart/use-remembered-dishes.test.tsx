import { minor } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from './cart-store.ts';
import { useRememberedDishes } from './use-remembered-dishes.ts';

function dish(id: number, ru: string, photos: string[] = []): Position {
  return {
    id,
    menu: { id: 1 },
    positionGroup: null,
    name: { ru },
    description: { ru: '' },
    measure: null,
    price: minor(49_000),
    photos,
    tags: [],
    isAdult: false,
    order: id,
  };
}

function renderWith(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRememberedDishes(), { wrapper });
}

describe('the cart remembering its dishes', () => {
  afterEach(() => {
    cartStore.getState().clear();
    vi.unstubAllGlobals();
  });

  it('remembers a dish when it is added from a loaded menu, and keeps it once the menu has it no more', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      ['menu-positions', 1],
      [dish(6, 'Дракон'), dish(7, 'Спайси сякэ', ['/media/7.jpg'])],
    );
    renderWith(queryClient);

    act(() => cartStore.getState().add({ id: 7, menuId: 1, price: minor(49_000), modifiers: [] }));
    await waitFor(() =>
      expect(cartStore.getState().positions[0]?.label).toEqual({
        name: { ru: 'Спайси сякэ' },
        photo: '/media/7.jpg',
        measure: null,
      }),
    );

    // The menu loaded again without it (hidden in the back office): the line keeps its name.
    act(() => queryClient.setQueryData(['menu-positions', 1], [dish(6, 'Дракон')]));
    expect(cartStore.getState().positions[0]?.label?.name).toEqual({ ru: 'Спайси сякэ' });
    // Only menus already loaded are read: nothing is fetched for this.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names the lines of a cart stored without names once their menu is loaded', async () => {
    vi.stubGlobal('fetch', vi.fn());
    cartStore.getState().add({ id: 6, menuId: 1, price: minor(77_000), modifiers: [] });
    const queryClient = new QueryClient();
    renderWith(queryClient);
    expect(cartStore.getState().positions[0]).not.toHaveProperty('label');
    act(() => queryClient.setQueryData(['menu-positions', 1], [dish(6, 'Дракон')]));
    await waitFor(() => expect(cartStore.getState().positions[0]?.label?.name).toEqual({ ru: 'Дракон' }));
  });
});
