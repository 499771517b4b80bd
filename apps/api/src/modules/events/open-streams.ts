import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../core/api-error.ts';
import type { RequestLimits } from '../../core/request-limits.ts';
import type { Database } from '../../db/client.ts';
import { refreshTokens, staff, staffRefreshTokens } from '../../db/schema.ts';
import type { ReaderRef } from './stream-tickets.ts';

/**
 * The event streams open on this instance, by reader and client: how many each may hold (per instance: a
 * stream is a connection to this process, and a reader's streams on another instance are that one's to
 * count), and whether the session each was opened in still stands.
 *
 * A stream outlives the ticket and the access token it was opened with, so every SESSION_CHECK_MS the
 * instance asks the database once for all its open readers: a customer with no live refresh token left
 * (signed out everywhere, or their session revoked) and a staff account disabled or signed out get a final
 * `event: end` with the reason, and the stream closes (the storefront does not reconnect on its own then).
 */

/** How often the open streams' sessions are checked again. */
export const SESSION_CHECK_MS = 30_000;
/** A refused stream may try again this much later (streams end when their pages close). */
const STREAM_RETRY_AFTER_S = 30;

export type StreamEndReason = 'signed-out' | 'account-disabled';

export interface OpenStream {
  readonly reader: ReaderRef;
  /** Null for loopback (limitedClientKey): counted per reader only. */
  readonly clientKey: string | null;
  /** Sends the final event and closes; set once the stream has started. */
  end: ((reason: StreamEndReason) => void) | null;
}

const readerKey = (reader: ReaderRef) => `${reader.kind}:${reader.id}`;

export class OpenStreams {
  private readonly open = new Set<OpenStream>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: {
      whiteLabel: string;
      now: () => number;
      limits: Pick<RequestLimits, 'streamsPerReader' | 'streamsPerClient'>;
      log: FastifyBaseLogger;
    },
  ) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * Counts a new stream in, or refuses it (429 events.too-many with Retry-After) when its reader or its
   * client already holds as many as allowed. Synchronous: two connections at once cannot both slip in.
   */
  admit(reader: ReaderRef, clientKey: string | null): OpenStream {
    const { streamsPerReader, streamsPerClient } = this.options.limits;
    let byReader = 0;
    let byClient = 0;
    const key = readerKey(reader);
    for (const stream of this.open) {
      if (readerKey(stream.reader) === key) byReader += 1;
      if (clientKey !== null && stream.clientKey === clientKey) byClient += 1;
    }
    if (byReader >= streamsPerReader || byClient >= streamsPerClient)
      throw new ApiError(429, 'events.too-many', undefined, {
        headers: { 'retry-after': String(STREAM_RETRY_AFTER_S) },
      });
    const stream: OpenStream = { reader, clientKey, end: null };
    this.open.add(stream);
    return stream;
  }

  release(stream: OpenStream): void {
    this.open.delete(stream);
  }

  /** Checks every open stream's session now; ends those whose session is over. Answers how many it ended. */
  async recheck(): Promise<number> {
    if (this.open.size === 0) return 0;
    const streams = [...this.open];
    const ids = (kind: ReaderRef['kind']) => [
      ...new Set(streams.filter((s) => s.reader.kind === kind).map((s) => s.reader.id)),
    ];
    const now = new Date(this.options.now());
    const personIds = ids('person');
    const staffIds = ids('staff');

    const livePersons = new Set<number>();
    if (personIds.length > 0) {
      const rows = await this.db
        .selectDistinct({ id: refreshTokens.personId })
        .from(refreshTokens)
        .where(
          and(
            inArray(refreshTokens.personId, personIds),
            isNull(refreshTokens.revokedAt),
            isNull(refreshTokens.rotatedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        );
      for (const row of rows) livePersons.add(row.id);
    }
    const enabledStaff = new Set<number>();
    const signedInStaff = new Set<number>();
    if (staffIds.length > 0) {
      const accounts = await this.db
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(
            inArray(staff.id, staffIds),
            eq(staff.whiteLabelId, this.options.whiteLabel),
            isNull(staff.disabledAt),
          ),
        );
      for (const row of accounts) enabledStaff.add(row.id);
      const sessions = await this.db
        .selectDistinct({ id: staffRefreshTokens.staffId })
        .from(staffRefreshTokens)
        .where(
          and(
            inArray(staffRefreshTokens.staffId, staffIds),
            isNull(staffRefreshTokens.revokedAt),
            isNull(staffRefreshTokens.usedAt),
            gt(staffRefreshTokens.expiresAt, now),
          ),
        );
      for (const row of sessions) signedInStaff.add(row.id);
    }

    let ended = 0;
    for (const stream of streams) {
      if (!this.open.has(stream)) continue;
      const { kind, id } = stream.reader;
      const reason: StreamEndReason | null =
        kind === 'person'
          ? livePersons.has(id)
            ? null
            : 'signed-out'
          : !enabledStaff.has(id)
            ? 'account-disabled'
            : signedInStaff.has(id)
              ? null
              : 'signed-out';
      if (!reason) continue;
      this.open.delete(stream);
      stream.end?.(reason);
      ended += 1;
    }
    return ended;
  }

  /** Checks every SESSION_CHECK_MS while the app runs (unref'd: it keeps nothing open). */
  startChecking(everyMs = SESSION_CHECK_MS): void {
    if (this.timer) return;
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.recheck()
        .catch((error) => this.options.log.warn({ err: error }, 'event streams: session check failed'))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    this.timer.unref();
  }

  stopChecking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
