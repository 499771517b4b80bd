import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { NavigationPanel } from './navigation-panel.tsx';

afterEach(() => act(() => appFlagsStore.getState().setNavigationOpen(false)));

it('opens on the first ask although its dialog loads only then, and a followed link closes it', async () => {
  await renderWithApp(<NavigationPanel />, { cities: [] });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  act(() => appFlagsStore.getState().setNavigationOpen(true));
  const panel = await screen.findByRole('dialog', { name: 'Навигация' });
  await userEvent.click(within(panel).getByRole('link', { name: 'Акции' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(appFlagsStore.getState().navigationOpen).toBe(false);

  act(() => appFlagsStore.getState().setNavigationOpen(true));
  expect(await screen.findByRole('dialog', { name: 'Навигация' })).toBeInTheDocument();
});
