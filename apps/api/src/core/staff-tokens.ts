import { SubjectTokens } from './access-tokens.ts';

/** Staff access tokens live 15 minutes, as customers'; a shift keeps going on the rotating refresh token. */
export const STAFF_ACCESS_TOKEN_TTL_S = 15 * 60;

export interface StaffTokenClaims {
  staffId: number;
  whiteLabel: string;
}

/**
 * Staff access tokens: sub is the staff id, aud 'staff', signed with a key of their own
 * (AuthSettings.staffTokenKey). A customer's token fails here on its signature and audience, and a staff
 * token fails the customers' AccessTokens on its signature: neither opens the other's calls.
 */
export class StaffTokens extends SubjectTokens {
  constructor(key: Uint8Array, issuer: string, whiteLabel: string, now: () => number) {
    super(key, issuer, whiteLabel, now, STAFF_ACCESS_TOKEN_TTL_S, 'staff');
  }

  sign(staffId: number): Promise<string> {
    return this.signSubject(staffId);
  }

  async verify(token: string): Promise<StaffTokenClaims> {
    return { staffId: await this.verifySubject(token), whiteLabel: this.whiteLabel };
  }
}
