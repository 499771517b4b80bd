import { type LatLng, polygonProblems, zoneBandsProblem } from '@storefront/domain';
import type { AdminZone } from '@storefront/domain/contracts';

/**
 * A delivery zone's form model (decision 52). Money is typed in rubles ('1 500', '249.50') and sent in kopecks; an
 * empty "to" is an open-ended last band. Checked by the domain's rules (polygonProblems, zoneBandsProblem: the ones
 * the API answers 422 with) before sending; the API's field paths map back onto the form's.
 */

export interface BandValues {
  from: string;
  to: string;
  price: string;
  minutes: string;
}

export interface ZoneValues {
  restoId: number | null;
  nameRu: string;
  nameEn: string;
  bands: BandValues[];
  priority: string;
  color: string;
  isActive: boolean;
  polygon: LatLng[];
}

/** The colour a zone without one is drawn in, and the form's default for a new one. */
export const DEFAULT_ZONE_COLOR = '#2A9D8F';
const NAME_MAX = 120;

const rubles = (kopecks: number | null) =>
  kopecks === null ? '' : kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2);

/** '1 500,50' → 150050; null for what is not a non-negative amount with at most two decimals. */
export function kopecksOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

const wholeOf = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);
const priorityOf = (text: string): number | null =>
  /^-?\d{1,4}$/.test(text.trim()) && Math.abs(Number(text.trim())) <= 1000 ? Number(text.trim()) : null;

export function zoneValues(zone: AdminZone | null, restoId: number | null = null): ZoneValues {
  return {
    restoId: zone?.restoId ?? restoId,
    nameRu: zone?.name.ru ?? '',
    nameEn: zone?.name.en ?? '',
    bands: (
      zone?.bands ?? [{ orderPriceMin: 0, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 60 }]
    ).map((band) => ({
      from: rubles(band.orderPriceMin),
      to: rubles(band.orderPriceMax),
      price: rubles(band.deliveryPrice),
      minutes: String(band.timeMinutes),
    })),
    priority: String(zone?.priority ?? 0),
    color: zone?.color ?? DEFAULT_ZONE_COLOR,
    isActive: zone?.isActive ?? true,
    polygon: zone?.polygon ?? [],
  };
}

/** The bands in kopecks, or null when some amount does not read. */
function bandsOf(values: ZoneValues) {
  const bands = values.bands.map((band) => ({
    orderPriceMin: kopecksOf(band.from),
    orderPriceMax: band.to.trim() === '' ? null : kopecksOf(band.to),
    deliveryPrice: kopecksOf(band.price),
    timeMinutes: wholeOf(band.minutes),
  }));
  return bands;
}

/** Each wrong field's issue code by its path ('bands.1.to', 'polygon', 'nameRu'). */
export function zoneIssues(values: ZoneValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (values.restoId === null) issues.restoId = 'required';
  if (!values.nameRu.trim()) issues.nameRu = 'required';
  else if (values.nameRu.trim().length > NAME_MAX) issues.nameRu = 'maxLength';
  if (values.nameEn.trim().length > NAME_MAX) issues.nameEn = 'maxLength';
  if (priorityOf(values.priority) === null) issues.priority = 'notNumber';
  if (values.polygon.length === 0) issues.polygon = 'polygonMissing';
  else {
    const [problem] = polygonProblems(values.polygon);
    if (problem) issues.polygon = `polygon_${problem}`;
  }
  const bands = bandsOf(values);
  let readable = true;
  bands.forEach((band, index) => {
    const raw = values.bands[index];
    if (band.orderPriceMin === null) issues[`bands.${index}.from`] = 'notNumber';
    if (band.orderPriceMax === null && raw?.to.trim() !== '') issues[`bands.${index}.to`] = 'notNumber';
    if (band.deliveryPrice === null) issues[`bands.${index}.price`] = 'notNumber';
    if (band.timeMinutes === null) issues[`bands.${index}.minutes`] = 'notNumber';
    if (Object.keys(issues).some((key) => key.startsWith(`bands.${index}.`))) readable = false;
  });
  if (readable) {
    const field = zoneBandsProblem(bands as Parameters<typeof zoneBandsProblem>[0]);
    if (field)
      issues[formFieldOf(field) ?? 'bands'] = field.endsWith('orderPriceMax')
        ? 'toBelowFrom'
        : 'bandsInvalid';
  }
  if (values.bands.length === 0) issues.bands = 'required';
  return issues;
}

export type ZoneBody = ReturnType<typeof zoneBody>;

/** The POST / PATCH body (bands a whole list, in kopecks); call after zoneIssues found nothing. */
export function zoneBody(values: ZoneValues) {
  const en = values.nameEn.trim();
  return {
    restoId: values.restoId ?? 0,
    name: { ru: values.nameRu.trim(), ...(en ? { en } : {}) },
    polygon: values.polygon,
    bands: bandsOf(values).map((band) => ({
      orderPriceMin: band.orderPriceMin ?? 0,
      orderPriceMax: band.orderPriceMax,
      deliveryPrice: band.deliveryPrice ?? 0,
      timeMinutes: band.timeMinutes ?? 0,
    })),
    priority: priorityOf(values.priority) ?? 0,
    color: values.color || null,
    isActive: values.isActive,
  };
}

const BAND_FIELDS: Record<string, keyof BandValues> = {
  orderPriceMin: 'from',
  orderPriceMax: 'to',
  deliveryPrice: 'price',
  timeMinutes: 'minutes',
};

/** The API's field path as the form's: 'bands.1.orderPriceMax' → 'bands.1.to', 'name.ru' → 'nameRu'. */
export function formFieldOf(path: string): string | null {
  const band = /^bands\.(\d+)\.(\w+)$/.exec(path);
  if (band) return BAND_FIELDS[band[2] ?? ''] ? `bands.${band[1]}.${BAND_FIELDS[band[2] ?? '']}` : 'bands';
  if (path.startsWith('bands')) return 'bands';
  if (path === 'name.ru' || path === 'name') return 'nameRu';
  if (path === 'name.en') return 'nameEn';
  if (path.startsWith('polygon')) return 'polygon';
  if (['restoId', 'priority', 'color', 'isActive'].includes(path)) return path;
  return null;
}
