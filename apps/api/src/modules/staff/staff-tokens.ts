import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../../plugins/api-error.ts';

/** Staff access tokens live 15 minutes, as customers'; a shift keeps going on the rotating refresh token. */
export const STAFF_ACCESS_TOKEN_TTL_S = 15 * 60;

const AUDIENCE = 'staff';

export interface StaffTokenClaims {
  staffId: number;
  whiteLabel: string;
}

/**
 * HS256 JWTs of staff: sub (the staff id), wl, aud 'staff', iss, iat, exp, signed with a key of their own
 * (AuthSettings.staffTokenKey). A customer's token fails here on its signature and audience, and a staff
 * token fails the customers' AccessTokens on its signature: neither opens the other's calls.
 */
export class StaffTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
    private readonly whiteLabel: string,
    private readonly now: () => number,
  ) {}

  sign(staffId: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ wl: this.whiteLabel })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(staffId))
      .setAudience(AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + STAFF_ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /** The token's staff id, or a 401 auth.token-expired / auth.token-invalid. */
  async verify(token: string): Promise<StaffTokenClaims> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', 'aud'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ApiError(401, 'auth.token-expired');
      throw new ApiError(401, 'auth.token-invalid');
    }
    const sub = payload.sub ?? '';
    if (!/^[1-9]\d{0,9}$/.test(sub) || payload.wl !== this.whiteLabel)
      throw new ApiError(401, 'auth.token-invalid');
    return { staffId: Number(sub), whiteLabel: this.whiteLabel };
  }
}
