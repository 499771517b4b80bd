import { z } from 'zod';
import { POS_TRANSFER_STATES } from '../pos/pos-transfer-states.ts';
import {
  ACCEPT_DELAY_MAX,
  BOARD_COLUMNS,
  BUSY_PAUSE_MAX,
  DECLINE_REASONS,
  STAFF_PASSWORD_MAX,
  STAFF_ROLES,
} from '../staff/staff-model.ts';
import { id, idParam, localizedText } from './common.ts';
import { order, orderStatus } from './orders.ts';
import { staffRating } from './ratings.ts';
import { restoDelay } from './selling.ts';

/**
 * The restaurant's side (decision 23): staff sign-in, the order board, its moves, the stop-list
 * and 'busy', and the event streams of staff and customers. Staff calls live under /api/v1/staff and take
 * only staff tokens; customer calls take only customer tokens.
 */

export const staffRole = z.enum(STAFF_ROLES);

export const staffSignInRequest = z.object({
  login: z.string().min(1).max(100),
  password: z.string().min(1).max(STAFF_PASSWORD_MAX),
  /** The authenticator's 6-digit code, when the account has the second factor on (staff-security.ts). */
  totpCode: z.string().max(20).optional(),
});

export const staffProfile = z.object({
  id,
  login: z.string(),
  name: z.string(),
  role: staffRole,
  /** The restaurants this person may see: a manager's are every restaurant of the brand. */
  restoIds: z.array(id),
});
export type StaffProfile = z.infer<typeof staffProfile>;

/** Staff tokens: a 15-minute access token and a rotating refresh token, apart from customers' tokens. */
export const staffTokenSet = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the access token lives. */
  expiresIn: z.number().int().positive(),
  staff: staffProfile,
});

export const staffRefreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });

/** An order as the board shows it: the customer's order plus where and how urgently it stands. */
export const boardOrder = order.extend({
  /** null: off the board (declined, cancelled); pre-orders not due yet are `new` with joinsBoardAt ahead. */
  column: z.enum(BOARD_COLUMNS).nullable(),
  /** Since when it waits for staff: placed, or paid for card-online orders. */
  waitingSince: z.string(),
  /** Unaccepted longer than the restaurant's late threshold. */
  late: z.boolean(),
  /** A pre-order joins the active columns at this time; null for as-soon-as-possible orders. */
  joinsBoardAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /**
   * The order's way into the chain's POS (iiko) when its restaurant is linked; null (or absent) otherwise.
   * `failure` from a failure until the POS has the order (kept while a retry is in progress): the reason in
   * the staff's words; the board flags the order and, while waiting or failed, offers to take it over by
   * hand (`canTakeOver`).
   */
  pos: z
    .object({
      state: z.enum(POS_TRANSFER_STATES),
      failure: z.object({ code: z.string(), message: z.string() }).nullable(),
      /** The POS's own words of the last failure, for the curious (not translated). */
      detail: z.string().nullable(),
      attempts: z.number().int().nonnegative(),
      canTakeOver: z.boolean(),
    })
    .nullable()
    .optional(),
  /** The customer's rating (decision 57); null (or absent) while there is none. 1–2 stars unseen: flagged. */
  rating: staffRating.nullable().optional(),
});
export type BoardOrder = z.infer<typeof boardOrder>;

export const boardResto = z.object({
  id,
  name: localizedText,
  /** The restaurant's offset, e.g. '+03:00': its times ('busy until') are shown in it. */
  timezone: z.string(),
  /** As-soon-as-possible orders paused until then; null when not busy. */
  busyUntil: z.string().nullable(),
  /** Minutes added to every promised time (+15/+30/+60 by staff, or automatic); null when none (decision 56). */
  delay: restoDelay.nullable(),
  /** More orders than this waiting unaccepted turn the automatic delay on; null: never. */
  autoDelayThreshold: z.number().int().positive().nullable(),
  /** Dishes (position ids) marked unavailable for the restaurant's today. */
  stopList: z.array(id),
  /** Minutes after which an unaccepted order is late. */
  lateMinutes: z.number().int().positive(),
});

export type BoardResto = z.infer<typeof boardResto>;

export const boardQuery = z.object({ restoId: idParam.optional() });

export const boardResponse = z.object({
  restos: z.array(boardResto),
  /** Today's orders and every open one of the restaurants asked (card-online ones only once paid). */
  orders: z.array(boardOrder),
  /** The last event id this answer includes: the stream resumes after it. */
  cursor: z.number().int().nonnegative(),
  serverTime: z.string(),
});
export type BoardResponse = z.infer<typeof boardResponse>;

export const staffOrderParams = z.object({ orderId: idParam });
export const staffRestoParams = z.object({ restoId: idParam });

export const acceptOrderRequest = z.object({
  /** Minutes added to the default promised time (the restaurant's preparation or delivery time). */
  delayMinutes: z.number().int().min(0).max(ACCEPT_DELAY_MAX).default(0),
});

export const declineOrderRequest = z.object({ reason: z.enum(DECLINE_REASONS) });

/** One step forward; `from` is what the board showed, so two clicks at once make one change. */
export const moveOrderRequest = z.object({ from: orderStatus, to: orderStatus });

export const stopListRequest = z.object({ positionId: id, stopped: z.boolean() });
export const stopListResponse = z.object({ restoId: id, stopList: z.array(id) });

export const busyRequest = z.object({ minutes: z.number().int().min(0).max(BUSY_PAUSE_MAX) });
export const busyResponse = z.object({ restoId: id, busyUntil: z.string().nullable() });

/** A single-use ticket to open an event stream (EventSource cannot send a bearer header); 60 s. */
export const streamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export const streamQuery = z.object({
  ticket: z.string().min(1).max(200),
  /** Resume after this event id when the browser cannot send Last-Event-ID (a new EventSource). */
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
});

/** One server-sent event's data (`event: order`, `id:` the event id): what changed; read the order anew. */
export const orderEvent = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  orderId: id,
  restoId: id,
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;
