import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { promotion, renderAtPromotion } from '../../../test/fixtures/promotions-fixtures.tsx';
import { stubApi } from '../../../test/render-app.tsx';
import { PromotionLayer } from './promotion-layer.tsx';

const rich = promotion(3, {
  title: { ru: 'Два сета по цене одного' },
  text: { ru: 'Только **по вторникам** и **средам**.\nНе суммируется.\n\nЗаказ от **1500 ₽**.' },
  image: '/media/promo-3.jpg',
  endsAt: '2099-12-31T20:59:59Z',
});

describe('promotion layer', () => {
  beforeEach(() => {
    stubApi({ '/1/restos/1/promotions': [promotion(1), rich] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the title, picture, last day and the markdown text with bold as <strong>', async () => {
    await renderAtPromotion(<PromotionLayer backTo="/promotions" showViewAll={false} />, {
      entry: '/promotions/3',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Два сета по цене одного' });
    const bold = dialog.querySelectorAll('strong');
    expect(Array.from(bold, (b) => b.textContent)).toEqual(['по вторникам', 'средам', '1500 ₽']);
    const paragraphs = within(dialog).getAllByText(/Только|Заказ/, { selector: 'p' });
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.querySelector('br')).not.toBeNull();
    expect(within(dialog).getByText('до 31 декабря 2099 г.')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/promo-3.jpg');
    expect(dialog.innerHTML).not.toContain('**');
  });

  it('leads to the dish a promotion links to', async () => {
    stubApi({ '/1/restos/1/promotions': [{ ...rich, linkMenuId: 2, linkPositionId: 201 }] });
    await renderAtPromotion(<PromotionLayer backTo="/promotions" showViewAll={false} />, {
      entry: '/promotions/3',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Два сета по цене одного' });
    expect(within(dialog).getByRole('link', { name: 'Открыть блюдо' })).toHaveAttribute(
      'href',
      '/menus/2/positions/201',
    );
    expect(within(dialog).queryByRole('link', { name: 'Все акции' })).not.toBeInTheDocument();
  });

  it("offers 'view all' only when opened from home", async () => {
    const first = await renderAtPromotion(<PromotionLayer backTo="/promotions" showViewAll={false} />, {
      entry: '/promotions/3',
    });
    await screen.findByRole('dialog', { name: 'Два сета по цене одного' });
    expect(screen.queryByRole('link', { name: 'Все акции' })).not.toBeInTheDocument();
    first.unmount();

    await renderAtPromotion(<PromotionLayer backTo="/" showViewAll />, {
      entry: '/promotions/3',
      state: { from: 'home' },
    });
    await screen.findByRole('dialog', { name: 'Два сета по цене одного' });
    expect(screen.getByRole('link', { name: 'Все акции' })).toHaveAttribute('href', '/promotions');
  });

  it('closing goes back to where it was opened from', async () => {
    await renderAtPromotion(<PromotionLayer backTo="/" showViewAll />, { entry: '/promotions/3' });
    await screen.findByRole('dialog', { name: 'Два сета по цене одного' });
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so for a promotion not running in the chosen restaurant, with a link to all of them', async () => {
    await renderAtPromotion(<PromotionLayer backTo="/promotions" showViewAll={false} />, {
      entry: '/promotions/42',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Такой акции сейчас нет' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Все акции' }));
    expect(screen.getByText('list page')).toBeInTheDocument();
  });

  it('without a chosen restaurant nothing is running', async () => {
    await renderAtPromotion(<PromotionLayer backTo="/" showViewAll />, {
      entry: '/promotions/3',
      location: { resto: null },
    });
    expect(await screen.findByRole('dialog', { name: 'Такой акции сейчас нет' })).toBeInTheDocument();
  });
});
