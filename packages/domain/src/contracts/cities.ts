import { z } from 'zod';
import { bounds, id, idParam, latLng, localizedText, whiteLabelId } from './common.ts';

export const cityListItem = z.object({ id, name: localizedText, order: z.number().int() });
export const city = cityListItem.extend({ bounds, center: latLng, zoom: z.number().int().min(1).max(21) });

/** GET /1/p/cities — `cityId` takes one id or several separated by commas. */
export const citiesQuery = z.object({
  whiteLabel: whiteLabelId.optional(),
  cityId: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'must be city ids separated by commas')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});
export const citiesResponse = z.array(cityListItem);
export const cityParams = z.object({ cityId: idParam });
export const cityResponse = city;

export type CityListItem = z.infer<typeof cityListItem>;
export type City = z.infer<typeof city>;
