import {
  AUDIT_ENTITY_KINDS,
  type AuditEntityKind,
  type Locale,
  NOT_REVERTIBLE_ACTIONS,
  photoSrcSets,
  pickText,
} from '@storefront/domain';
import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { ApiError, apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogQuery, revertAuditEntry } from '../model/audit-api.ts';
import { changedFields, entityNameOf, type FieldChange } from '../model/audit-diff.ts';
import {
  fieldLabel,
  type IdName,
  keptIdNames,
  pointsWords,
  type ShownValue,
  shownInline,
  shownValue,
} from '../model/audit-values.ts';
import styles from './audit-log-screen.module.css';

type T = TFunction<'audit'>;
type RestoName = (id: number) => string | undefined;

/** The brand's restaurants by id, for the names of an account's restaurants (the public list; none: numbers). */
function useRestoNames(locale: Locale): RestoName {
  const brand = useBrand();
  const restos = useQuery({
    queryKey: ['restos-of-brand', brand.whiteLabel],
    queryFn: () =>
      apiFetch<{ id: number; name: { ru: string; en?: string } }[]>(
        `/1/p/restos?whiteLabel=${encodeURIComponent(brand.whiteLabel)}`,
      ),
    staleTime: 5 * 60_000,
  });
  return (id) => {
    const found = restos.data?.find((r) => r.id === id);
    return found ? pickText(found.name, locale) : undefined;
  };
}

/** The words for a refused undo: what happened and what to do. */
export function revertErrorText(error: unknown, t: T): string {
  if (error instanceof ApiError) {
    if (error.code === 'admin.changed-since') return t('changedSince');
    if (error.code === 'admin.already-reverted') return t('alreadyReverted');
    if (error.code === 'admin.not-revertible') return t('notRevertibleError');
    if (error.code === 'admin.audit-entry-not-found') return t('entryNotFound');
    if (error.status === 403) return t('forbidden');
    if (error.status === 0) return t('network');
    return error.answerText || t('network');
  }
  return t('network');
}

/** The names of the rows an entry lists by id: the brand's restaurants now, its groups and dishes as it kept them. */
function idNamesOf(entry: AdminAuditEntry, locale: Locale, restoName: RestoName): IdName {
  const kept = keptIdNames(entry.summary, locale);
  return (field, id) => (field === 'restoIds' ? restoName(id) : kept(field, id));
}

const whenOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Kind, name and number of the row an entry changed: "Dish «Philadelphia» #12". */
function whatOf(entry: AdminAuditEntry, locale: Locale, t: T): string {
  const kind = t(`kind_${entry.entity}`);
  // The brand's one program has no number; points and refunds are known by their order.
  if (entry.entity === 'bonus-program') return kind;
  const orderId = entry.after.orderId ?? entry.before.orderId;
  if ((entry.entity === 'bonus-adjustment' || entry.entity === 'order-refund') && typeof orderId === 'number')
    return `${kind} · ${t('orderRef', { id: orderId })} · ${t('entityNumber', { id: entry.entityId })}`;
  const name = shownValue('name', entityNameOf(entry), locale, t);
  const number = t('entityNumber', { id: entry.entityId });
  return name.kind === 'text' ? `${kind} «${name.text}» ${number}` : `${kind} ${number}`;
}

/**
 * An adjustment is undone by the opposite one; the undo's own entry is not undone again (the ledger's row it names
 * still holds the points, so the API would answer 'changed since').
 */
const revertible = (entry: AdminAuditEntry) =>
  entry.revertedByEntryId === null &&
  !NOT_REVERTIBLE_ACTIONS.includes(entry.action) &&
  !(entry.entity === 'bonus-adjustment' && entry.action !== 'adjust');

/** What an adjustment entry did to the balance: after − before (an undo's is the opposite of its adjustment's). */
const adjustmentOf = (entry: AdminAuditEntry) =>
  Number(entry.after.amount ?? 0) - Number(entry.before.amount ?? 0);

const signedPoints = (amount: number, locale: Locale, t: T) =>
  `${amount < 0 ? '\u2212' : '+'}${pointsWords(amount, locale, t)}`;

/** A points adjustment as what it did: the points, the reason, the customer; not a before → after of a zero. */
function AdjustmentFacts({ entry, locale, t }: { entry: AdminAuditEntry; locale: Locale; t: T }) {
  const reason = entry.after.reason ?? entry.before.reason;
  const person = entry.after.personId ?? entry.before.personId;
  return (
    <dl className={styles.changes}>
      <div className={styles.change}>
        <dt className={styles.field}>{t('adjustPoints')}</dt>
        <dd className={styles.diff}>{signedPoints(adjustmentOf(entry), locale, t)}</dd>
      </div>
      {typeof reason === 'string' && reason !== '' && (
        <div className={styles.change}>
          <dt className={styles.field}>{t('adjustReason')}</dt>
          <dd className={styles.diff}>{reason}</dd>
        </div>
      )}
      {typeof person === 'number' && (
        <div className={styles.change}>
          <dt className={styles.field}>{t('adjustCustomer')}</dt>
          <dd className={styles.diff}>{t('entityNumber', { id: person })}</dd>
        </div>
      )}
    </dl>
  );
}

function Value({ value, t }: { value: ShownValue; t: T }) {
  if (value.kind === 'none') return <span className={styles.none}>{t('empty')}</span>;
  if (value.kind === 'text') return <span>{value.text}</span>;
  return (
    <ul className={styles.valueList}>
      {value.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a logged list may hold an item twice
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A photo list as small pictures: a file name ("640.jpg") says nothing of which photo came or went. */
function Photos({ value, t }: { value: unknown; t: T }) {
  const urls = Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  if (urls.length === 0) return <span className={styles.none}>{t('empty')}</span>;
  return (
    <ul className={styles.photoList}>
      {urls.map((url, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a logged list may hold a photo twice
        <li key={index}>
          <img
            src={url}
            srcSet={photoSrcSets(url)?.jpeg}
            sizes="48px"
            alt={t('photoNumber', { index: index + 1 })}
            width={48}
            height={48}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

function Changes({
  changes,
  locale,
  t,
  idName,
}: {
  changes: FieldChange[];
  locale: Locale;
  t: T;
  idName: IdName;
}) {
  return (
    <dl className={styles.changes}>
      {changes.map((change) => {
        let before = shownValue(change.field, change.before, locale, t, idName);
        let after = shownValue(change.field, change.after, locale, t, idName);
        // Another language's words changed: both languages, so the difference shows.
        if (before.kind === 'text' && after.kind === 'text' && before.text === after.text) {
          before = shownValue(change.field, change.before, locale, t, idName, true);
          after = shownValue(change.field, change.after, locale, t, idName, true);
        }
        return (
          <div key={change.field} className={styles.change}>
            <dt className={styles.field}>{fieldLabel(change.field, t)}</dt>
            <dd className={styles.diff}>
              <span className={styles.before}>
                <span className={styles.srOnly}>{t('before')}: </span>
                {change.field === 'photos' ? (
                  <Photos value={change.before} t={t} />
                ) : (
                  <Value value={before} t={t} />
                )}
              </span>
              <span aria-hidden="true" className={styles.arrow}>
                →
              </span>
              <span className={styles.after}>
                <span className={styles.srOnly}>{t('after')}: </span>
                {change.field === 'photos' ? (
                  <Photos value={change.after} t={t} />
                ) : (
                  <Value value={after} t={t} />
                )}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function EntryCard({
  entry,
  locale,
  restoName,
  onUndo,
}: {
  entry: AdminAuditEntry;
  locale: Locale;
  restoName: RestoName;
  onUndo: (entry: AdminAuditEntry) => void;
}) {
  const { t } = useTranslation('audit');
  const changes = changedFields(entry.before, entry.after);
  const titleId = useId();
  return (
    <li className={styles.entry} aria-labelledby={titleId} data-testid={`audit-entry-${entry.id}`}>
      <div className={styles.head}>
        <span className={styles.what} id={titleId}>
          {whatOf(entry, locale, t)}
        </span>
        <span className={styles.action}>{t(`action_${entry.action}`)}</span>
      </div>
      <p className={styles.meta}>
        <span>
          {t('entityNumber', { id: entry.id })} · <time dateTime={entry.at}>{whenOf(entry.at, locale)}</time>
        </span>
        <span className={styles.who}>{entry.staff.login}</span>
      </p>
      {entry.entity === 'bonus-adjustment' ? (
        <AdjustmentFacts entry={entry} locale={locale} t={t} />
      ) : changes.length > 0 ? (
        <Changes changes={changes} locale={locale} t={t} idName={idNamesOf(entry, locale, restoName)} />
      ) : (
        <p className={styles.none}>
          {entry.action === 'password-reset' ? t('secretChange') : t('noChanges')}
        </p>
      )}
      <div className={styles.foot}>
        {entry.revertsEntryId !== null && (
          <span className={styles.note}>{t('reverts', { id: entry.revertsEntryId })}</span>
        )}
        {entry.revertedByEntryId !== null && (
          <span className={styles.undone}>{t('undone', { id: entry.revertedByEntryId })}</span>
        )}
        {entry.revertedByEntryId === null && NOT_REVERTIBLE_ACTIONS.includes(entry.action) && (
          <span className={styles.note}>{t('notRevertible')}</span>
        )}
        {revertible(entry) && (
          <Button
            variant="secondary"
            className={styles.undo}
            aria-label={
              entry.entity === 'bonus-adjustment'
                ? t('undoAdjustLabel', { id: entry.id })
                : t('undoLabel', { id: entry.id })
            }
            onClick={() => onUndo(entry)}
          >
            {entry.entity === 'bonus-adjustment'
              ? t(adjustmentOf(entry) < 0 ? 'undoAdjustTake' : 'undoAdjustAdd')
              : t('undo')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** What an undo brings back: each changed field's value before the change. */
function restoresText(entry: AdminAuditEntry, locale: Locale, t: T, restoName: RestoName): string {
  const idName = idNamesOf(entry, locale, restoName);
  return changedFields(entry.before, entry.after)
    .map(
      (change) =>
        `${fieldLabel(change.field, t)}: ${shownInline(shownValue(change.field, change.before, locale, t, idName), t)}`,
    )
    .join('; ');
}

function matches(entry: AdminAuditEntry, search: string, locale: Locale, t: T): boolean {
  if (!search) return true;
  const haystack = [
    entry.staff.login,
    whatOf(entry, locale, t),
    t(`action_${entry.action}`),
    String(entry.id),
    String(entry.entityId),
    // A points adjustment is found by its reason too.
    typeof entry.after.reason === 'string' ? entry.after.reason : '',
  ]
    .join(' ')
    .toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * /admin/audit: the brand's change log, newest first (decision 45). Each entry says who, when (this browser's
 * time), what and the changed fields before → after; "Undo" asks first, says what comes back, and a refusal is
 * explained (changed since, undone already, not undoable). Filter by kind (the API's), search by who or what
 * among the entries loaded, "Show more" reads the next page.
 */
export function AuditLogScreen() {
  const { t } = useTranslation('audit');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const restoName = useRestoNames(locale);
  const [kind, setKind] = useState<AuditEntityKind | null>(null);
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<AdminAuditEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const log = useInfiniteQuery(auditLogQuery(kind));
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const shown = entries.filter((entry) => matches(entry, search.trim(), locale, t));
  const undo = useMutation({
    mutationFn: (entry: AdminAuditEntry) => revertAuditEntry(entry.id),
    onMutate: () => setNotice(null),
    onSuccess: (_revert, entry) => {
      setAsking(null);
      setNotice(t('undoDone', { id: entry.id }));
      // The menu or the accounts changed too: every screen reads them again.
      void queryClient.invalidateQueries();
    },
    onError: () => setAsking(null),
  });

  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <search className={styles.filters} aria-label={t('filters')}>
        <Field label={t('kindFilter')} className={styles.filter}>
          {(control) => (
            <select
              {...control}
              value={kind ?? ''}
              onChange={(event) => setKind((event.target.value || null) as AuditEntityKind | null)}
            >
              <option value="">{t('allKinds')}</option>
              {AUDIT_ENTITY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind_${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('search')} hint={t('searchHint')} className={styles.filter}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      </search>
      {notice && (
        <p role="status" className={styles.done}>
          {notice}
        </p>
      )}
      {undo.isError && (
        <p role="alert" className={styles.error}>
          {revertErrorText(undo.error, t)}
        </p>
      )}
      {log.isPending && (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      )}
      {log.isError && !log.data && (
        <div role="alert" className={styles.failed}>
          <p className={styles.error}>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void log.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {log.data && entries.length === 0 && <p className={styles.empty}>{t('nothing')}</p>}
      {log.data && entries.length > 0 && shown.length === 0 && (
        <p className={styles.empty}>{t('nothingFound')}</p>
      )}
      {shown.length > 0 && (
        <ol className={styles.list} aria-label={t('title')}>
          {shown.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              locale={locale}
              restoName={restoName}
              onUndo={(chosen) => {
                undo.reset();
                setAsking(chosen);
              }}
            />
          ))}
        </ol>
      )}
      {log.data && entries.length > 0 && (
        <div className={styles.more}>
          <span className={styles.hint}>{t('shown', { count: shown.length })}</span>
          {log.hasNextPage && (
            <Button
              variant="secondary"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
      <ConfirmationPopup
        open={asking !== null}
        headline={asking ? t('undoTitle', { id: asking.id }) : ''}
        supportingText={
          asking ? (
            <>
              <p className={styles.restores}>
                {whatOf(asking, locale, t)}.{' '}
                {asking.entity === 'bonus-adjustment'
                  ? t('undoAdjustText', { points: signedPoints(-adjustmentOf(asking), locale, t) })
                  : t('undoRestores', { what: restoresText(asking, locale, t, restoName) })}
              </p>
              <p className={styles.hint}>{t('undoRestoresHint')}</p>
            </>
          ) : null
        }
        confirmText={t('undoConfirm')}
        cancelText={t('cancel')}
        confirmLoading={undo.isPending}
        onConfirm={() => asking && undo.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
