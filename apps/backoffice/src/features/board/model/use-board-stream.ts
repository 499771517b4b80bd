import { openOrderEventStream } from '@storefront/web/src/shared/events/order-event-stream.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { rereadLowRatings } from './ratings-api.ts';
import { boardQuery, getStreamTicket, readOrder, upsertOrder } from './staff-api.ts';

/** After a break this long the whole board is read again rather than trusting the replay alone. */
const LONG_GAP_MS = 60_000;

export type StreamStatus = 'connecting' | 'open' | 'reconnecting';

/**
 * Follows the staff event stream from the board's cursor: each event re-reads its order into the board.
 * The stream opens once per signed-in person (when the board first arrives) and the reader itself resumes
 * after the last event it delivered; a board re-read later does not restart it.
 */
export function useBoardStream(staffId: number, cursor: number | undefined) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const ready = cursor !== undefined;
  const start = useRef(cursor);
  start.current ??= cursor;

  useEffect(() => {
    if (!ready) return;
    let lostAt: number | null = null;
    const close = openOrderEventStream({
      getTicket: getStreamTicket,
      streamUrl: '/api/v1/staff/events',
      after: start.current,
      onEvent: (event) => {
        // A new or changed rating may raise a low-rating flag, and one marked seen on another board takes it down
        // (only managers' and owners' boards read them).
        if (event.kind === 'rated' || event.kind === 'rating-seen')
          void rereadLowRatings(queryClient, staffId);
        readOrder(event.orderId).then(
          (order) => upsertOrder(queryClient, staffId, order),
          () => void queryClient.invalidateQueries({ queryKey: boardQuery(staffId).queryKey }),
        );
      },
      onStatus: (next) => {
        if (next === 'reconnecting') lostAt ??= Date.now();
        if (next === 'open') {
          if (lostAt !== null && Date.now() - lostAt > LONG_GAP_MS) {
            void queryClient.invalidateQueries({ queryKey: boardQuery(staffId).queryKey });
          }
          lostAt = null;
        }
        setStatus(next);
      },
    });
    return close;
  }, [ready, staffId, queryClient]);

  return status;
}
