import type { OrderEvent } from '@storefront/domain/contracts';

/**
 * A stand-in for the browser's EventSource (jsdom has none): records every stream opened, and lets a test
 * open it, send it `order` events and drop it. Install with `vi.stubGlobal('EventSource', FakeEventSource)`.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];

  /** The streams not closed yet. */
  static live(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => !source.closed);
  }

  static reset() {
    FakeEventSource.instances = [];
  }

  readonly url: string;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** The server answered: the stream is open. */
  open() {
    this.onopen?.(new Event('open'));
  }

  /** The server sends one order event. */
  send(event: OrderEvent) {
    const message = new MessageEvent('order', { data: JSON.stringify(event), lastEventId: String(event.id) });
    for (const listener of this.listeners.get('order') ?? []) listener(message);
  }

  /** The connection dropped. */
  fail() {
    this.onerror?.(new Event('error'));
  }
}

/** An order event of person 5's order (77 unless said otherwise). */
export function orderEvent(id: number, kind: string, orderId = 77): OrderEvent {
  return { id, kind, orderId, restoId: 1, at: '2026-11-24T08:05:00Z' };
}
