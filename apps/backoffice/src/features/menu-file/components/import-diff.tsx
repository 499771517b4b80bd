import type { Locale } from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import type { ReactNode, RefObject } from 'react';
import { fieldWords, type RowKind, rowCount, valueWords } from '../model/menu-file-words.ts';
import { useMenuFileTexts } from '../model/use-menu-file-texts.ts';
import styles from './menu-file.module.css';

type Diff = AdminMenuFileImportResult['diff'];
const LISTS = ['added', 'changed', 'hidden'] as const;

/**
 * What an import changes (a dry run's answer) or changed (the apply's): the counts, then the rows added, changed
 * (each field before → after) and hidden, each by its name where today's menu or the file has one, and its key.
 * A dry run that changes something ends with Apply.
 */
export function ImportDiff({
  diff,
  applied,
  names,
  headingRef,
  onApply,
}: {
  diff: Diff;
  applied: boolean;
  names: Map<string, string>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onApply: () => void;
}) {
  const { t, i18n } = useMenuFileTexts();
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const empty = rowCount(diff) === 0;
  const title = applied ? t('appliedTitle') : empty ? t('sameTitle') : t('previewTitle');

  const rowTitle = (kind: RowKind, key: string) => {
    const name = names.get(`${kind}:${key}`);
    return (
      <>
        <span className={styles.kind}>{t(`kind_${kind}`)}</span>{' '}
        {name ? <span className={styles.rowName}>{name}</span> : null}{' '}
        <code className={styles.path}>{key}</code>
      </>
    );
  };

  const lists: Record<(typeof LISTS)[number], ReactNode[]> = {
    added: diff.added.map((row) => <li key={`${row.kind}:${row.key}`}>{rowTitle(row.kind, row.key)}</li>),
    changed: diff.changed.map((row) => (
      <li key={`${row.kind}:${row.key}`}>
        <div>{rowTitle(row.kind, row.key)}</div>
        <ul className={styles.fields}>
          {row.fields.map((change) => (
            <li key={change.field} className={styles.change}>
              <span className={styles.fieldName}>{fieldWords(change.field, t)}:</span>{' '}
              <del className={styles.before}>
                <span className="visually-hidden">{t('before')}: </span>
                {valueWords(change.field, change.before, locale, t)}
              </del>
              <span aria-hidden="true"> → </span>
              <ins className={styles.after}>
                <span className="visually-hidden">{t('after')}: </span>
                {valueWords(change.field, change.after, locale, t)}
              </ins>
            </li>
          ))}
        </ul>
      </li>
    )),
    hidden: diff.hidden.map((row) => <li key={`${row.kind}:${row.key}`}>{rowTitle(row.kind, row.key)}</li>),
  };

  return (
    <div className={styles.diff}>
      <h4 ref={headingRef} tabIndex={-1} className={styles.resultTitle}>
        {title}
      </h4>
      {!empty && (
        <dl className={styles.counts} aria-label={t('countsLabel')}>
          {LISTS.map((list) => (
            <div key={list} className={styles.count}>
              <dt>{t(applied ? `appliedCount_${list}` : `count_${list}`)}</dt>
              <dd>{diff.counts[list]}</dd>
            </div>
          ))}
        </dl>
      )}
      {LISTS.map((list) =>
        lists[list].length === 0 ? null : (
          <details key={list} className={styles.details} open={lists[list].length <= 20}>
            <summary className={styles.summary}>
              {t(`list_${list}`)} ({lists[list].length})
            </summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box scrolls by keyboard only when focusable (axe scrollable-region-focusable) */}
            <section className={styles.scroll} aria-label={t(`list_${list}`)} tabIndex={0}>
              <ul className={styles.rows}>{lists[list]}</ul>
            </section>
          </details>
        ),
      )}
      {!applied && !empty && (
        <div className={styles.actions}>
          <Button onClick={onApply}>{t('apply')}</Button>
        </div>
      )}
    </div>
  );
}
