import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { renderWithApp } from '../../../test/render-app.tsx';
import AuthPage from './auth-page.tsx';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ACCESS = `${base64Url('{"alg":"HS256"}')}.${base64Url('{"sub":"7","exp":4102444800}')}.sig`;
const PROFILE = {
  id: 7,
  accountIds: [],
  avatar: null,
  deliveries: [],
  email: null,
  firstName: 'Анна',
  lastName: null,
  patronymic: null,
  phone: '+79123456789',
};

type Answer = { status: number; body: unknown };
/** Answers the sign-in calls from queues per path and records what was sent. */
function stubSignInApi(answers: Record<string, Answer[]>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = answers[path]?.shift() ?? {
        status: 404,
        body: { errors: [{ code: 'x', message: 'нет' }] },
      };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return sent;
}

const refusal = (status: number, code: string, message: string, extra: object = {}) => ({
  status,
  body: { errors: [{ code, message }], ...extra },
});

function renderAuth(state?: unknown) {
  return renderWithApp(
    <Switch>
      <Route path="/auth">
        <AuthPage />
      </Route>
      <Route path="/cart">{<p>Страница корзины</p>}</Route>
      <Route path="/">{<p>Главная</p>}</Route>
    </Switch>,
    { cities: [] },
    { entry: '/auth', state },
  );
}

describe('/auth: phone sign-in (docs/product.md §2 item 18, §4, §5, §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    personStore.getState().signedOut();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('a code request that gets no answer says “Ошибка сети”', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await renderAuth();
    await userEvent.type(screen.getByLabelText('Номер телефона'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByTestId('sign-in-refusal')).toHaveTextContent('Ошибка сети');
  });

  it('says what is wrong with the phone before asking for a code', async () => {
    const sent = stubSignInApi({});
    await renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Введите номер телефона')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Номер телефона'), '912345');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Укажите корректный номер')).toBeInTheDocument();
    // The shared field: the hint stays, the error is announced and both describe the input.
    const phone = screen.getByRole('textbox', { name: 'Номер телефона' });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Пришлём СМС с кодом для входа Укажите корректный номер');
    expect(screen.getByRole('alert')).toHaveTextContent('Укажите корректный номер');
    expect(sent).toHaveLength(0);
  });

  it('masks the number as it is typed and sends it normalised with the brand key', async () => {
    const sent = stubSignInApi({
      '/api/v1/sign/in/phone/code': [{ status: 200, body: { retryAfter: 90, codeLength: 6 } }],
    });
    await renderAuth();
    const phone = screen.getByLabelText('Номер телефона');
    await userEvent.type(phone, '89123456789');
    expect(phone).toHaveValue('+7 (912) 345-67-89');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Код отправлен на +7 (912) 345-67-89')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      path: '/api/v1/sign/in/phone/code',
      body: {
        apiKey: 'test-api-key',
        whiteLabel: 'demo',
        captchaToken: '',
        mode: 'WEB',
        phone: '+79123456789',
      },
    });
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Новый код можно получить через 1:30');
  });

  it('checks the code, shows a wrong code with the tries left, then signs in and goes back to the cart', async () => {
    const sent = stubSignInApi({
      '/api/v1/sign/in/phone/code': [{ status: 200, body: { retryAfter: 90, codeLength: 6 } }],
      '/api/v1/sign/in/phone': [
        refusal(400, 'sms.wrong-code', 'Неверный код подтверждения', { attemptsLeft: 4 }),
        { status: 200, body: { accessToken: ACCESS, refreshToken: 'r1', source: 'PHONE' } },
      ],
      '/api/v1/me': [{ status: 200, body: PROFILE }],
    });
    await renderAuth({ from: '/cart', reason: 'checkout' });
    expect(screen.getByRole('status')).toHaveTextContent('Чтобы оформить заказ, авторизуйтесь');
    await userEvent.type(screen.getByLabelText('Номер телефона'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));

    const code = await screen.findByLabelText('Код из СМС');
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Введите код из СМС')).toBeInTheDocument();
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Слишком короткий SMS-код')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByTestId('sign-in-refusal')).toHaveTextContent(
      'Неверный код подтверждения Осталось 4 попытки',
    );

    await userEvent.type(code, '424242');
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Страница корзины')).toBeInTheDocument();
    expect(sent.filter((call) => call.path === '/api/v1/sign/in/phone').map((call) => call.body)).toEqual([
      { apiKey: 'test-api-key', captchaToken: '', code: '000000', phone: '+79123456789' },
      { apiKey: 'test-api-key', captchaToken: '', code: '424242', phone: '+79123456789' },
    ]);
    expect(personStore.getState().profile).toEqual(PROFILE);
    expect(personStore.getState().contact.name).toBe('Анна');
  });

  it('a code asked for too soon goes on to the code step with the wait the server gave', async () => {
    stubSignInApi({
      '/api/v1/sign/in/phone/code': [refusal(429, 'sms.too-often', 'Код уже отправлен', { retryAfter: 42 })],
    });
    await renderAuth();
    await userEvent.type(screen.getByLabelText('Номер телефона'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByTestId('resend-countdown')).toHaveTextContent('0:42');
  });

  it('a send failure, flooding protection included, stays on the phone step in words and may be retried', async () => {
    const sent = stubSignInApi({
      '/api/v1/sign/in/phone/code': [
        refusal(429, 'sms.send-failed', 'Не удалось отправить СМС, попробуйте позже', { retryAfter: 1800 }),
        { status: 200, body: { retryAfter: 90, codeLength: 6 } },
      ],
    });
    await renderAuth();
    await userEvent.type(screen.getByLabelText('Номер телефона'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByTestId('sign-in-refusal')).toHaveTextContent(
      'Не удалось отправить СМС, попробуйте позже',
    );
    expect(screen.queryByLabelText('Код из СМС')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByLabelText('Код из СМС')).toBeInTheDocument();
    expect(sent.filter((call) => call.path === '/api/v1/sign/in/phone/code')).toHaveLength(2);
  });

  it('offers a new code when the countdown ends, and shows a block in words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubSignInApi({
      '/api/v1/sign/in/phone/code': [
        { status: 200, body: { retryAfter: 90, codeLength: 6 } },
        refusal(429, 'sms.attempts-exhausted', 'Попытки закончились. Повторите через час', {
          retryAfter: 3600,
        }),
      ],
    });
    await renderAuth();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await screen.findByTestId('resend-countdown');
    expect(screen.queryByTestId('resend-code')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(90_000);
    await user.click(await screen.findByTestId('resend-code'));
    expect(await screen.findByTestId('sign-in-refusal')).toHaveTextContent(
      'Попытки закончились. Повторите через час',
    );
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('60:00');
  });

  it('shows the profile when signed in, and signing out clears it', async () => {
    stubSignInApi({ '/api/v1/sign/out': [{ status: 204, body: null }] });
    personStore.getState().signedIn({ accessToken: ACCESS, refreshToken: 'r1', source: 'PHONE' }, PROFILE);
    await renderAuth();
    expect(await screen.findByRole('heading', { name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByTestId('profile')).toHaveTextContent('Анна');
    expect(screen.getByTestId('profile')).toHaveTextContent('+7 (912) 345-67-89');
    await userEvent.click(screen.getByTestId('sign-out'));
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    await waitFor(() => expect(personStore.getState().tokens).toBeNull());
  });
});
