import {
  buildSearchIndex,
  formatMoney,
  pickText,
  SEARCH_QUERY_MIN_LENGTH,
  searchPositions,
} from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { useQueries } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { menuPositionsQuery } from '../../../entities/catalog/catalog-queries.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useLazyNamespace } from '../../../shared/i18n/lazy-namespace.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { Modal } from '../../../shared/ui/dialog.tsx';
import { ChevronLeftIcon, CloseIcon } from '../../../shared/ui/icons.tsx';
import { FallbackImage } from '../../../shared/ui/image.tsx';
import { searchTextsEn } from '../search-texts.en.ts';
import { searchTexts } from '../search-texts.ts';
import styles from './search-overlay.module.css';

const RESULT_LIMIT = 50;

/**
 * docs/product.md §2 item 11: the menu search overlay, full screen on phones. Finds dishes of the chosen
 * restaurant by ru and en names and descriptions, in any word order, ё = е, and through a query typed
 * in the wrong keyboard layout (packages/domain/src/search). Loaded only when opened; a native modal dialog.
 */
export default function SearchOverlay() {
  const { t } = useLazyNamespace('search', { ru: searchTexts, en: searchTextsEn });
  const locale = useLocale();
  const navigate = useNavigate();
  const { resto, menus } = useCurrentLocation();
  const titleId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const answers = useQueries({ queries: menus.map((menu) => menuPositionsQuery(menu.id)) });
  const positions = useMemo(() => answers.flatMap((a) => a.data ?? []), [answers]);
  const index = useMemo(() => buildSearchIndex(positions), [positions]);
  const byId = useMemo(() => new Map(positions.map((p) => [p.id, p])), [positions]);
  const results = useMemo(
    () =>
      searchPositions(index, deferred, RESULT_LIMIT)
        .map((id) => byId.get(id))
        .filter((p): p is Position => p !== undefined),
    [index, byId, deferred],
  );
  const close = () => appFlagsStore.getState().setSearchOpen(false);
  const open = (position: Position) => {
    close();
    navigate(`/menus/${position.menu.id}/positions/${position.id}`);
  };
  const typed = deferred.trim().length >= SEARCH_QUERY_MIN_LENGTH;

  return (
    <Modal
      open
      onDismiss={close}
      aria-labelledby={titleId}
      overlayClassName={styles.overlay}
      contentClassName={styles.panel}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('title')}
      </h2>
      <div className={styles.bar}>
        <button type="button" className={styles.iconButton} onClick={close} aria-label={t('back')}>
          <ChevronLeftIcon />
        </button>
        <input
          className={styles.input}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="search-input"
        />
        {query && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setQuery('')}
            aria-label={t('clear')}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div className={styles.results} aria-live="polite">
        {!typed && <p className={styles.hint}>{t('hint')}</p>}
        {typed && results.length === 0 && (
          <p className={styles.hint}>{t('nothing', { query: deferred.trim() })}</p>
        )}
        {typed && results.length > 0 && (
          <>
            <p className="visually-hidden">{t('results', { count: results.length })}</p>
            <ul className={styles.list}>
              {results.map((position) => (
                <li key={position.id}>
                  <button type="button" className={styles.result} onClick={() => open(position)}>
                    <FallbackImage
                      src={position.photos[0]}
                      alt=""
                      fallbackSrc="/media/placeholder.svg"
                      className={styles.thumb}
                      sizes="5rem"
                    />
                    <span className={styles.name}>{pickText(position.name, locale)}</span>
                    {resto && (
                      <span className={styles.price}>
                        {formatMoney(position.price, resto.currency, locale)}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Modal>
  );
}
