import type { EnglishTexts } from '../i18n/i18n.ts';
import type { mapTexts } from './map-texts.ts';

/** English texts of namespace 'map', shipped inside the map's own chunk. */
export const mapTextsEn = {
  loading: 'Loading the map…',
  failed: 'The map could not be loaded',
  retry: 'Retry',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
} satisfies EnglishTexts<typeof mapTexts>;
