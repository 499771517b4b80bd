import type { DeclineReason, OrderStatus } from '@storefront/domain';
import type {
  BoardOrder,
  BoardResponse,
  BoardResto,
  Position,
  Resto,
  RestoDelay,
  StaffAccount,
  StaffSecurity,
  TotpEnrolment,
} from '@storefront/domain/contracts';
import { apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The board's answer (contracts/staff.ts boardResponse). */
export type Board = BoardResponse;
export type { BoardResto };

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** How often a board with the automatic delay set is read again (the delay's own badge follows it). */
export const AUTO_DELAY_REREAD_MS = 60_000;

/**
 * Every restaurant this person may see in one answer (no `restoId`): one stream and one cursor serve the
 * lot, and the switcher only filters what is on screen.
 */
export const boardQuery = (staffId: number) =>
  queryOptions({
    queryKey: ['staff-board', staffId],
    queryFn: () => staffFetch<Board>('/api/v1/staff/board'),
    staleTime: Number.POSITIVE_INFINITY,
    // The stream carries orders, not restaurants: an automatic delay the API turns on or off as orders wait is
    // read with the board, once a minute while any of its restaurants has the automatic delay set.
    refetchInterval: (query) =>
      query.state.data?.restos.some((r) => r.autoDelayThreshold !== null) ? AUTO_DELAY_REREAD_MS : false,
  });

export const readOrder = (orderId: number) => staffFetch<BoardOrder>(`/api/v1/staff/orders/${orderId}`);

/** Puts one order's fresh state into the board (added when new to it). */
export function upsertOrder(queryClient: QueryClient, staffId: number, order: BoardOrder) {
  queryClient.setQueryData<Board>(boardQuery(staffId).queryKey, (board) => {
    if (!board) return board;
    const at = board.orders.findIndex((o) => o.id === order.id);
    const orders = at < 0 ? [...board.orders, order] : board.orders.map((o, i) => (i === at ? order : o));
    return { ...board, orders };
  });
}

export function updateResto(
  queryClient: QueryClient,
  staffId: number,
  restoId: number,
  change: Partial<BoardResto>,
) {
  queryClient.setQueryData<Board>(boardQuery(staffId).queryKey, (board) =>
    board
      ? { ...board, restos: board.restos.map((r) => (r.id === restoId ? { ...r, ...change } : r)) }
      : board,
  );
}

/** An action's answer is the order when the API sends it; otherwise the order is read anew. */
async function orderAfter(orderId: number, answer: unknown): Promise<BoardOrder> {
  if (answer && typeof answer === 'object' && 'column' in answer && 'status' in answer) {
    return answer as BoardOrder;
  }
  return readOrder(orderId);
}

export async function acceptOrder(orderId: number, delayMinutes: number): Promise<BoardOrder> {
  const answer = await staffFetch<unknown>(`/api/v1/staff/orders/${orderId}/accept`, post({ delayMinutes }));
  return orderAfter(orderId, answer);
}

export async function declineOrder(orderId: number, reason: DeclineReason): Promise<BoardOrder> {
  const answer = await staffFetch<unknown>(`/api/v1/staff/orders/${orderId}/decline`, post({ reason }));
  return orderAfter(orderId, answer);
}

export async function moveOrder(orderId: number, from: OrderStatus, to: OrderStatus): Promise<BoardOrder> {
  const answer = await staffFetch<unknown>(`/api/v1/staff/orders/${orderId}/move`, post({ from, to }));
  return orderAfter(orderId, answer);
}

/** Staff enter an order the POS (iiko) did not get by hand: the server stops trying to send it. */
export async function takeOverOrder(orderId: number): Promise<BoardOrder> {
  const answer = await staffFetch<unknown>(`/api/v1/staff/orders/${orderId}/pos/take-over`, post({}));
  return orderAfter(orderId, answer);
}

export const setStopped = (restoId: number, positionId: number, stopped: boolean) =>
  staffFetch<{ restoId: number; stopList: number[] }>(
    `/api/v1/staff/restos/${restoId}/stop-list`,
    post({ positionId, stopped }),
  );

export const setBusy = (restoId: number, minutes: number) =>
  staffFetch<{ restoId: number; busyUntil: string | null }>(
    `/api/v1/staff/restos/${restoId}/busy`,
    post({ minutes }),
  );

/** +15/+30/+60 minutes on every promised time of the restaurant for the next hours, or 0 to clear (decision 56). */
export const setDelay = (restoId: number, extraMinutes: 0 | 15 | 30 | 60) =>
  staffFetch<{ restoId: number; delay: RestoDelay | null }>(
    `/api/v1/staff/restos/${restoId}/delay`,
    post({ extraMinutes }),
  );

export const getStreamTicket = async () =>
  (await staffFetch<{ ticket: string }>('/api/v1/staff/stream-tickets', { method: 'POST' })).ticket;

/** The restaurant's menus (the storefront's own catalog call), for the stop-list's dish names. */
export const restoMenusQuery = (restoId: number) =>
  queryOptions({
    queryKey: ['staff-resto', restoId],
    queryFn: () => apiFetch<Resto>(`/1/p/restos/${restoId}`),
    staleTime: 5 * 60_000,
  });

/** The dishes of several menus, each once (a dish can sit in the delivery and the take-away menu). */
export function uniqueDishes(lists: readonly (readonly Position[] | undefined)[]): Position[] {
  const seen = new Map<number, Position>();
  for (const list of lists)
    for (const position of list ?? []) if (!seen.has(position.id)) seen.set(position.id, position);
  return [...seen.values()];
}

/** The signed-in person's second factor and password rules (contracts/staff-security.ts). */
export const staffSecurityQuery = (staffId: number) =>
  queryOptions({
    queryKey: ['staff-security', staffId],
    queryFn: () => staffFetch<StaffSecurity>('/api/v1/staff/me/security'),
  });

export const startTotpEnrolment = () =>
  staffFetch<TotpEnrolment>('/api/v1/staff/me/totp/enrolment', { method: 'POST' });
export const confirmTotp = (code: string) =>
  staffFetch<StaffSecurity>('/api/v1/staff/me/totp/confirm', post({ code }));
export const disableTotp = (password: string, code: string) =>
  staffFetch<StaffSecurity>('/api/v1/staff/me/totp/disable', post({ password, code }));

/** A manager's list of the brand's logins with their sign-in blocks. */
export const staffAccountsQuery = (staffId: number) =>
  queryOptions({
    queryKey: ['staff-accounts', staffId],
    queryFn: async () => (await staffFetch<{ accounts: StaffAccount[] }>('/api/v1/staff/accounts')).accounts,
  });

export const unlockStaffAccount = (accountId: number) =>
  staffFetch<StaffAccount>(`/api/v1/staff/accounts/${accountId}/unlock`, { method: 'POST' });
