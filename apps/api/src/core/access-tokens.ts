import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from './api-error.ts';

/** Access tokens live 15 minutes: long enough for a session of clicks, short as a stolen token's use. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  personId: number;
  whiteLabel: string;
}

/**
 * HS256 JWTs whose subject is a numeric id: sub, wl (the brand), iss, iat, exp and, when given, aud.
 * Verification accepts exactly HS256 (so 'none' and every other algorithm are refused before anything
 * else), needs sub/iat/exp (and aud when set), checks the issuer and the brand, against the app's clock.
 * Customers' and staff's tokens are two of these with keys and audiences of their own.
 */
export class SubjectTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
    protected readonly whiteLabel: string,
    private readonly now: () => number,
    private readonly ttlS: number,
    private readonly audience?: string,
  ) {}

  protected signSubject(id: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const jwt = new SignJWT({ wl: this.whiteLabel })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlS);
    return (this.audience ? jwt.setAudience(this.audience) : jwt).sign(this.key);
  }

  /** The token's subject id, or a 401 auth.token-expired / auth.token-invalid. */
  protected async verifySubject(token: string): Promise<number> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        ...(this.audience ? { audience: this.audience } : {}),
        requiredClaims: ['sub', 'iat', 'exp', ...(this.audience ? ['aud'] : [])],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ApiError(401, 'auth.token-expired');
      throw new ApiError(401, 'auth.token-invalid');
    }
    const sub = payload.sub ?? '';
    if (!/^[1-9]\d{0,9}$/.test(sub) || payload.wl !== this.whiteLabel)
      throw new ApiError(401, 'auth.token-invalid');
    return Number(sub);
  }
}

/** The customers' access tokens: the subject is the person id. */
export class AccessTokens extends SubjectTokens {
  constructor(key: Uint8Array, issuer: string, whiteLabel: string, now: () => number) {
    super(key, issuer, whiteLabel, now, ACCESS_TOKEN_TTL_S);
  }

  sign(personId: number): Promise<string> {
    return this.signSubject(personId);
  }

  async verify(token: string): Promise<AccessClaims> {
    return { personId: await this.verifySubject(token), whiteLabel: this.whiteLabel };
  }
}
