import { SOCIAL_PROVIDERS, TOKEN_SOURCES } from '@storefront/domain';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { whiteLabels } from './catalog.ts';

/*
 * Persons and sign-in (decision 12). A person belongs to one brand; the phone is unique within it. Secrets are
 * never stored as they are: SMS codes as an HMAC, refresh tokens as a SHA-256 hash. The per-phone counters
 * live here, not in an instance's memory, so the limits hold with any number of instances.
 */
export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    /** E.164, +7 and ten digits; null for a person who signed in another way and gave none. */
    phone: text('phone'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    patronymic: text('patronymic'),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('persons_phone_idx').on(t.whiteLabelId, t.phone)],
);

/** A social account (Google, Apple, VK) linked to a person; the subject is the provider's user id. */
export const personIdentities = pgTable(
  'person_identities',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** A subject signs in to each brand as a separate person. */
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('person_identities_subject_idx').on(t.whiteLabelId, t.provider, t.subject),
    index('person_identities_person_idx').on(t.personId),
  ],
);

/** The docs/product.md §3 'deliveries' of a person's profile, in order; the first one overrides the profile's contacts. */
export const personDeliveries = pgTable(
  'person_deliveries',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    email: text('email'),
    personName: text('person_name'),
    phone: text('phone'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('person_deliveries_person_idx').on(t.personId, t.position)],
);

/**
 * One row per phone and brand: the counters of docs/product.md §8/§9. Every change happens under this row's lock
 * (SELECT … FOR UPDATE in one transaction), so two instances cannot both pass a limit.
 */
export const phoneSignIn = pgTable(
  'phone_sign_in',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    phone: text('phone').notNull(),
    lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }),
    /** Start of the hour in which requestsInWindow code requests were made. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    requestsInWindow: integer('requests_in_window').notNull().default(0),
    /** Wrong codes since the last success or block, across every code of this phone. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.phone] })],
);

/**
 * Code requests counted per sender rather than per phone, so one client cannot spray codes across many
 * numbers (SMS pumping) and the whole brand has a ceiling. clientKey is 'ip:<address or IPv6 /64>' or
 * 'brand' for the brand-wide count; each row is a fixed one-hour window.
 */
export const smsRequestBudget = pgTable(
  'sms_request_budget',
  {
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    clientKey: text('client_key').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    requestsInWindow: integer('requests_in_window').notNull(),
  },
  (t) => [primaryKey({ columns: [t.whiteLabelId, t.clientKey] })],
);

/** An SMS code: HMAC-SHA256 of (id, brand, phone, code) under a server key; live until used or expired. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: text('id').primaryKey(),
    whiteLabelId: text('white_label_id')
      .notNull()
      .references(() => whiteLabels.id),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code signed someone in, or when a newer code, a block or a failed send retired it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('phone_codes_phone_idx').on(t.whiteLabelId, t.phone, t.createdAt)],
);

/**
 * Refresh tokens, stored as the SHA-256 of the random token. A sign-in starts a family; each refresh
 * rotates the presented token (rotated_at) and adds the next one, keeping the family's absolute expiry.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    source: text('source', { enum: TOKEN_SOURCES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);
