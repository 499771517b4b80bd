import type { LatLng } from '@storefront/domain';
import { useTranslation } from 'react-i18next';

/**
 * How a delivery place is named wherever it is shown (cart, checkout, order page, the staff board): its
 * address line, or for a map point without a street 'Точка на карте' with its coordinates, linked to a map
 * so a courier can find it (decision 43).
 */

/** Six decimals: about 10 cm, the precision a courier's map reads. */
export const formatPoint = (point: LatLng) => `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;

/** A public map centred on the point with a marker (no key, no script: a plain link). */
export function mapLinkOf(point: LatLng): string {
  const lat = point.lat.toFixed(6);
  const lng = point.lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
}

/** The address line, or the point named and linked; nothing when there is neither. */
export function DeliveryPlaceText({
  address,
  location,
  linked = true,
}: {
  address: string | null | undefined;
  location: LatLng | null | undefined;
  /** False where the text sits inside another control (a button): the coordinates without a link. */
  linked?: boolean;
}) {
  const { t } = useTranslation('location');
  if (address?.trim()) return <>{address}</>;
  if (!location) return null;
  const point = formatPoint(location);
  return (
    <span data-testid="map-point">
      {`${t('mapPoint')} `}
      {linked ? (
        <a
          href={mapLinkOf(location)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('mapPointLink', { point })}
        >
          {point}
        </a>
      ) : (
        point
      )}
    </span>
  );
}

/** The courier's view of an address's point: 'Координаты' and the coordinates, linked to a map. */
export function PointLink({ location }: { location: LatLng }) {
  const { t } = useTranslation('location');
  const point = formatPoint(location);
  return (
    <span data-testid="point-link">
      {`${t('coordinates')} `}
      <a
        href={mapLinkOf(location)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('coordinatesLink', { point })}
      >
        {point}
      </a>
    </span>
  );
}
