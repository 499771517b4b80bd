import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { photosQuery } from '../../../entities/photos/photos-api.ts';
import type { AdminDish } from '../model/dishes-api.ts';
import styles from './dishes.module.css';

/**
 * A dish's main photo in the list: the storefront's (`src`, '' when it has none) for a published dish, read once per
 * menu; a hidden dish's from its own photos (undefined `src`: not on the storefront).
 */
export function DishThumb({ dish, src }: { dish: AdminDish; src: string | undefined }) {
  const { t } = useTranslation('dishes');
  const own = useQuery({ ...photosQuery('dish', dish.id), enabled: src === undefined });
  const shown = src ?? own.data?.photos[0]?.src ?? '';
  if (!shown)
    return (
      <span className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden="true">
        {own.isPending && src === undefined ? '' : t('noPhoto')}
      </span>
    );
  return <img className={styles.thumb} src={shown} alt="" loading="lazy" width={56} height={56} />;
}
