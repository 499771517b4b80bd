/**
 * Marker pictures as inline SVG: no image request, and the colour follows the brand. The delivery pin
 * is 64×64 (docs/product.md §9) with its tip at the bottom centre; pickup points are smaller so the city fits.
 */
export function deliveryPinSvg(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true"><path d="M32 62C32 62 12 38 12 24a20 20 0 0 1 40 0c0 14-20 38-20 38z" fill="${colour}" stroke="#10141a" stroke-width="3"/><circle cx="32" cy="24" r="8" fill="#10141a"/></svg>`;
}

export const PICKUP_PIN_SIZE = 40;

export function pickupPinSvg(colour: string, selected: boolean): string {
  const fill = selected ? colour : '#f4f6f8';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true"><path d="M20 39S6 24 6 15a14 14 0 0 1 28 0c0 9-14 24-14 24z" fill="${fill}" stroke="${colour}" stroke-width="3"/><path d="M14 14h12v3a6 6 0 0 1-12 0z" fill="#10141a"/></svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
