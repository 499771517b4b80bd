import { pickText } from '@storefront/domain';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { useTranslation } from 'react-i18next';
import styles from './resto-checklist.module.css';
import { useAdminRestos } from './restos.ts';

/**
 * "Which restaurants": a checkbox per restaurant of the brand the person may see (an unpublished one marked). None
 * checked means every restaurant, as promotions and promo codes read it: said by `noneMeans` under the legend.
 */
export function RestoChecklist({
  value,
  onChange,
  legend,
  noneMeans,
  error,
}: {
  value: readonly number[];
  onChange: (restoIds: number[]) => void;
  legend: string;
  noneMeans: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const restos = useAdminRestos();
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...new Set([...value, id])].sort((a, b) => a - b) : value.filter((one) => one !== id));
  return (
    <fieldset className={styles.checklist}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.hint}>{noneMeans}</p>
      <div className={styles.items}>
        {(restos.data ?? []).map((resto) => (
          <label key={resto.id} className={styles.item}>
            <input
              type="checkbox"
              checked={value.includes(resto.id)}
              onChange={(event) => toggle(resto.id, event.target.checked)}
            />
            <span>
              {pickText(resto.name, locale)}
              {resto.isPublished ? '' : ` (${t('restoUnpublished')})`}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
