import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import styles from './menu-part-screen.module.css';

/** The part of a TanStack query a list reads. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  data?: unknown;
}

/**
 * What a searchable list of the back office shows instead of its table: loading, the failure with a retry, an empty
 * list, or a search that found nothing; else the table. The texts are the feature's own (its namespace's loading,
 * failed, retry, empty and nothingFound), so each list speaks of its rows.
 */
export function ListState({
  query,
  total = Array.isArray(query.data) ? query.data.length : 0,
  shown,
  t,
  children,
}: {
  query: ListQuery;
  /** How many rows there are (default: the query's data when it is the list itself). */
  total?: number;
  /** How many rows the search and filters leave. */
  shown: number;
  t: TFunction;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (query.isError)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}: {query.error?.message}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (total === 0) return <p className={styles.state}>{t('empty')}</p>;
  if (shown === 0) return <p className={styles.state}>{t('nothingFound')}</p>;
  return children;
}
