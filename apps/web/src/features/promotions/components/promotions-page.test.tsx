import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kazanResto, promotion } from '../../../test/fixtures/promotions-fixtures.tsx';
import { renderWithApp, stubApi } from '../../../test/render-app.tsx';
import PromotionsPage from './promotions-page.tsx';

const location = { cities: [], resto: kazanResto };

describe('promotions page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the cards with picture, title and the first sentence of the text', async () => {
    stubApi({
      '/1/restos/1/promotions': [
        promotion(1, { text: { ru: '**Скидка 20%** на роллы. Только по будням.\n\nВторой абзац.' } }),
        promotion(2),
      ],
    });
    await renderWithApp(<PromotionsPage />, location);
    expect(screen.getByRole('heading', { level: 1, name: 'Акции' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем акции…');
    const first = await screen.findByRole('link', { name: /Акция 1/ });
    expect(first).toHaveAttribute('href', '/promotions/1');
    expect(first).toHaveTextContent('Скидка 20% на роллы.');
    expect(first).not.toHaveTextContent('Только по будням');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("says 'Сейчас акций нет' when nothing is running", async () => {
    stubApi({ '/1/restos/1/promotions': [] });
    await renderWithApp(<PromotionsPage />, location);
    expect(await screen.findByText('Сейчас акций нет')).toBeInTheDocument();
  });

  it('offers a retry when loading failed', async () => {
    stubApi({});
    await renderWithApp(<PromotionsPage />, location);
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить акции');
    stubApi({ '/1/restos/1/promotions': [promotion(5)] });
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /Акция 5/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
