import {
  canIncrement,
  formatMoney,
  groupTotal,
  type Minor,
  type ModifierSelection,
  pickText,
  selectedItemCount,
  setItemCount,
  toggleSingle,
} from '@storefront/domain';
import type { PositionModifiers } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import styles from './position-layer.module.css';

type Group = PositionModifiers['modifiers'][number];

/**
 * Modifier groups of a dish (docs/product.md §3): a group with maxCount 1 is a single choice; others take up to
 * maxCount items in all, never more; minCount is checked when the dish is added.
 */
export function ModifierPicker({
  groups,
  selection,
  onChange,
  currency,
  missing,
}: {
  groups: readonly Group[];
  selection: ModifierSelection;
  onChange: (selection: ModifierSelection) => void;
  currency: string;
  missing: ReadonlySet<number>;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const price = (amount: Minor) => (amount === 0 ? t('free') : `+${formatMoney(amount, currency, locale)}`);
  return (
    <div className={styles.modifiers}>
      {groups.map((group) => {
        const single = group.maxCount === 1;
        const hint =
          group.minCount > 0
            ? t('requiredChoice', { count: group.minCount })
            : t('upTo', { count: group.maxCount });
        return (
          <fieldset
            key={group.id}
            className={styles.group}
            aria-invalid={missing.has(group.id)}
            data-testid="modifier-group"
          >
            <legend className={styles.groupTitle}>
              {pickText(group.nameUi, locale)}
              <span className={styles.groupHint}>
                {hint} · {groupTotal(group, selection)}/{group.maxCount}
              </span>
            </legend>
            {group.items.map((item) => {
              const count = selectedItemCount(selection, group.id, item.id);
              const name = pickText(item.name, locale);
              if (single) {
                return (
                  <label key={item.id} className={styles.item}>
                    <input
                      type="radio"
                      name={`modifier-${group.id}`}
                      checked={count > 0}
                      onChange={() => onChange(toggleSingle(selection, group, item.id))}
                      onClick={() =>
                        count > 0 && group.minCount === 0 && onChange(toggleSingle(selection, group, item.id))
                      }
                    />
                    <span className={styles.itemName}>{name}</span>
                    <span className={styles.itemPrice}>{price(item.price)}</span>
                  </label>
                );
              }
              return (
                <div key={item.id} className={styles.item}>
                  <span className={styles.itemName}>{name}</span>
                  <span className={styles.itemPrice}>{price(item.price)}</span>
                  <span className={styles.itemStepper}>
                    <button
                      type="button"
                      onClick={() => onChange(setItemCount(selection, group, item.id, count - 1))}
                      disabled={count === 0}
                      aria-label={`${t('decrease')}: ${name}`}
                    >
                      −
                    </button>
                    <output aria-label={name}>{count}</output>
                    <button
                      type="button"
                      onClick={() => onChange(setItemCount(selection, group, item.id, count + 1))}
                      disabled={!canIncrement(group, selection)}
                      aria-label={`${t('increase')}: ${name}`}
                    >
                      +
                    </button>
                  </span>
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
