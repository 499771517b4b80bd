import type { NamespaceTexts } from '@storefront/web/src/shared/i18n/i18n.ts';

/** A dish's or a group's photos (PhotoList); its English twin is photos-texts.en.ts. */
export const photosTexts = {
  photos: 'Фотографии',
  photosHint: 'JPEG, PNG или WebP до 10 МБ. Первая — главная.',
  photosEmpty: 'Фотографий нет',
  photosLoading: 'Загружаем фотографии…',
  photosFailed: 'Не удалось загрузить фотографии',
  retry: 'Повторить',
  upload: 'Добавить фото',
  uploading: 'Загружаем фото…',
  uploaded: 'Фото добавлено',
  mainPhoto: 'Главная',
  photoAlt: 'Фото {{index}}',
  removePhoto: 'Удалить фото {{index}}',
  removeTitle: 'Удалить фото?',
  removeText: 'Фото пропадёт с сайта. Вернуть его можно в журнале изменений.',
  removeConfirm: 'Удалить',
  removed: 'Фото удалено',
  photosStale: 'Фотографии уже изменили: показаны текущие, повторите действие',
} satisfies NamespaceTexts;
