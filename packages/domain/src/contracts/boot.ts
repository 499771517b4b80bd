import { z } from 'zod';
import { customerDeliveryMethod, idParam, whiteLabelId } from './common.ts';

/**
 * GET /1/p/boot — a returning customer's whole boot (docs/product.md §4) in one answer (decision 33): for the saved
 * city, restaurant and method, every call the storefront's boot makes, each answered exactly as that call
 * answers on its own (status and body), in the request's language. The page head asks it once instead of
 * a dozen calls, so on HTTP/1.1 and a slow network the app's own scripts do not share the line with them.
 */
export const bootQuery = z.object({
  cityId: idParam,
  restoId: idParam,
  method: customerDeliveryMethod,
  whiteLabel: whiteLabelId.optional(),
});
export type BootQuery = z.infer<typeof bootQuery>;

export const bootAnswer = z.object({
  /** The call, as the storefront spells it (path and query). */
  path: z.string(),
  /** Its HTTP status: 200, or the error it answers on its own (404 for a restaurant that is gone). */
  status: z.number().int(),
  /** Its JSON body: the answer, or `{errors:[…]}`. */
  body: z.unknown(),
});
export type BootAnswer = z.infer<typeof bootAnswer>;

export const bootResponse = z.object({ answers: z.array(bootAnswer) });
export type BootResponse = z.infer<typeof bootResponse>;
