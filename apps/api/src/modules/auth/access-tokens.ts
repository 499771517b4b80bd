import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../../plugins/api-error.ts';

/** Access tokens live 15 minutes: long enough for a session of clicks, short as a stolen token's use. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  personId: number;
  whiteLabel: string;
}

/**
 * HS256 JWTs carrying sub (the person id), wl (the brand), iss, iat and exp. Verification accepts exactly
 * HS256 (so 'none' and every other algorithm are refused before anything else), needs sub/iat/exp, checks
 * the issuer and the brand, against the app's clock.
 */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
    private readonly whiteLabel: string,
    private readonly now: () => number,
  ) {}

  sign(personId: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ wl: this.whiteLabel })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(personId))
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /** The token's person, or a 401 auth.token-expired / auth.token-invalid. */
  async verify(token: string): Promise<AccessClaims> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ApiError(401, 'auth.token-expired');
      throw new ApiError(401, 'auth.token-invalid');
    }
    const sub = payload.sub ?? '';
    if (!/^[1-9]\d{0,9}$/.test(sub) || payload.wl !== this.whiteLabel)
      throw new ApiError(401, 'auth.token-invalid');
    return { personId: Number(sub), whiteLabel: this.whiteLabel };
  }
}
