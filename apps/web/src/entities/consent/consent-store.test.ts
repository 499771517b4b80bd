import { describe, expect, it } from 'vitest';
import { consentStorage, consentStore } from './consent-store.ts';

describe('consent kept under the SPEC keys', () => {
  it('remembers cookie consent and adulthood', () => {
    consentStorage.hydrate();
    consentStore.getState().acceptCookies();
    consentStore.getState().answerAdulthood(true);
    expect(localStorage.getItem('person_cookies_consent_accepted')).toBe('true');
    expect(localStorage.getItem('person_adulthood_confirmed')).toBe('true');
  });

  it('asks the adulthood question once and remembers a yes, not a no', async () => {
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
    const first = consentStore.getState().requestAdulthood();
    expect(consentStore.getState().adulthoodQuestion).not.toBeNull();
    consentStore.getState().answerAdulthood(false);
    expect(await first).toBe(false);
    expect(consentStore.getState().adulthoodConfirmed).toBe(false);
    const second = consentStore.getState().requestAdulthood();
    consentStore.getState().answerAdulthood(true);
    expect(await second).toBe(true);
    expect(await consentStore.getState().requestAdulthood()).toBe(true);
    expect(consentStore.getState().adulthoodQuestion).toBeNull();
  });
});
