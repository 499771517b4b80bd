import type { AdminPromotion } from '@storefront/domain/contracts';
import { instantOfWallClock, wallClockInput } from '../../../shared/wall-clock.ts';

/** A promotion's form model: dates on the brand's wall clock, the link as a menu and maybe a dish of it. */

/** The contract's PROMOTION_TITLE_MAX and PROMOTION_TEXT_MAX (no zod contract in the browser, decision 7). */
const TITLE_MAX = 120;
const TEXT_MAX = 2000;

export interface PromotionValues {
  titleRu: string;
  titleEn: string;
  textRu: string;
  textEn: string;
  priority: string;
  startsAt: string;
  endsAt: string;
  isPublished: boolean;
  restoIds: number[];
  /** '' for no link; else a menu's id. */
  linkMenuId: string;
  /** '' for the whole menu; else a dish's id. */
  linkPositionId: string;
  /** 'gift': also a dish at 0 ₽ for an order from the sum (decision 56). */
  kind: 'banner' | 'gift';
  /** The gift's threshold in whole roubles as typed; sent in kopecks. */
  giftMinSum: string;
  /** The dishes the customer chooses the gift from, in order (1–6). */
  giftPositionIds: number[];
  giftWithPromoCode: boolean;
  giftWithBonus: boolean;
}

/** The contract's GIFT_OPTIONS_MAX and the largest sum a price may be, in whole roubles. */
export const GIFT_OPTIONS = 6;
const GIFT_SUM_MAX_ROUBLES = 1_000_000;

export function promotionValues(promotion: AdminPromotion | null, offset: string): PromotionValues {
  return {
    titleRu: promotion?.title.ru ?? '',
    titleEn: promotion?.title.en ?? '',
    textRu: promotion?.text.ru ?? '',
    textEn: promotion?.text.en ?? '',
    priority: String(promotion?.priority ?? 0),
    startsAt: wallClockInput(promotion?.startsAt ?? null, offset),
    endsAt: wallClockInput(promotion?.endsAt ?? null, offset),
    isPublished: promotion?.isPublished ?? true,
    restoIds: [...(promotion?.restoIds ?? [])],
    linkMenuId: promotion?.linkMenuId ? String(promotion.linkMenuId) : '',
    linkPositionId: promotion?.linkPositionId ? String(promotion.linkPositionId) : '',
    kind: promotion?.gift ? 'gift' : 'banner',
    giftMinSum: promotion?.gift ? String(Math.ceil(promotion.gift.minSum / 100)) : '',
    giftPositionIds: [...(promotion?.gift?.positionIds ?? [])],
    giftWithPromoCode: promotion?.gift?.withPromoCode ?? false,
    giftWithBonus: promotion?.gift?.withBonus ?? false,
  };
}

export function promotionIssues(values: PromotionValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!values.titleRu.trim()) issues.titleRu = 'required';
  else if (values.titleRu.trim().length > TITLE_MAX) issues.titleRu = 'tooLong';
  if (values.titleEn.trim().length > TITLE_MAX) issues.titleEn = 'tooLong';
  if (values.textRu.length > TEXT_MAX) issues.textRu = 'tooLong';
  if (values.textEn.length > TEXT_MAX) issues.textEn = 'tooLong';
  if (!/^-?\d{1,5}$/.test(values.priority.trim()) || Math.abs(Number(values.priority)) > 10_000)
    issues.priority = 'priorityInvalid';
  if (values.startsAt && values.endsAt && values.endsAt <= values.startsAt) issues.endsAt = 'endsBeforeStart';
  if (values.kind === 'gift') {
    const sum = values.giftMinSum.trim().replace(/\s/g, '');
    if (!/^\d{1,7}$/.test(sum) || Number(sum) < 1 || Number(sum) > GIFT_SUM_MAX_ROUBLES)
      issues.giftMinSum = 'giftSumInvalid';
    if (values.giftPositionIds.length === 0) issues.giftPositionIds = 'giftDishesRequired';
    else if (values.giftPositionIds.length > GIFT_OPTIONS) issues.giftPositionIds = 'giftDishesTooMany';
  }
  return issues;
}

export function promotionBody(values: PromotionValues, offset: string) {
  const text = (ru: string, en: string) => ({ ru: ru.trim(), ...(en.trim() ? { en: en.trim() } : {}) });
  return {
    title: text(values.titleRu, values.titleEn),
    text: text(values.textRu, values.textEn),
    priority: Number(values.priority.trim()),
    startsAt: instantOfWallClock(values.startsAt, offset),
    endsAt: instantOfWallClock(values.endsAt, offset),
    isPublished: values.isPublished,
    restoIds: values.restoIds,
    linkMenuId: values.linkMenuId ? Number(values.linkMenuId) : null,
    linkPositionId: values.linkMenuId && values.linkPositionId ? Number(values.linkPositionId) : null,
    gift:
      values.kind === 'gift'
        ? {
            minSum: Number(values.giftMinSum.trim().replace(/\s/g, '')) * 100,
            positionIds: values.giftPositionIds,
            withPromoCode: values.giftWithPromoCode,
            withBonus: values.giftWithBonus,
          }
        : null,
  };
}

/** The API's field path as the form's field. */
export function promotionFieldOf(path: string): string | null {
  const direct: Record<string, string> = {
    'title.ru': 'titleRu',
    'title.en': 'titleEn',
    'text.ru': 'textRu',
    'text.en': 'textEn',
    priority: 'priority',
    startsAt: 'startsAt',
    endsAt: 'endsAt',
    linkMenuId: 'linkMenuId',
    linkPositionId: 'linkPositionId',
  };
  if (direct[path]) return direct[path];
  if (path.startsWith('restoIds')) return 'restoIds';
  if (path === 'gift.minSum') return 'giftMinSum';
  if (path === 'gift.withPromoCode') return 'giftWithPromoCode';
  if (path === 'gift.withBonus') return 'giftWithBonus';
  if (path === 'gift' || path.startsWith('gift.')) return 'giftPositionIds';
  return null;
}
