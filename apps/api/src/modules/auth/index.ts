import type { ApiModule } from '../../core/api-module.ts';
import { type AuthRoutesOptions, authRoutes } from './auth.routes.ts';
import { meRoutes } from './me.routes.ts';
import { socialSignInRoutes } from './social-sign-in.routes.ts';

export { secondsUntil } from './phone-limits.ts';
export { hashRefreshToken, isRefreshTokenShaped } from './refresh-tokens.ts';
export { SignInRefusal } from './sign-in-refusal.ts';

/** Customers' sign-in (phone code, Google, Apple, VK ID), tokens and the person's profile. */
export const authModule: ApiModule<AuthRoutesOptions> = {
  name: 'auth',
  async register(app, { db, now }) {
    await app.register(authRoutes, { db, now });
    await app.register(meRoutes, { db });
    await app.register(socialSignInRoutes, { db, now });
  },
};
