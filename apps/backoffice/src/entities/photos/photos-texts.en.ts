import type { EnglishTexts } from '@storefront/web/src/shared/i18n/i18n.ts';
import type { photosTexts } from './photos-texts.ts';

export const photosTextsEn = {
  photos: 'Photos',
  photosHint: 'JPEG, PNG or WebP up to 10 MB. The first is the main one.',
  photosEmpty: 'No photos',
  photosLoading: 'Loading the photos…',
  photosFailed: 'Could not load the photos',
  retry: 'Retry',
  upload: 'Add a photo',
  uploading: 'Uploading the photo…',
  uploaded: 'Photo added',
  mainPhoto: 'Main',
  photoAlt: 'Photo {{index}}',
  removePhoto: 'Remove photo {{index}}',
  removeTitle: 'Remove the photo?',
  removeText: 'The photo leaves the site. It can be brought back from the change log.',
  removeConfirm: 'Remove',
  removed: 'Photo removed',
  photosStale: 'The photos were changed meanwhile: these are the current ones, try again',
} satisfies EnglishTexts<typeof photosTexts>;
