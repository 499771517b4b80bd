/* Test-only: pins serverNow() to a chosen instant through the clock store's offset. */
import { clockStore } from '../entities/clock/clock-store.ts';

/** Wednesday 15 January 2025, 12:00 in Kazan (+03:00). */
export const WEDNESDAY_NOON = Date.UTC(2025, 0, 15, 9, 0);

export function setServerNow(utcMs: number) {
  clockStore.setState({ offsetMs: utcMs - Date.now(), synced: true });
}

export function resetServerClock() {
  clockStore.setState({ offsetMs: 0, synced: false });
}
