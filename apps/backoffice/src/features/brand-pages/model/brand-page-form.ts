import type { AdminBrandPage } from '@storefront/domain/contracts';

/** A page's form: the API's shape, so a field error's path ('title.en') is the field's name. */
export interface BrandPageValues {
  slug: string;
  title: { ru: string; en: string };
  body: { ru: string; en: string };
  order: string;
  isPublished: boolean;
}

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function brandPageValues(page: AdminBrandPage | null): BrandPageValues {
  return {
    slug: page?.slug ?? '',
    title: { ru: page?.title.ru ?? '', en: page?.title.en ?? '' },
    body: { ru: page?.body.ru ?? '', en: page?.body.en ?? '' },
    order: page ? String(page.order) : '',
    isPublished: page?.isPublished ?? true,
  };
}

export function brandPageBody(values: BrandPageValues) {
  return {
    slug: values.slug.trim(),
    title: { ru: values.title.ru.trim(), en: values.title.en.trim() },
    body: { ru: values.body.ru, en: values.body.en },
    ...(values.order.trim() === '' ? {} : { order: Number(values.order) }),
    isPublished: values.isPublished,
  };
}
