import {
  adminBonusProgramResponse,
  bonusProgram,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { forgetBonusProgram } from '../bonus/index.ts';
import { assertMay } from './admin-access.ts';
import { putBonusProgram, readAdminBonusProgram } from './admin-bonus-program.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH } from './admin-menus.routes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const OWNERS =
  'The brand of the staff token (decision 55). Owners only (bonus.manage): a manager or an operator gets 403 ' +
  'admin.forbidden-role. A brand that never set a program reads as off at version 1.';
const RULES =
  'The program whole: percents 0–100 whole, expiryDays 1–3650, welcomeBonus whole points (a multiple of 100), ' +
  'tiers null or levels ascending by fromPaid from 0, timezone ±HH:MM; anything else is 400 with its field. One ' +
  'transaction with its audit entry (kind bonus-program, entity id 0; its revert restores the previous program). ' +
  'This instance uses the new program at once, others within seconds; orders placed keep the earning they were ' +
  'promised.';

const staleBody = errorBody.extend({ current: adminBonusProgramResponse });

/** The brand's bonus program in the back office (decision 55). */
export const adminBonusProgramRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/bonus-program',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s bonus program with its version (the ETag)',
        description: OWNERS,
        response: { 200: adminBonusProgramResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'bonus.manage');
      const current = await readAdminBonusProgram(db, me.whiteLabel);
      reply.header('etag', etagOfVersion(current.version));
      return current;
    },
  );

  app.put(
    '/api/v1/admin/bonus-program',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Replaces the brand’s bonus program under If-Match',
        description: `${OWNERS} ${IF_MATCH} ${RULES}`,
        headers: ifMatchHeaders,
        body: bonusProgram,
        response: {
          200: adminBonusProgramResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          412: staleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'bonus.manage');
      return answerVersioned(request, reply, async () => {
        const written = await db.transaction((tx) =>
          putBonusProgram(tx, me, request.headers['if-match'], request.body, new Date(now())),
        );
        // Dropped again after the commit: a read between the write and the commit cached the old program.
        forgetBonusProgram(me.whiteLabel);
        return written;
      });
    },
  );
};
