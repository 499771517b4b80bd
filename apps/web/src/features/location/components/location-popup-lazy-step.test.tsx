import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { selectionsStorage, selectionsStore } from '../../../entities/location/selections-store.ts';
import { saveDeliveryToBaumana44 } from '../../../test/fixtures/location-fixtures.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { locationAnswer, renderWithApp, resto, stubApi, zone } from '../../../test/render-app.tsx';
import { LocationPopup } from './location-popup.tsx';
import { loadedMethodStepForm } from './method-step-form-loader.ts';

// The method step's chunk (its delivery-details form) arrives only when the test lets it.
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('./method-step-form.tsx', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const cities = [
  { id: 1, name: { ru: 'Казань', en: 'Kazan' }, order: 1 },
  { id: 2, name: { ru: 'Самара', en: 'Samara' }, order: 2 },
];
const KAZAN_LOCATION = '/1/p/location?cityId=1&whiteLabel=demo';

describe('location popup before its method step has loaded', () => {
  let calls: string[] = [];
  beforeEach(() => {
    stubMatchMedia(true);
    calls = stubApi({ [KAZAN_LOCATION]: locationAnswer(1, [resto({ id: 1 })], [zone(10, 1, 55.7, 49.0)]) });
    selectionsStorage.hydrate();
    selectionsStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    appFlagsStore.getState().closeLocation();
  });

  it('shows the city step without the form code, and the method step loading until its chunk is there', async () => {
    appFlagsStore.getState().openLocation({ persistent: true });
    const first = await renderWithApp(<LocationPopup />, { cities });
    await screen.findByRole('dialog', { name: 'Адрес' }, { timeout: 5000 });
    expect(screen.getByText('Выберите город')).toBeInTheDocument();
    expect(loadedMethodStepForm()).toBeNull();

    // A city picked before the chunk is there stays on the city step, its button busy, until both arrive.
    await userEvent.click(screen.getByRole('button', { name: 'Казань' }));
    await waitFor(() => expect(calls).toContain(KAZAN_LOCATION));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Казань' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Доставка' })).not.toBeInTheDocument();
    first.unmount();
    appFlagsStore.getState().closeLocation();

    // Opened again on a saved city: the method step's loading state, Save off, until the chunk arrives.
    saveDeliveryToBaumana44({ apartment: '7' });
    appFlagsStore.getState().openLocation({ persistent: false });
    await renderWithApp(<LocationPopup />, { cities });
    expect(await screen.findByRole('button', { name: 'Казань, сменить город' })).toBeInTheDocument();
    expect(screen.getByTestId('location-save')).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Доставка' })).not.toBeInTheDocument();

    chunk.release();
    expect(await screen.findByRole('radio', { name: 'Доставка' }, { timeout: 5000 })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Квартира / офис' })).toHaveValue('7');
    expect(screen.getByTestId('location-save')).toBeEnabled();
  });
});
