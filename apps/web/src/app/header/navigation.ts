/** docs/product.md §2: the eight static information pages, in the order of the secondary navigation. */
export const INFO_PAGE_SLUGS = [
  'informaciya-dlya-klientov',
  'unikalnye-preimushchestva',
  'pravila-prodazhi',
  'postavshchikam',
  'postavshchikam-uslug-i-produkcii',
  'sovmestnye-promo-akcii',
  'podarki-ot-partnerov',
  'dostavka',
] as const;

export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number] | 'terms-of-sale';
