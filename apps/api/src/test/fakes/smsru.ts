import { type FakeServer, json, startFake } from './fake-server.ts';

/** The api_id the fake accepts; any other is refused as SMS.ru refuses a wrong one. */
export const FAKE_SMSRU_API_ID = 'test-api-id';

/**
 * A fake SMS.ru `/sms/send?json=1`: OK for every number but those starting 7915, which it refuses per
 * number (status OK overall, ERROR for the number), and 7916, which gets an HTTP 500.
 */
export function startFakeSmsRu(): Promise<FakeServer> {
  return startFake((request, _body, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/sms/send' || url.searchParams.get('api_id') !== FAKE_SMSRU_API_ID)
      return json(response, 200, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
    const to = url.searchParams.get('to') ?? '';
    if (to.startsWith('7915'))
      return json(response, 200, {
        status: 'OK',
        status_code: 100,
        sms: {
          [to]: {
            status: 'ERROR',
            status_code: 207,
            status_text: 'На этот номер нельзя отправлять сообщения',
          },
        },
        balance: 100,
      });
    if (to.startsWith('7916')) return json(response, 500, { oops: true });
    json(response, 200, {
      status: 'OK',
      status_code: 100,
      sms: { [to]: { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
      balance: 99.5,
    });
  });
}
