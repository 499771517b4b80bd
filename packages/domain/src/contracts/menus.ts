import { z } from 'zod';
import { MEASURE_UNITS } from '../catalog/catalog-constants.ts';
import { dayOfWeek, id, idParam, localizedText, minorAmount, tag, timeOfDay } from './common.ts';

export {
  EXTENDED_COOKING_MINUTES,
  EXTENDED_COOKING_TAG,
  MEASURE_UNITS,
  UNGROUPED_GROUP_ID,
  UNGROUPED_GROUP_NAME,
  UNGROUPED_GROUP_ORDER,
} from '../catalog/catalog-constants.ts';

export const positionGroup = z.object({
  id: z.number().int().nonnegative(),
  menuId: id,
  name: localizedText,
  order: z.number().int(),
  photos: z.array(z.string()),
});

export const position = z.object({
  id,
  menu: z.object({ id }),
  positionGroup: z.object({ id }).nullable(),
  name: localizedText,
  description: localizedText,
  measure: z.object({ value: z.number().positive(), unit: z.enum(MEASURE_UNITS) }).nullable(),
  price: minorAmount,
  photos: z.array(z.string()),
  tags: z.array(tag),
  isAdult: z.boolean(),
  order: z.number().int(),
  /** Per 100 g (kilocalories, grams), when known (a POS's nomenclature gives it); absent otherwise. */
  nutrition: z
    .object({
      kcal: z.number().nonnegative(),
      proteins: z.number().nonnegative(),
      fats: z.number().nonnegative(),
      carbs: z.number().nonnegative(),
    })
    .optional(),
});

export const menuParams = z.object({ id: idParam });
export const positionGroupsResponse = z.array(positionGroup);
export const positionsQuery = z.object({
  /** Only the positions of one group; 0 is the synthetic group of ungrouped positions. */
  groupId: z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, 'must be a group id (a whole number, 0 for ungrouped)')
    .transform(Number)
    .optional(),
});
export const positionsResponse = z.array(position);

export const modifierItem = z.object({
  id,
  name: localizedText,
  price: minorAmount,
  order: z.number().int(),
});

/** One modifier group attached to a position, with how many of its items may be chosen. */
export const positionModifier = z.object({
  id,
  modifierId: id,
  minCount: z.number().int().nonnegative(),
  maxCount: z.number().int().positive(),
  name: localizedText,
  nameUi: localizedText,
  items: z.array(modifierItem),
});
export const positionModifiers = z.object({ positionId: id, modifiers: z.array(positionModifier) });
export const modifiersResponse = z.array(positionModifiers);

export const timeSlot = z.object({
  id,
  positionIds: z.array(id),
  details: z.array(z.object({ dayOfWeek, startAt: timeOfDay, endAt: timeOfDay, isActive: z.boolean() })),
});
export const timeSlotsResponse = z.array(timeSlot);

export type PositionGroup = z.infer<typeof positionGroup>;
export type Position = z.infer<typeof position>;
export type PositionModifiers = z.infer<typeof positionModifiers>;
export type TimeSlot = z.infer<typeof timeSlot>;
