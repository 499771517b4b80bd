import { STAFF_ROLES } from '@storefront/domain';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restos, whiteLabels } from './catalog.ts';

/*
 * The restaurant's side (decision 23): staff accounts with their restaurants, their refresh tokens,
 * single-use tickets that open an event stream, and the two things staff switch during a shift: the
 * stop-list (dishes run out today) and 'busy' (as-soon-as-possible orders paused).
 */

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** Lower-case; unique per brand. */
    login: text('login').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** scrypt (today N=2^17, r=8, p=1), '$scrypt$N$r$p$salt$hash' in base64url: memory-hard (ASVS 11.4.2). */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP second factor's secret (base32, RFC 6238) once confirmed; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled: it turns on only when a code made with it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of this step or an earlier one is never taken again. */
    totpLastStep: integer('totp_last_step'),
    /** Set: the account cannot sign in and its sessions end (the event streams check it too). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The last successful sign-in (the owner's staff list shows it); null: never. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Bumped by every back-office change of the account (decision 45): its ETag, sent back as If-Match. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_login_idx').on(t.whiteLabelId, t.login)],
);

/**
 * Wrong sign-ins per login of a brand, kept for any login typed, existing or not, so an unknown login is
 * slowed exactly as a known one (decision 40). From the STAFF_SIGN_IN_ATTEMPTS-th failure in a row each one
 * blocks the login for a while that doubles up to a cap; the count is forgotten an hour after the last
 * failure, at a success, or when a manager unlocks the login.
 */
export const staffSignInThrottle = pgTable(
  'staff_sign_in_throttle',
  {
    whiteLabelId: text('white_label_id').notNull(),
    /** Normalized as a sign-in reads it (trimmed, lower-case). */
    login: text('login').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.login] })],
);

/** An operator's restaurants (a manager sees every restaurant of the brand and needs no rows). */
export const staffRestos = pgTable(
  'staff_restos',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.restoId] })],
);

/** Staff refresh tokens, as the customers' (hashed, rotated, a reused one revokes its family). */
export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * A single-use ticket that opens one event stream (EventSource cannot send a bearer header): issued to a
 * signed-in reader, valid 60 s, spent by the first stream that presents it. Only its hash is stored.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    /** 'staff' or 'person'. */
    readerKind: text('reader_kind', { enum: ['staff', 'person'] }).notNull(),
    readerId: integer('reader_id').notNull(),
    whiteLabelId: text('white_label_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

/** Dishes a restaurant has run out of for one restaurant-local day (the next day they are back). */
export const restoStopList = pgTable(
  'resto_stop_list',
  {
    restoId: integer('resto_id')
      .notNull()
      .references(() => restos.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').notNull(),
    localDate: date('local_date').notNull(),
    stoppedBy: integer('stopped_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** 'staff' (the board) or 'pos' (the linked POS's stop-list, replaced by each read of it). */
    source: text('source', { enum: ['staff', 'pos'] })
      .notNull()
      .default('staff'),
  },
  (t) => [primaryKey({ columns: [t.restoId, t.localDate, t.positionId] })],
);

/** 'Busy': as-soon-as-possible orders paused until busy_until (pre-orders stay open). */
export const restoPauses = pgTable('resto_pauses', {
  restoId: integer('resto_id')
    .primaryKey()
    .references(() => restos.id, { onDelete: 'cascade' }),
  busyUntil: timestamp('busy_until', { withTimezone: true }).notNull(),
  setBy: integer('set_by').references(() => staff.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
