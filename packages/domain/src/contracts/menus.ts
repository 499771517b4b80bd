import { z } from 'zod';
import { dayOfWeek, id, idParam, localizedText, minorAmount, tag, timeOfDay } from './common.ts';

/** SPEC §3: positions without a group are gathered in this synthetic group, shown last. */
export const UNGROUPED_GROUP_ID = 0;
export const UNGROUPED_GROUP_ORDER = 999_999;
export const UNGROUPED_GROUP_NAME = { ru: 'Прочее', en: 'Other' } as const;

/** Tag code of dishes that take longer to cook (SPEC §3, §9: 1.5 hours). */
export const EXTENDED_COOKING_TAG = 'extended-cooking-time';
export const EXTENDED_COOKING_MINUTES = 90;

export const MEASURE_UNITS = ['g', 'pc', 'ml', 'cm'] as const;

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
