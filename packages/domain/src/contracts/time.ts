import { z } from 'zod';

/** GET /1/now — the server's clock, used by the storefront to correct its own (docs/product.md §4 'Clock'). */
export const nowResponse = z.object({ utc_time: z.iso.datetime() });
export type NowResponse = z.infer<typeof nowResponse>;
