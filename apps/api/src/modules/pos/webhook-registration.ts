import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { posLog, posOrganizations } from '../../db/schema.ts';
import { PosError, type PosFailure } from '../../integrations/pos/pos-adapter.ts';
import type { PosContext } from './pos-context.ts';

/*
 * The POS sends its events to one address per organization, with the token we gave it in Authorization
 * (decision 54). The token is made once per organization and kept: registering again (another public address)
 * sends the same one, so webhooks already on their way are still accepted. Neither the token nor the API login is
 * ever logged or answered.
 */

/** Where the POS sends its events: this instance's public address. */
export const webhookUriOf = (ctx: Pick<PosContext, 'publicBase'>) =>
  `${ctx.publicBase}/api/v1/pos/iiko/webhook`;

/** What a registration did: the coded failure ('pos.unavailable', …) when the POS refused or did not answer. */
export interface WebhookRegistration {
  organizationId: string;
  ok: boolean;
  error: `pos.${PosFailure}` | null;
}

/** The organization's token, made now when it has none (two instances at once: the first one's is kept). */
async function tokenOf(ctx: PosContext, organizationId: string): Promise<string | null> {
  const row = and(
    eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
    eq(posOrganizations.provider, 'iiko'),
    eq(posOrganizations.organizationId, organizationId),
  );
  await ctx.db
    .update(posOrganizations)
    .set({ webhookToken: randomBytes(32).toString('base64url') })
    .where(and(row, isNull(posOrganizations.webhookToken)));
  const [found] = await ctx.db
    .select({ token: posOrganizations.webhookToken })
    .from(posOrganizations)
    .where(row);
  return found?.token ?? null;
}

/**
 * Registers the webhook of one of the brand's organizations (its pos_organizations row must exist) and records
 * the address and time; a failure is logged (pos_log 'webhook', ok false) and answered, never thrown.
 */
export async function registerWebhook(ctx: PosContext, organizationId: string): Promise<WebhookRegistration> {
  const adapter = ctx.adapter;
  if (!adapter) return { organizationId, ok: false, error: 'pos.unavailable' };
  const uri = webhookUriOf(ctx);
  const token = await tokenOf(ctx, organizationId);
  if (!token) return { organizationId, ok: false, error: 'pos.not-found' };
  let error: WebhookRegistration['error'] = null;
  let text: string | null = null;
  try {
    await adapter.registerWebhook(organizationId, uri, token);
  } catch (failure) {
    if (!(failure instanceof PosError)) throw failure;
    error = `pos.${failure.failure}`;
    text = failure.message.slice(0, 500);
    ctx.log.warn({ organizationId, failure: failure.failure }, 'pos: webhook registration failed');
  }
  const at = new Date(ctx.now());
  if (!error)
    await ctx.db
      .update(posOrganizations)
      .set({ webhookUri: uri, webhookRegisteredAt: at })
      .where(
        and(
          eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
          eq(posOrganizations.provider, 'iiko'),
          eq(posOrganizations.organizationId, organizationId),
        ),
      );
  await ctx.db.insert(posLog).values({
    whiteLabelId: ctx.whiteLabel,
    organizationId,
    kind: 'webhook',
    at,
    ok: !error,
    summary: { action: 'register', uri, ...(text ? { reason: text } : {}) },
    error,
  });
  return { organizationId, ok: !error, error };
}

/**
 * At start: each of the brand's organizations whose webhook was never registered, or registered at another
 * address (PUBLIC_URL changed), is registered again. Failures are logged; nothing is thrown out of the start.
 */
export async function ensureWebhooks(ctx: PosContext): Promise<WebhookRegistration[]> {
  if (!ctx.adapter) return [];
  const uri = webhookUriOf(ctx);
  const rows = await ctx.db
    .select({
      organizationId: posOrganizations.organizationId,
      webhookUri: posOrganizations.webhookUri,
      registeredAt: posOrganizations.webhookRegisteredAt,
    })
    .from(posOrganizations)
    .where(and(eq(posOrganizations.whiteLabelId, ctx.whiteLabel), eq(posOrganizations.provider, 'iiko')));
  const results: WebhookRegistration[] = [];
  for (const row of rows) {
    if (row.webhookUri === uri && row.registeredAt) continue;
    try {
      results.push(await registerWebhook(ctx, row.organizationId));
    } catch (error) {
      ctx.log.warn({ err: error, organizationId: row.organizationId }, 'pos: webhook registration failed');
      results.push({ organizationId: row.organizationId, ok: false, error: 'pos.unavailable' });
    }
  }
  return results;
}
