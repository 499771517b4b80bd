import { ERROR_MESSAGES, type ErrorCode, type Locale, pickText } from '@storefront/domain';
import {
  type AdminPosChoices,
  type AdminPosLink,
  type AdminPosLinkPut,
  type AdminPosLinkState,
  type AdminResto,
  POS_PAYMENT_METHODS,
  type PosPaymentMethod,
} from '@storefront/domain/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { adminAuditLog, posLinks, posLog, posOrganizations, restoMenus } from '../../db/schema.ts';
import type { PosContext } from '../pos/index.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { checkIfMatch } from './admin-menus.ts';
import { restoOfBrand } from './admin-restos.ts';

/*
 * A restaurant's link to the chain's POS (decision 54): which organization and terminal group cook its orders and
 * which of the POS's payment types each of our payment methods is booked as. One audit entry 'pos-link' per link,
 * relink, unlink or revert, its before and after `{link}` (null: not linked), so a revert links or unlinks back.
 * The version (the ETag) is the number of such entries: it moves with every change and never comes back to a value
 * it had, though an unlinked restaurant has no row to hold it.
 */

export interface PosLinkAudit {
  link: AdminPosLinkState | null;
}

type LinkRow = typeof posLinks.$inferSelect;

const linkStateOf = (row: LinkRow): AdminPosLinkState => ({
  provider: row.provider,
  organizationId: row.organizationId,
  terminalGroupId: row.terminalGroupId,
  paymentTypes: { ...row.paymentTypes },
});

/** The payment methods a restaurant offers in the ways it serves (both ways' when it serves neither yet). */
export function paymentMethodsOf(resto: AdminResto): PosPaymentMethod[] {
  const ways = [
    ...(resto.isDelivery ? [resto.payDelivery] : []),
    ...(resto.isTakeAway ? [resto.payTakeAway] : []),
  ];
  const options = ways.length ? ways : [resto.payDelivery, resto.payTakeAway];
  const offered = {
    'card-online': options.some((o) => Boolean(o.cardOnline)),
    card: options.some((o) => o.cardUponReceipt),
    cash: options.some((o) => o.cashUponReceipt),
  };
  return POS_PAYMENT_METHODS.filter((method) => offered[method]);
}

async function linkVersion(db: Executor, whiteLabel: string, restoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.whiteLabelId, whiteLabel),
        eq(adminAuditLog.entityKind, 'pos-link'),
        eq(adminAuditLog.entityId, restoId),
      ),
    );
  return Number(row?.n ?? 0);
}

async function linkRow(db: Executor, whiteLabel: string, restoId: number, lock = false) {
  const query = db
    .select()
    .from(posLinks)
    .where(and(eq(posLinks.restoId, restoId), eq(posLinks.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const message = (code: string | null, locale: Locale) =>
  code && code in ERROR_MESSAGES ? pickText(ERROR_MESSAGES[code as ErrorCode], locale) : null;

/** The restaurant's link as the back office shows it; the webhook's token is never read here. */
async function assembleLink(
  db: Executor,
  pos: PosContext,
  resto: AdminResto,
  whiteLabel: string,
  locale: Locale,
): Promise<AdminPosLink> {
  const row = await linkRow(db, whiteLabel, resto.id);
  const organization = row
    ? ((
        await db
          .select({
            name: posOrganizations.name,
            webhookUri: posOrganizations.webhookUri,
            webhookRegisteredAt: posOrganizations.webhookRegisteredAt,
            lastWebhookAt: posOrganizations.lastWebhookAt,
            lastSyncAt: posOrganizations.lastSyncAt,
            nextSyncAt: posOrganizations.nextSyncAt,
          })
          .from(posOrganizations)
          .where(
            and(
              eq(posOrganizations.whiteLabelId, whiteLabel),
              eq(posOrganizations.provider, row.provider),
              eq(posOrganizations.organizationId, row.organizationId),
            ),
          )
      )[0] ?? null)
    : null;
  // The webhook's last registration: its failure stays on the link's screen until one goes through.
  const [registration] = row
    ? await db
        .select({ ok: posLog.ok, error: posLog.error })
        .from(posLog)
        .where(
          and(
            eq(posLog.whiteLabelId, whiteLabel),
            eq(posLog.organizationId, row.organizationId),
            eq(posLog.kind, 'webhook'),
            sql`${posLog.summary}->>'action' = 'register'`,
          ),
        )
        .orderBy(desc(posLog.id))
        .limit(1)
    : [];
  const error = registration && !registration.ok ? registration.error : null;
  return {
    restoId: resto.id,
    configured: pos.adapter !== null,
    linked: row !== null,
    link: row
      ? {
          ...linkStateOf(row),
          organizationName: organization?.name ?? null,
          linkedAt: row.linkedAt.toISOString(),
        }
      : null,
    paymentMethods: paymentMethodsOf(resto),
    webhook: organization
      ? {
          uri: organization.webhookUri,
          registeredAt: organization.webhookRegisteredAt?.toISOString() ?? null,
          lastWebhookAt: organization.lastWebhookAt?.toISOString() ?? null,
          error,
          errorMessage: message(error, locale),
        }
      : null,
    lastSyncAt: organization?.lastSyncAt?.toISOString() ?? null,
    nextSyncAt: organization?.nextSyncAt?.toISOString() ?? null,
    version: await linkVersion(db, whiteLabel, resto.id),
  };
}

/** GET: the restaurant's link (404 for another brand's restaurant, 403 for one outside the person's). */
export async function posLinkOf(
  db: Executor,
  pos: PosContext,
  access: StaffAccess,
  restoId: number,
  locale: Locale,
): Promise<AdminPosLink> {
  const resto = await restoOfBrand(db, access, restoId, locale);
  return assembleLink(db, pos, resto, access.whiteLabel, locale);
}

/**
 * 422 with the field unless the organization, its terminal group and each payment type are ones the POS lists, and
 * each payment method the restaurant offers has a type. A disabled terminal group may be linked (the login may be
 * granted it later), and is shown marked.
 */
export function assertLinkChoices(
  body: Required<Pick<AdminPosLinkPut, 'organizationId' | 'terminalGroupId' | 'paymentTypes'>>,
  choices: AdminPosChoices,
  methods: readonly PosPaymentMethod[],
) {
  const organization = choices.organizations.find((o) => o.id === body.organizationId);
  if (!organization) throw new ApiError(422, 'pos.organization-unknown', 'organizationId');
  if (!organization.terminalGroups.some((g) => g.id === body.terminalGroupId))
    throw new ApiError(422, 'pos.terminal-group-unknown', 'terminalGroupId');
  for (const method of POS_PAYMENT_METHODS) {
    const typeId = body.paymentTypes[method];
    if (typeId === undefined) {
      if (methods.includes(method))
        throw new ApiError(422, 'pos.payment-type-required', `paymentTypes.${method}`);
      continue;
    }
    if (!organization.paymentTypes.some((t) => t.id === typeId))
      throw new ApiError(422, 'pos.payment-type-unknown', `paymentTypes.${method}`);
  }
}

/**
 * A restaurant that leaves an organization (unlinked, or linked to another) stops listing the menu that
 * organization's nomenclature fills: nothing keeps it in step any more, and its dishes have no till to go to. A
 * relink lists it again at its first sync.
 */
async function unlistLeftMenu(
  tx: Executor,
  whiteLabel: string,
  restoId: number,
  link: AdminPosLinkState | null,
) {
  const [was] = await tx
    .select({ menuId: posOrganizations.menuId, organizationId: posLinks.organizationId })
    .from(posLinks)
    .innerJoin(
      posOrganizations,
      and(
        eq(posOrganizations.whiteLabelId, posLinks.whiteLabelId),
        eq(posOrganizations.provider, posLinks.provider),
        eq(posOrganizations.organizationId, posLinks.organizationId),
      ),
    )
    .where(and(eq(posLinks.restoId, restoId), eq(posLinks.whiteLabelId, whiteLabel)));
  if (!was?.menuId || was.organizationId === link?.organizationId) return;
  await tx.delete(restoMenus).where(and(eq(restoMenus.restoId, restoId), eq(restoMenus.menuId, was.menuId)));
}

/**
 * Writes a link state (null: unlinked) with the version it becomes: the link's row, and the organization's row the
 * sync and the webhook work from (its first sync due at once). The POS's organization row stays when the last
 * restaurant leaves it: its menu and mappings keep their ids for a relink.
 */
export async function writeLinkState(
  tx: Executor,
  access: Pick<StaffAccess, 'whiteLabel' | 'staffId'>,
  restoId: number,
  link: AdminPosLinkState | null,
  version: number,
  at: Date,
  organizationName: string | null,
) {
  await unlistLeftMenu(tx, access.whiteLabel, restoId, link);
  if (!link) {
    await tx
      .delete(posLinks)
      .where(and(eq(posLinks.restoId, restoId), eq(posLinks.whiteLabelId, access.whiteLabel)));
    return;
  }
  const columns = {
    provider: link.provider,
    organizationId: link.organizationId,
    terminalGroupId: link.terminalGroupId,
    paymentTypes: { ...link.paymentTypes },
    linkedAt: at,
    linkedBy: access.staffId,
    version,
  };
  await tx
    .insert(posLinks)
    .values({ restoId, whiteLabelId: access.whiteLabel, ...columns })
    .onConflictDoUpdate({ target: posLinks.restoId, set: columns });
  await tx
    .insert(posOrganizations)
    .values({
      whiteLabelId: access.whiteLabel,
      provider: link.provider,
      organizationId: link.organizationId,
      name: organizationName,
      nextSyncAt: at,
    })
    .onConflictDoUpdate({
      target: [posOrganizations.whiteLabelId, posOrganizations.provider, posOrganizations.organizationId],
      // A name iiko gave now wins; a revert (no call to iiko) keeps the one held.
      set: {
        nextSyncAt: at,
        ...(organizationName === null ? {} : { name: organizationName }),
      },
    });
}

async function logLinkChange(
  tx: Executor,
  whiteLabel: string,
  restoId: number,
  before: AdminPosLinkState | null,
  after: AdminPosLinkState | null,
  at: Date,
  staffLogin: string,
) {
  const shown = after ?? before;
  await tx.insert(posLog).values({
    whiteLabelId: whiteLabel,
    restoId,
    organizationId: shown?.organizationId ?? null,
    kind: after ? 'link' : 'unlink',
    at,
    ok: true,
    summary: {
      by: staffLogin,
      ...(after ? { terminalGroupId: after.terminalGroupId, paymentTypes: after.paymentTypes } : {}),
      ...(before && after && before.organizationId !== after.organizationId
        ? { previousOrganizationId: before.organizationId }
        : {}),
    },
    error: null,
  });
}

export interface LinkChange {
  link: AdminPosLink;
  /** The organization whose webhook is to be registered after the commit (a link, not an unlink). */
  organizationId: string | null;
}

/**
 * PUT under If-Match: links, relinks or unlinks. The ids were checked against the POS's lists before (`choices`,
 * read outside the transaction: no call to the POS holds a lock). A PUT that changes nothing writes nothing.
 */
export async function putPosLink(
  tx: Executor,
  pos: PosContext,
  access: StaffAccess,
  restoId: number,
  ifMatch: string | undefined,
  body: AdminPosLinkPut,
  choices: AdminPosChoices | null,
  at: Date,
  locale: Locale,
): Promise<LinkChange> {
  const resto = await restoOfBrand(tx, access, restoId, locale, true);
  const current = await assembleLink(tx, pos, resto, access.whiteLabel, locale);
  checkIfMatch(ifMatch, current);
  const row = await linkRow(tx, access.whiteLabel, restoId, true);
  const before = row ? linkStateOf(row) : null;
  let after: AdminPosLinkState | null = null;
  let organizationName: string | null = null;
  if (body.linked !== false) {
    const { organizationId, terminalGroupId, paymentTypes } = body;
    if (!choices || !organizationId || !terminalGroupId || !paymentTypes)
      throw new ApiError(409, 'pos.not-configured');
    assertLinkChoices({ organizationId, terminalGroupId, paymentTypes }, choices, paymentMethodsOf(resto));
    after = {
      provider: choices.provider,
      organizationId,
      terminalGroupId,
      paymentTypes: { ...paymentTypes },
    };
    organizationName = choices.organizations.find((o) => o.id === organizationId)?.name ?? null;
  }
  if (canonicalJson(before) === canonicalJson(after))
    return { link: current, organizationId: after?.organizationId ?? null };
  const version = current.version + 1;
  await writeLinkState(tx, access, restoId, after, version, at, organizationName);
  await logLinkChange(tx, access.whiteLabel, restoId, before, after, at, access.login);
  await writeAuditEntry(tx, access, at, {
    entity: 'pos-link',
    entityId: restoId,
    action: 'update',
    before: { link: before },
    after: { link: after },
  });
  return {
    link: await assembleLink(tx, pos, resto, access.whiteLabel, locale),
    organizationId: after?.organizationId ?? null,
  };
}

/** The link's state for a revert's compare (the person's access to the restaurant checked as for the PUT). */
export async function posLinkStateForRevert(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
): Promise<PosLinkAudit> {
  await restoOfBrand(tx, access, restoId, 'ru', true);
  const row = await linkRow(tx, access.whiteLabel, restoId, true);
  return { link: row ? linkStateOf(row) : null };
}

/**
 * A revert links or unlinks back to the entry's `before`, without asking the POS (its ids were checked when first
 * linked). The organization's webhook was registered then; a start registers it again if it was not.
 */
export async function restorePosLinkState(
  tx: Executor,
  access: StaffAccess,
  restoId: number,
  state: Partial<PosLinkAudit>,
  at: Date,
) {
  if (state.link === undefined) return;
  const row = await linkRow(tx, access.whiteLabel, restoId, true);
  const before = row ? linkStateOf(row) : null;
  // The revert's own audit entry is written after this: the version it makes counts it.
  const version = (await linkVersion(tx, access.whiteLabel, restoId)) + 1;
  await writeLinkState(tx, access, restoId, state.link, version, at, null);
  await logLinkChange(tx, access.whiteLabel, restoId, before, state.link, at, access.login);
}
