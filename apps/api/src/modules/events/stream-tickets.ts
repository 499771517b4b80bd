import { createHash, randomBytes } from 'node:crypto';
import { STREAM_TICKET_TTL_S } from '@storefront/domain';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamTickets } from '../../db/schema.ts';

/**
 * Single-use tickets that open one event stream. EventSource cannot send a bearer header, and a token in a
 * URL ends up in proxy logs and browser history: so the URL carries a ticket worth one connection within
 * 60 s, bound to its reader. Only the SHA-256 of the ticket is stored, as with refresh tokens.
 */

/** Who reads a stream: a staff member (their restaurants) or a customer (their own orders). */
export type ReaderRef = { kind: 'staff'; id: number } | { kind: 'person'; id: number };

/** Expired rows removed per issue: enough to keep up with issuing, bounded so no issue waits long. */
const SWEEP_BATCH = 100;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueStreamTicket(
  db: Database,
  whiteLabel: string,
  reader: ReaderRef,
  nowMs: number,
): Promise<{ ticket: string; expiresAt: string }> {
  const now = new Date(nowMs);
  // Tickets are written on every (re)connection of every board and order page: expired ones go here, a
  // bounded batch at a time, instead of a sweeper of their own (the brand's own: brands may share a database).
  const expired = db
    .select({ hash: streamTickets.ticketHash })
    .from(streamTickets)
    .where(and(eq(streamTickets.whiteLabelId, whiteLabel), lt(streamTickets.expiresAt, now)))
    .limit(SWEEP_BATCH);
  await db.delete(streamTickets).where(inArray(streamTickets.ticketHash, expired));

  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs + STREAM_TICKET_TTL_S * 1000);
  await db.insert(streamTickets).values({
    ticketHash: hashOf(ticket),
    readerKind: reader.kind,
    readerId: reader.id,
    whiteLabelId: whiteLabel,
    expiresAt,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Spends a ticket for a stream of this reader kind (and, for a person's stream, this person): one guarded
 * update, so of two connections presenting the same ticket at once exactly one gets it. Answers the reader,
 * or null for an unknown, used, expired or someone else's ticket (which stays unspent then).
 */
export async function spendStreamTicket(
  db: Database,
  whiteLabel: string,
  ticket: string,
  expected: { kind: ReaderRef['kind']; id?: number },
  nowMs: number,
): Promise<ReaderRef | null> {
  const now = new Date(nowMs);
  const [row] = await db
    .update(streamTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(streamTickets.ticketHash, hashOf(ticket)),
        eq(streamTickets.whiteLabelId, whiteLabel),
        eq(streamTickets.readerKind, expected.kind),
        ...(expected.id === undefined ? [] : [eq(streamTickets.readerId, expected.id)]),
        isNull(streamTickets.usedAt),
        gt(streamTickets.expiresAt, now),
      ),
    )
    .returning({ kind: streamTickets.readerKind, id: streamTickets.readerId });
  return row ?? null;
}
