import { pickText } from '@storefront/domain';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './resto-picker.module.css';
import { useAdminRestos } from './restos.ts';

/**
 * "Which restaurant": a select over the brand's restaurants the person may see, an unpublished one marked. `value`
 * null shows an empty choice first (nothing picked yet).
 */
export function RestoPicker({
  value,
  onChange,
  label,
}: {
  value: number | null;
  onChange: (restoId: number) => void;
  /** The label shown beside it; the shell's "Restaurant" when left out. */
  label?: string;
}) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const id = useId();
  const restos = useAdminRestos();
  const list = restos.data ?? [];
  return (
    <span className={styles.picker}>
      <label htmlFor={id}>{label ?? t('restoPicker')}</label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={restos.isPending}
        onChange={(event) => {
          if (event.target.value !== '') onChange(Number(event.target.value));
        }}
      >
        {value === null && <option value="">—</option>}
        {list.map((resto) => (
          <option key={resto.id} value={resto.id}>
            {pickText(resto.name, locale)}
            {resto.isPublished ? '' : ` (${t('restoUnpublished')})`}
          </option>
        ))}
      </select>
    </span>
  );
}
