import { isAuthorised } from '@storefront/domain';
import type { OrderEvent } from '@storefront/domain/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openOrderEventStream } from '../../shared/events/order-event-stream.ts';
import { personStore } from '../session/person-store.ts';
import { orderQuery, ordersListKey, ownEventsUrl, requestStreamTicket } from './order-client.ts';

/**
 * The customer's own order events (decision 23): one stream per tab, whoever asks for it. Each page that shows
 * orders subscribes while mounted; the stream opens with the first subscriber of a signed-in person, closes
 * with the last one or on sign-out, and moves to the new person when another one signs in. An event re-reads
 * the order it names and the orders list from the server (the event says only what changed, never how):
 * the pages render the new status, promised time, decline reason and refunds from their own queries.
 */
interface Subscriber {
  client: QueryClient;
  onEvent: (event: OrderEvent) => void;
}

const subscribers = new Set<Subscriber>();
let stream: { personId: number; close: () => void } | null = null;
let unwatchPerson: (() => void) | null = null;
let syncQueued = false;

function signedInPersonId(): number | null {
  const { profile, tokens } = personStore.getState();
  return profile && isAuthorised(profile, tokens) ? profile.id : null;
}

/** Each query client once, however many components share it. */
function clients(): QueryClient[] {
  return [...new Set([...subscribers].map((subscriber) => subscriber.client))];
}

function open(personId: number) {
  const close = openOrderEventStream({
    getTicket: async () => (await requestStreamTicket(personId)).ticket,
    streamUrl: ownEventsUrl(personId),
    onEvent: (event) => {
      for (const client of clients()) {
        void client.invalidateQueries({ queryKey: orderQuery(personId, event.orderId).queryKey });
        void client.invalidateQueries({ queryKey: ordersListKey(personId) });
      }
      for (const subscriber of [...subscribers]) subscriber.onEvent(event);
    },
    onStatus: (status) => {
      if (status !== 'open') return;
      // Connected (again): what changed before the stream began is read anew, since the stream replays only
      // what came after the last event it delivered, and a fresh stream starts from now.
      for (const client of clients()) {
        void client.invalidateQueries({ queryKey: ['order', personId] });
        void client.invalidateQueries({ queryKey: ordersListKey(personId) });
      }
    },
  });
  stream = { personId, close };
}

/** Opens, moves or closes the stream to match the subscribers and the signed-in person. */
function sync() {
  syncQueued = false;
  const personId = subscribers.size > 0 ? signedInPersonId() : null;
  if (stream && stream.personId !== personId) {
    stream.close();
    stream = null;
  }
  if (subscribers.size === 0) {
    unwatchPerson?.();
    unwatchPerson = null;
    return;
  }
  unwatchPerson ??= personStore.subscribe(() => sync());
  // Without EventSource (an old browser, a test without a fake) the pages still work, only not live.
  if (!stream && personId !== null && typeof EventSource !== 'undefined') open(personId);
}

/**
 * Subscriptions settle in a microtask: a component mounted twice in a row (React's strict mode) or a page
 * replaced by another in one render opens one stream, not two.
 */
function queueSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

/** Subscribes to the tab's stream of the signed-in person's order events; returns the unsubscribe. */
export function subscribeOwnOrderEvents(client: QueryClient, onEvent: (event: OrderEvent) => void) {
  const subscriber: Subscriber = { client, onEvent };
  subscribers.add(subscriber);
  queueSync();
  return () => {
    subscribers.delete(subscriber);
    queueSync();
  };
}

/**
 * Keeps the tab's stream of the signed-in customer's own order events open while the calling component is
 * mounted; each event refetches that order's query and the orders list. `onEvent` hears the event too
 * (after the refetch was asked for), for a page that keeps an order's data by other means.
 */
export function useOwnOrderEvents(onEvent?: (event: OrderEvent) => void) {
  const client = useQueryClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });
  useEffect(() => subscribeOwnOrderEvents(client, (event) => listener.current?.(event)), [client]);
}
