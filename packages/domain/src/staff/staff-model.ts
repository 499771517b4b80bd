import type { CustomerDeliveryMethod } from '../methods/methods.ts';
import type { OrderStatus } from '../orders/order-statuses.ts';

/**
 * The restaurant's side (decision 23): staff accounts, the order board's columns, the moves staff
 * make, and the reasons they decline with. Shared by the API (which guards every move) and the board.
 */

/**
 * Roles per brand (decision 45). `operator`: the board and the stop-list of the restaurants linked to the
 * account; `manager`: the menu and every restaurant of the brand; `owner`: everything a manager does, and the
 * brand's staff and settings. The first owner comes from the command line (npm run staff:add).
 */
export const STAFF_ROLES = ['operator', 'manager', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles that see every restaurant of the brand (no staff_restos rows). */
export const BRAND_WIDE_ROLES: readonly StaffRole[] = ['manager', 'owner'];

export function seesEveryResto(role: StaffRole): boolean {
  return BRAND_WIDE_ROLES.includes(role);
}

/**
 * What each role may do under /api/v1/admin (decision 45); the API checks it on every call. Reading dishes is
 * open to operators (their stop-list names them); changing the menu and reading or reverting the audit log is
 * the manager's and the owner's.
 */
export const ADMIN_PERMISSIONS = {
  'menu.read': ['owner', 'manager', 'operator'],
  'menu.write': ['owner', 'manager'],
  'audit.read': ['owner', 'manager'],
  'audit.revert': ['owner', 'manager'],
  /** The brand's staff accounts: created, given roles and restaurants, disabled, passwords reset. */
  'staff.manage': ['owner'],
  /** Restaurants' details, hours, special days and delivery zones: a manager only those of their restaurants. */
  'restos.write': ['owner', 'manager'],
  /** The brand's cities, and restaurants created or removed. */
  'cities.write': ['owner'],
  /** Promotions and promo codes (a manager's limited to their restaurants). */
  'marketing.write': ['owner', 'manager'],
  /** The brand's settings, static pages and the server's secrets' presence. */
  'brand.manage': ['owner'],
  /** A restaurant's link to the chain's point-of-sale system (iiko), its menu sync and its transfer log. */
  'pos.manage': ['owner', 'manager'],
  /** The brand's bonus program (decision 55). */
  'bonus.manage': ['owner'],
  /** A customer's points adjusted with a reason, from the order card; reverted from the audit log. */
  'bonus.adjust': ['owner', 'manager'],
  /** Money back for a done order paid online, whole or in part (its points follow proportionally). */
  'orders.refund': ['owner', 'manager'],
  /** Reports of the person's restaurants (decision 57), and the customers' ratings. */
  'reports.read': ['owner', 'manager'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export function mayAdmin(role: StaffRole, permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Logins: 3–40 of a–z 0–9 . _ - (case-insensitive, stored lower-case). */
export const STAFF_LOGIN_PATTERN = /^[a-z0-9._-]{3,40}$/;
export const STAFF_PASSWORD_MIN = 10;
export const STAFF_PASSWORD_MAX = 200;

/** Wrong passwords allowed per login before it locks, and for how long (as the SMS codes: ASVS 6.6). */
export const STAFF_SIGN_IN_ATTEMPTS = 5;
export const STAFF_LOCK_MINUTES = 15;

/** The board's columns, left to right. `ready` holds both ready for pickup and on the way. */
export const BOARD_COLUMNS = ['new', 'accepted', 'cooking', 'ready', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** The column an order stands in; null for orders off the board (declined, cancelled). */
export function boardColumnOf(status: OrderStatus): BoardColumn | null {
  switch (status) {
    case 'new':
    case 'accepted':
    case 'cooking':
    case 'done':
      return status;
    case 'ready':
    case 'on_the_way':
      return 'ready';
    default:
      return null;
  }
}

/**
 * The one forward move the board offers from a status (accept and decline have their own calls):
 * cooking → ready for take-away, → on the way for delivery; ready / on the way → done.
 */
export function nextStaffStatus(status: OrderStatus, method: CustomerDeliveryMethod): OrderStatus | null {
  switch (status) {
    case 'accepted':
      return 'cooking';
    case 'cooking':
      return method === 'DELIVERY' ? 'on_the_way' : 'ready';
    case 'ready':
    case 'on_the_way':
      return 'done';
    default:
      return null;
  }
}

/** 'Accept and delay N minutes': the choices the board offers beside the default promised time. */
export const ACCEPT_DELAY_MINUTES = [0, 10, 20, 30, 45, 60] as const;
export const ACCEPT_DELAY_MAX = 240;

/** 'Busy': how long as-soon-as-possible orders can be paused; pre-orders stay open. */
export const BUSY_PAUSE_MINUTES = [15, 30, 60, 120] as const;
export const BUSY_PAUSE_MAX = 240;

/**
 * Pre-orders wait apart and join the active columns at their time minus the cooking lead (the restaurant's
 * preparation or delivery time) minus this margin.
 */
const PRE_ORDER_BOARD_MARGIN_MINUTES = 15;

export function preOrderJoinsBoardAtMs(preOrderAtMs: number, leadMinutes: number): number {
  return preOrderAtMs - (leadMinutes + PRE_ORDER_BOARD_MARGIN_MINUTES) * 60_000;
}

/** An order is late when it waits unaccepted longer than this (minutes, brand setting STAFF_LATE_MINUTES). */
export const DEFAULT_LATE_ACCEPT_MINUTES = 5;

export function isLateUnaccepted(
  status: OrderStatus,
  waitingSinceMs: number,
  nowMs: number,
  lateMinutes: number,
): boolean {
  return status === 'new' && nowMs - waitingSinceMs >= lateMinutes * 60_000;
}

/** Why a restaurant declines; each has customer-facing words in errors.ts-like texts below. */
export const DECLINE_REASONS = [
  'kitchen-overloaded',
  'dish-unavailable',
  'closing-soon',
  'address-unreachable',
  'customer-unreachable',
  'suspected-prank',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Reasons only a delivery can have: a take-away order goes to no address, so no courier can fail to reach it. */
export const DELIVERY_ONLY_DECLINE_REASONS: readonly DeclineReason[] = ['address-unreachable'];

/** The reasons staff may decline an order of this method with, in the board's order (the API holds to them). */
export function declineReasonsFor(method: CustomerDeliveryMethod): readonly DeclineReason[] {
  return method === 'DELIVERY'
    ? DECLINE_REASONS
    : DECLINE_REASONS.filter((reason) => !DELIVERY_ONLY_DECLINE_REASONS.includes(reason));
}
