import type { Bounds, Locale } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { PERSONAL_CLASSES } from '../../../shared/ui/field.tsx';
import { CloseIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import type { AddressSuggestion, Geocoder } from '../geocoding/geocoder.ts';
import styles from './map-popup.module.css';

/** docs/product.md §5 / §9: suggestions from the third character, asked 150 ms after the customer stops typing. */
export const AUTOCOMPLETE_MIN_LENGTH = 3;
export const AUTOCOMPLETE_DEBOUNCE_MS = 150;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface AddressSearchProps {
  geocoder: Geocoder;
  bounds: Bounds;
  locale: Locale;
  sessionToken: string;
  onChoose: (suggestion: AddressSuggestion) => void;
  /** Lets the popup's Escape close the list first instead of the popup. */
  onListOpenChange?: (open: boolean) => void;
}

/** The address field of the map popup: an ARIA combobox over the geocoder's suggestions. */
export function AddressSearch({
  geocoder,
  bounds,
  locale,
  sessionToken,
  onChoose,
  onListOpenChange,
}: AddressSearchProps) {
  const { t } = useTranslation('location-map');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const enabled = query.length >= AUTOCOMPLETE_MIN_LENGTH;
  const suggestions = useQuery({
    queryKey: ['address-suggestions', query, locale, bounds],
    queryFn: ({ signal }) => geocoder.suggest(query, { bounds, locale, sessionToken, signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  const items = enabled ? (suggestions.data ?? []) : [];
  const listShown = open && enabled && (suggestions.isFetched || suggestions.isFetching);

  useEffect(() => onListOpenChange?.(listShown), [listShown, onListOpenChange]);

  const choose = (suggestion: AddressSuggestion) => {
    setText(suggestion.title);
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Enter' && listShown && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && listShown) {
      setOpen(false);
      setActive(-1);
    }
  };

  const listId = `${id}-list`;
  const statusText = !enabled
    ? text.trim().length > 0
      ? t('searchHint')
      : ''
    : suggestions.isFetching
      ? t('searching')
      : suggestions.isError
        ? t('searchFailed')
        : items.length === 0 && suggestions.isFetched
          ? t('notFound')
          : '';

  return (
    // The address typed and the ones suggested are personal: hidden from session recording (decision 29).
    <div className={cx(styles.search, PERSONAL_CLASSES)}>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {t('searchLabel')}
      </label>
      <div className={styles.searchField}>
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={listShown && items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-status`}
          autoComplete="off"
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="address-search"
        />
        {suggestions.isFetching && enabled && <Spinner size={20} />}
        {text && (
          <IconButton
            aria-label={t('clear')}
            onClick={() => {
              setText('');
              setActive(-1);
            }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t('searchLabel')}
        className={styles.suggestions}
        hidden={!listShown || items.length === 0}
      >
        {items.map((item, index) => (
          <div
            key={item.id}
            tabIndex={-1}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.suggestion}
            // mousedown, not click: the input must not lose the list before the choice lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
          >
            <strong>{item.title}</strong>
            {item.subtitle && <small>{item.subtitle}</small>}
          </div>
        ))}
      </div>
      <p id={`${id}-status`} className={styles.searchStatus} role="status">
        {open ? statusText : ''}
      </p>
    </div>
  );
}
