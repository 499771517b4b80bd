import { z } from 'zod';

/**
 * The chain's POS calling us (decision 54): iiko POSTs an array of events to the registered address with the
 * registered token in Authorization. Only what routing and the token check need is named here; the adapter
 * reads the rest (each event's eventInfo) in our terms.
 */
export const posWebhookEvent = z.looseObject({
  eventType: z.string().min(1).max(100),
  organizationId: z.string().min(1).max(100),
  eventInfo: z.unknown().optional(),
});

export const posWebhookBody = z.array(posWebhookEvent).min(1).max(500);

/** What we answer the POS: how many events we took (it only needs the 200). */
export const posWebhookAccepted = z.object({ ok: z.literal(true), events: z.number().int().nonnegative() });
