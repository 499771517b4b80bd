/**
 * The words DeliveryPlaceText and PointLink read from the 'location' namespace, in both languages: a part of the
 * storefront's location texts and the whole of the back office's (its board names a courier's place with them).
 * Not a text set of its own (the storefront's registry of `*-texts.ts` sets), only spread into them.
 */
export const deliveryPlaceTexts = {
  mapPoint: 'Точка на карте',
  mapPointLink: 'Точка на карте {{point}}: открыть на карте',
  coordinates: 'Координаты',
  coordinatesLink: 'Координаты {{point}}: открыть на карте',
};

export const deliveryPlaceTextsEn: Record<keyof typeof deliveryPlaceTexts, string> = {
  mapPoint: 'Point on the map',
  mapPointLink: 'Point on the map {{point}}: open it on a map',
  coordinates: 'Coordinates',
  coordinatesLink: 'Coordinates {{point}}: open them on a map',
};
