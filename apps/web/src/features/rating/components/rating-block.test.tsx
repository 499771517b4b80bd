import type { OrderRatingState } from '@storefront/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { testProfile, testTokens } from '../../../test/fixtures/order-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { resetServerClock, setServerNow } from '../../../test/test-clock.ts';
import type { RatingSource } from '../model/rating-client.ts';
import { RatingBlock } from './rating-block.tsx';

const kazan = { id: 1, name: { ru: 'Казань' }, order: 1 };
const NOW = Date.parse('2026-11-25T09:00:00Z');
const PATH = '/api/v1/persons/5/orders/77/rating';
const OWN: RatingSource = { kind: 'person', personId: 5, orderId: 77 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string) =>
  json({ errors: [{ code, message }] }, status);

function ratingState(overrides: Partial<OrderRatingState> = {}): OrderRatingState {
  return {
    orderId: 77,
    canRate: true,
    rating: null,
    reviewLinks: {
      yandexMaps: 'https://yandex.ru/maps/org/nori/123/reviews',
      twoGis: 'https://2gis.ru/kazan/firm/456/tab/reviews',
    },
    restoName: { ru: 'Нори-Нори на Баумана', en: 'Nori-Nori on Baumana' },
    number: 'Б-042',
    deliveryType: 'DELIVERY',
    ...overrides,
  };
}

const given = (stars: number, extra: Partial<NonNullable<OrderRatingState['rating']>> = {}) => ({
  stars,
  tags: [],
  comment: null,
  ratedAt: '2026-11-25T08:50:00Z',
  changeableUntil: '2026-11-26T08:50:00Z',
  ...extra,
});

type Answer = Response | 'network';
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the rating calls in turn from `gets` and `puts` (the last one repeats); records every call. */
function stubRating({ gets, puts = [] }: { gets: Answer[]; puts?: Answer[] }) {
  const calls: Call[] = [];
  const next = (answers: Answer[]) => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer || answer === 'network') throw new TypeError('Failed to fetch');
    return answer.clone();
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
      return next(method === 'PUT' ? puts : gets);
    }),
  );
  return calls;
}

const render = (source: RatingSource = OWN, locale: 'ru' | 'en' = 'ru') =>
  renderWithApp(<RatingBlock source={source} />, { cities: [kazan], city: kazan }, { locale });

describe('rating block', () => {
  beforeEach(() => {
    personStore.getState().signedIn(testTokens(), testProfile);
    setServerNow(NOW);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetServerClock();
  });

  it('shows a spinner while the rating loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    await render();
    expect(await screen.findByRole('status')).toHaveTextContent('Загружаем оценку…');
  });

  it('says a failed load in words and reads again on retry', async () => {
    const calls = stubRating({ gets: ['network', json(ratingState())] });
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить оценку');
    expect(alert).toHaveTextContent('Ошибка сети при обращении к серверу');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Оцените заказ' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
  });

  it('offers five stars as a radio group, and asks for a star before sending', async () => {
    const calls = stubRating({ gets: [json(ratingState())] });
    await render();
    const group = await screen.findByRole('group', { name: 'Ваша оценка' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 звезда из 5',
      '2 звезды из 5',
      '3 звезды из 5',
      '4 звезды из 5',
      '5 звёзд из 5',
    ]);
    // No tags before a star is chosen.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Выберите от 1 до 5 звёзд')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('offers what went wrong below four stars and what went well from four, dropping tags that no longer fit', async () => {
    stubRating({ gets: [json(ratingState())] });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '2 звезды из 5' }));
    expect(screen.getByRole('group', { name: 'Что пошло не так?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Холодное' }));
    expect(screen.getByRole('checkbox', { name: 'Курьер' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '3 звезды из 5' }));
    expect(screen.getByRole('checkbox', { name: 'Холодное' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '5 звёзд из 5' }));
    expect(screen.getByRole('group', { name: 'Что понравилось?' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Холодное' })).not.toBeInTheDocument();
    expect(
      screen
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Вкусно', false],
      ['Горячее', false],
      ['Вовремя', false],
      ['Вежливый курьер', false],
    ]);
  });

  it('offers no courier tags for take-away', async () => {
    stubRating({ gets: [json(ratingState({ deliveryType: 'TAKE_AWAY' }))] });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '1 звезда из 5' }));
    expect(screen.queryByRole('checkbox', { name: 'Курьер' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '4 звезды из 5' }));
    expect(screen.queryByRole('checkbox', { name: 'Вежливый курьер' })).not.toBeInTheDocument();
  });

  it('sends stars, tags and the comment, then thanks, shows what was given and invites a review on the maps', async () => {
    const rated = ratingState({
      rating: given(5, { tags: ['tasty', 'hot'], comment: 'Очень вкусно' }),
    });
    const calls = stubRating({ gets: [json(ratingState())], puts: [json(rated)] });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '5 звёзд из 5' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Вкусно' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Горячее' }));
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(comment).toHaveAttribute('maxlength', '1000');
    fireEvent.change(comment, { target: { value: '  Очень вкусно ' } });
    expect(screen.getByText('15 из 1000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect(await screen.findByRole('heading', { name: 'Спасибо за оценку' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: PATH,
      body: { stars: 5, tags: ['tasty', 'hot'], comment: 'Очень вкусно' },
    });
    expect(screen.getByRole('img', { name: '5 звёзд из 5' })).toHaveTextContent('★★★★★');
    expect(screen.getByTestId('rating-given-tags')).toHaveTextContent('ВкусноГорячее');
    expect(screen.getByTestId('rating-given-comment')).toHaveTextContent('Очень вкусно');
    expect(screen.getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    const invite = screen.getByTestId('rating-review-invite');
    expect(within(invite).getByRole('heading', { name: 'Оставьте отзыв о ресторане' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Яндекс Карты', 'https://yandex.ru/maps/org/nori/123/reviews'],
      ['2ГИС', 'https://2gis.ru/kazan/firm/456/tab/reviews'],
    ] as const) {
      const link = within(invite).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows only the listings the restaurant has, and no invitation without any', async () => {
    stubRating({
      gets: [
        json(
          ratingState({ rating: given(4), reviewLinks: { yandexMaps: null, twoGis: 'https://2gis.ru/x' } }),
        ),
      ],
    });
    const { unmount } = await render();
    const invite = await screen.findByTestId('rating-review-invite');
    expect(
      within(invite)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2ГИС']);
    unmount();
    stubRating({
      gets: [json(ratingState({ rating: given(5), reviewLinks: { yandexMaps: null, twoGis: null } }))],
    });
    await render();
    await screen.findByRole('heading', { name: 'Спасибо за оценку' });
    expect(screen.queryByTestId('rating-review-invite')).not.toBeInTheDocument();
  });

  it('invites no review below four stars', async () => {
    stubRating({ gets: [json(ratingState({ rating: given(3, { tags: ['late'] }) }))] });
    await render();
    await screen.findByRole('heading', { name: 'Спасибо за оценку' });
    expect(screen.getByTestId('rating-given-tags')).toHaveTextContent('Опоздали');
    expect(screen.queryByTestId('rating-review-invite')).not.toBeInTheDocument();
  });

  it('changes a given rating in the same form, filled with what was given', async () => {
    const before = ratingState({ rating: given(2, { tags: ['cold'], comment: 'Остыло' }) });
    const after = ratingState({ rating: given(4, { comment: 'Остыло, но вкусно' }) });
    const calls = stubRating({ gets: [json(before)], puts: [json(after)] });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    expect(screen.getByRole('radio', { name: '2 звезды из 5' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Холодное' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Комментарий' })).toHaveValue('Остыло');
    fireEvent.click(screen.getByRole('radio', { name: '4 звезды из 5' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий' }), {
      target: { value: 'Остыло, но вкусно' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('img', { name: '4 звезды из 5' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      stars: 4,
      tags: [],
      comment: 'Остыло, но вкусно',
    });
  });

  it('leaves a change with Cancel, keeping what was given', async () => {
    stubRating({ gets: [json(ratingState({ rating: given(5) }))] });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.getByRole('img', { name: '5 звёзд из 5' })).toBeInTheDocument();
  });

  it('offers no change once the day to change it is over', async () => {
    stubRating({
      gets: [json(ratingState({ rating: given(5, { changeableUntil: '2026-11-25T08:59:00Z' }) }))],
    });
    await render();
    await screen.findByRole('heading', { name: 'Спасибо за оценку' });
    expect(screen.queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
  });

  it('a change refused as too late (409) says so and shows the rating as it stands', async () => {
    const given5 = ratingState({ rating: given(5) });
    const calls = stubRating({
      gets: [json(given5), json({ ...given5, canRate: false })],
      puts: [refusal(409, 'rating.change-closed', 'Оценку можно изменить только в течение суток')],
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    fireEvent.click(screen.getByRole('radio', { name: '3 звезды из 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByTestId('rating-send-error')).toHaveTextContent(
      'Оценка не отправлена: Оценку можно изменить только в течение суток',
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(await screen.findByRole('img', { name: '5 звёзд из 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
  });

  it('an order not done (409) says so and offers no form', async () => {
    stubRating({
      gets: [json(ratingState()), json(ratingState({ canRate: false }))],
      puts: [refusal(409, 'rating.order-not-done', 'Оценить можно только выполненный заказ')],
    });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '1 звезда из 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByTestId('rating-send-error')).toHaveTextContent(
      'Оценить можно только выполненный заказ',
    );
    expect(
      await screen.findByText('Заказ можно будет оценить, когда он будет выполнен.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить' })).not.toBeInTheDocument();
  });

  it('a refused tag (422) says so and keeps the form as it was', async () => {
    stubRating({
      gets: [json(ratingState())],
      puts: [refusal(422, 'rating.tag-not-for-method', 'Этот отзыв не подходит к заказу навынос')],
    });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '1 звезда из 5' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Курьер' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByTestId('rating-send-error')).toHaveTextContent(
      'Этот отзыв не подходит к заказу навынос',
    );
    expect(screen.getByRole('checkbox', { name: 'Курьер' })).toBeChecked();
  });

  it('a send with no answer says so, and sending again gives the rating', async () => {
    const calls = stubRating({
      gets: [json(ratingState())],
      puts: ['network', json(ratingState({ rating: given(1) }))],
    });
    await render();
    fireEvent.click(await screen.findByRole('radio', { name: '1 звезда из 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByTestId('rating-send-error')).toHaveTextContent(
      'Оценка не отправлена: Ошибка сети при обращении к серверу',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('heading', { name: 'Спасибо за оценку' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('speaks English', async () => {
    stubRating({ gets: [json(ratingState({ rating: given(5, { tags: ['tasty'] }) }))] });
    await render(OWN, 'en');
    expect(await screen.findByRole('heading', { name: 'Thank you for your rating' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 stars of 5' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-given-tags')).toHaveTextContent('Tasty');
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yandex Maps' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leave a review of the restaurant' })).toBeInTheDocument();
  });
});

describe('rating block behind a link', () => {
  const LINK: RatingSource = { kind: 'link', token: 'r1.77.1764000000.abc' };

  beforeEach(() => {
    personStore.getState().signedOut();
    setServerNow(NOW);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetServerClock();
  });

  it('reads and gives the rating by the token, without sign-in, with the order’s number and restaurant', async () => {
    const calls = stubRating({
      gets: [json(ratingState())],
      puts: [json(ratingState({ rating: given(5) }))],
    });
    await render(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Оценка заказа' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-order-number')).toHaveTextContent('Заказ Б-042');
    expect(screen.getByText('Нори-Нори на Баумана')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '5 звёзд из 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('heading', { name: 'Спасибо за оценку' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/ratings/r1.77.1764000000.abc',
      'PUT /api/v1/ratings/r1.77.1764000000.abc',
    ]);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  for (const [status, code, message] of [
    [404, 'rating.link-invalid', 'Ссылка для оценки неверна'],
    [410, 'rating.link-expired', 'Ссылка для оценки устарела: оцените заказ на его странице'],
  ] as const) {
    it(`a ${code} link says why and leads to the orders, with no retry`, async () => {
      stubRating({ gets: [refusal(status, code, message)] });
      await render(LINK);
      expect(await screen.findByTestId('rating-load-error')).toHaveTextContent(message);
      expect(screen.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('href', '/orders');
      expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    });
  }

  it('a link whose read got no answer offers a retry', async () => {
    stubRating({ gets: ['network', json(ratingState())] });
    await render(LINK);
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('rating-order-number')).toBeInTheDocument();
  });

  it('an expired link speaks English too', async () => {
    stubRating({
      gets: [refusal(410, 'rating.link-expired', 'This rating link has expired: rate the order on its page')],
    });
    await render(LINK, 'en');
    expect(await screen.findByTestId('rating-load-error')).toHaveTextContent(
      'This rating link has expired: rate the order on its page',
    );
    expect(screen.getByRole('link', { name: 'My orders' })).toBeInTheDocument();
  });
});
