import { z } from 'zod';
import { ADMIN_PAGE_MAX } from './admin.ts';
import { adminZoneImportResult } from './admin-zones.ts';
import { errorBody, idParam } from './common.ts';

/*
 * A restaurant's link to the chain's point-of-sale system in the back office (decision 54): what the pickers need
 * from iiko, the link itself (organization, terminal group, our payment methods' iiko payment types), sync now, the
 * sync log, and the one-shot import of iiko's delivery zones. Owner and manager only ('pos.manage').
 */

/** The POS systems a restaurant may be linked to (the API's adapters). */
export const ADMIN_POS_PROVIDERS = ['iiko'] as const;

/** Our payment methods as the link maps them to the POS's payment types. */
export const POS_PAYMENT_METHODS = ['card-online', 'card', 'cash'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

/** What a log entry is about (the API's pos_log kinds). */
export const ADMIN_POS_LOG_KINDS = [
  'link',
  'unlink',
  'sync',
  'stop-list',
  'order',
  'status',
  'webhook',
  'zones',
] as const;
export type AdminPosLogKind = (typeof ADMIN_POS_LOG_KINDS)[number];

/** An id of the POS (iiko's are UUIDs): no blanks, at most 100 characters. */
const posId = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'must be an id of the POS');

const posPaymentTypeMap = z.object({
  'card-online': posId.optional(),
  card: posId.optional(),
  cash: posId.optional(),
});

/** GET /api/v1/admin/pos/choices: the brand's POS account as its pickers show it. */
export const adminPosChoices = z.object({
  provider: z.enum(ADMIN_POS_PROVIDERS),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Every terminal group, disabled ones too (enabled false: the API login was not granted it). */
      terminalGroups: z.array(
        z.object({ id: z.string(), name: z.string(), address: z.string().nullable(), enabled: z.boolean() }),
      ),
      /** The organization's payment types in use (deleted ones left out); kind is iiko's paymentTypeKind. */
      paymentTypes: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() })),
    }),
  ),
  /** When iiko was asked (answers are kept a minute, to keep calls to iiko few). */
  fetchedAt: z.string(),
});
export type AdminPosChoices = z.infer<typeof adminPosChoices>;

export const adminPosRestoParams = z.object({ restoId: idParam });

/** A restaurant's link as it is held (and as the audit log keeps it). */
export const adminPosLinkState = z.object({
  provider: z.enum(ADMIN_POS_PROVIDERS),
  organizationId: z.string(),
  terminalGroupId: z.string(),
  paymentTypes: posPaymentTypeMap,
});
export type AdminPosLinkState = z.infer<typeof adminPosLinkState>;

/** GET and PUT /api/v1/admin/restos/{restoId}/pos */
export const adminPosLink = z.object({
  restoId: z.number().int().positive(),
  /** The server has an API login for the brand (IIKO_API_LOGINS); false: nothing can be linked. */
  configured: z.boolean(),
  linked: z.boolean(),
  link: adminPosLinkState
    .extend({
      /** The organization's name as iiko gave it when linked or last synced. */
      organizationName: z.string().nullable(),
      linkedAt: z.string(),
    })
    .nullable(),
  /** The payment methods the restaurant offers: each needs a payment type of the POS. */
  paymentMethods: z.array(z.enum(POS_PAYMENT_METHODS)),
  /** The organization's webhook with the POS (its token is never answered). */
  webhook: z
    .object({
      uri: z.string().nullable(),
      registeredAt: z.string().nullable(),
      lastWebhookAt: z.string().nullable(),
      /** The last registration's failure ('pos.unavailable', …), null when it went through. */
      error: z.string().nullable(),
      errorMessage: z.string().nullable(),
    })
    .nullable(),
  lastSyncAt: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  /** Bumped by every link, relink, unlink and revert; send it back as If-Match (0: never linked). */
  version: z.number().int().nonnegative(),
});
export type AdminPosLink = z.infer<typeof adminPosLink>;

/**
 * PUT /api/v1/admin/restos/{restoId}/pos: `{organizationId, terminalGroupId, paymentTypes}` links or relinks (each id
 * one iiko lists; a payment type for each payment method the restaurant offers), `{linked: false}` unlinks.
 */
export const adminPosLinkPut = z
  .object({
    linked: z.boolean().optional(),
    organizationId: posId.optional(),
    terminalGroupId: posId.optional(),
    paymentTypes: posPaymentTypeMap.optional(),
  })
  .superRefine((body, context) => {
    if (body.linked === false) return;
    for (const key of ['organizationId', 'terminalGroupId', 'paymentTypes'] as const)
      if (body[key] === undefined)
        context.addIssue({ code: 'custom', path: [key], message: 'is required to link' });
  });
export type AdminPosLinkPut = z.infer<typeof adminPosLinkPut>;

export const adminPosLinkStaleBody = errorBody.extend({ current: adminPosLink });

/** One entry of the restaurant's POS log. */
export const adminPosLogEntry = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  kind: z.enum(ADMIN_POS_LOG_KINDS),
  ok: z.boolean(),
  /** Null for an organization-wide entry (a menu sync serves every restaurant linked to it). */
  restoId: z.number().int().nullable(),
  organizationId: z.string().nullable(),
  orderId: z.number().int().nullable(),
  /** What it did: counts and names (added, changed, hidden, failed with reasons), an order's number and sum. */
  summary: z.record(z.string(), z.unknown()),
  /** A coded reason when not ok ('pos.timeout', …), with its words in the request's language. */
  error: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type AdminPosLogEntry = z.infer<typeof adminPosLogEntry>;

/** A whole number in a query string, within bounds. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** GET /api/v1/admin/restos/{restoId}/pos/log?kind=&before=&limit= */
export const adminPosLogQuery = z.object({
  kind: z.enum(ADMIN_POS_LOG_KINDS).optional(),
  /** The last page's nextBefore: entries older than this id. */
  before: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: queryInt(1, ADMIN_PAGE_MAX).default(50),
});

export const adminPosLog = z.object({
  entries: z.array(adminPosLogEntry),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().positive().nullable(),
});
export type AdminPosLog = z.infer<typeof adminPosLog>;

/** POST /api/v1/admin/restos/{restoId}/pos/sync: the log entries the sync wrote. */
export const adminPosSyncResult = z.object({ entries: z.array(adminPosLogEntry) });
export type AdminPosSyncResult = z.infer<typeof adminPosSyncResult>;

/** POST /api/v1/admin/restos/{restoId}/pos/zones-import?dryRun=true|false (true, the default: nothing saved). */
export const adminPosZonesImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
});

/** The zones made (or that would be) from iiko's zones and restrictions for the restaurant's terminal group. */
export const adminPosZonesImportResult = adminZoneImportResult;
