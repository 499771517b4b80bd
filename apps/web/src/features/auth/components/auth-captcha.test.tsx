import type { BrandConfig } from '@storefront/domain/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personStore } from '../../../entities/session/person-store.ts';
import { Route, Switch } from '../../../shared/navigation/router.tsx';
import { renderWithApp, testBrand } from '../../../test/render-app.tsx';
import type { SmartCaptchaApi, SmartCaptchaParams } from '../providers/smart-captcha.ts';
import AuthPage from './auth-page.tsx';

const captcha = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../providers/smart-captcha.ts', async (original) => ({
  ...(await original<typeof import('../providers/smart-captcha.ts')>()),
  loadSmartCaptcha: captcha.load,
}));

/** A SmartCaptcha that passes everyone: execute() answers a numbered token at once. */
function passingCaptcha(): SmartCaptchaApi {
  let params: SmartCaptchaParams | null = null;
  let issued = 0;
  return {
    render: (_container, given) => {
      params = given;
      return 1;
    },
    execute: () => params?.callback(`captcha-token-${++issued}`),
    reset: () => {},
    destroy: () => {},
    subscribe: () => () => {},
  };
}

const brand: BrandConfig = { ...testBrand, clients: { ...testBrand.clients, captchaClientKey: 'site-key' } };

function stubApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ retryAfter: 90, codeLength: 6 }), { status: 200 });
    }),
  );
  return sent;
}

async function askForCode() {
  await renderWithApp(
    <Switch>
      <Route path="/auth">
        <AuthPage />
      </Route>
    </Switch>,
    { cities: [] },
    { entry: '/auth', brand },
  );
  await userEvent.type(screen.getByLabelText('Номер телефона'), '9123456789');
  await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
}

describe('/auth with bot protection (SmartCaptcha configured)', () => {
  beforeEach(() => {
    personStore.getState().signedOut();
    captcha.load.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a fresh captcha token with each code request', async () => {
    captcha.load.mockResolvedValue(passingCaptcha());
    const sent = stubApi();
    await askForCode();
    expect(await screen.findByLabelText('Код из СМС')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ captchaToken: 'captcha-token-1', phone: '+79123456789' });
  });

  it('a captcha that cannot load stops the request with a message', async () => {
    captcha.load.mockRejectedValue(new Error('blocked'));
    const sent = stubApi();
    await askForCode();
    expect(await screen.findByTestId('sign-in-refusal')).toHaveTextContent(
      'Не удалось проверить, что вы не робот',
    );
    expect(sent).toHaveLength(0);
  });
});
