import { type Locale, pickText, STAFF_ROLES, type StaffRole } from '@storefront/domain';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSession } from '../../../entities/staff-session/staff-session.ts';
import {
  type AdminStaff,
  brandRestosQuery,
  patchStaffAccount,
  resetStaffPassword,
  type SignInLock,
  staffAccountsQuery,
  staffLocksQuery,
  unlockStaffAccount,
} from '../model/staff-accounts-api.ts';
import { PasswordOnce } from './password-once.tsx';
import { type AccountSaved, restosText, StaffAccountForm } from './staff-account-form.tsx';
import styles from './staff-accounts.module.css';

type T = TFunction<'staffAccounts'>;

/** The words for a refused change: a 412's, or the API's own (in the interface language). */
function refusalText(error: unknown, t: T): string {
  if (error instanceof ApiError) {
    if (error.status === 412) return t('staleTitle');
    if (error.status === 0) return t('network');
    return error.answerText || t('network');
  }
  return t('network');
}

const whenOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A change of the account asked first; an unlock is asked the same way but is not a change of the account. */
type Change = { kind: 'disable' | 'enable' | 'reset'; account: AdminStaff };
type Asking = Change | { kind: 'unlock'; account: AdminStaff };

/** A block's end in the interface language: it lasts minutes, so the time of day says it. */
const timeOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function AccountCard({
  account,
  lock,
  me,
  restoName,
  onEdit,
  onAsk,
}: {
  account: AdminStaff;
  /** Its login's sign-in block and wrong answers; undefined while unknown. */
  lock: SignInLock | undefined;
  me: boolean;
  restoName: (id: number) => string;
  onEdit: () => void;
  onAsk: (asking: Asking) => void;
}) {
  const { t } = useTranslation('staffAccounts');
  const locale = useLocale();
  const restos = restosText(account.role, account.restoIds, restoName, t);
  return (
    <li
      className={account.disabled ? `${styles.account} ${styles.accountDisabled}` : styles.account}
      data-testid={`staff-${account.login}`}
    >
      <div className={styles.who}>
        <span className={styles.name}>
          {account.name}
          {me && <span className={styles.badge}>{t('you')}</span>}
        </span>
        <span className={styles.muted}>
          {account.login} · {t(`role_${account.role}`)}
        </span>
        <span className={styles.muted}>
          {t('restos')}: {restos}
        </span>
      </div>
      <div className={styles.state}>
        <span className={account.disabled ? styles.off : styles.on}>
          {account.disabled ? t('disabled') : t('active')}
        </span>
        {lock?.blockedUntil && (
          <span className={styles.off}>{t('blockedUntil', { time: timeOf(lock.blockedUntil, locale) })}</span>
        )}
        {lock && lock.failures > 0 && (
          <span className={styles.muted}>{t('failures', { count: lock.failures })}</span>
        )}
        {account.totp && <span className={styles.muted}>{t('totpOn')}</span>}
        <span className={styles.muted}>
          {account.lastSignInAt
            ? t('lastSignIn', { when: whenOf(account.lastSignInAt, locale) })
            : t('neverSignedIn')}
        </span>
        {/* With the block it lifts, not among the account's changes. */}
        {lock && (lock.blockedUntil !== null || lock.failures > 0) && (
          <Button
            variant="secondary"
            className={styles.unlock}
            aria-label={t('unlockLabel', { login: account.login })}
            onClick={() => onAsk({ kind: 'unlock', account })}
          >
            {t('unlock')}
          </Button>
        )}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" aria-label={t('editLabel', { login: account.login })} onClick={onEdit}>
          {t('edit')}
        </Button>
        {!me && (
          <>
            <Button
              variant="secondary"
              aria-label={t('resetPasswordLabel', { login: account.login })}
              onClick={() => onAsk({ kind: 'reset', account })}
            >
              {t('resetPassword')}
            </Button>
            {account.disabled ? (
              <Button
                variant="secondary"
                aria-label={t('enableLabel', { login: account.login })}
                onClick={() => onAsk({ kind: 'enable', account })}
              >
                {t('enable')}
              </Button>
            ) : (
              <Button
                variant="text"
                className={styles.danger}
                aria-label={t('disableLabel', { login: account.login })}
                onClick={() => onAsk({ kind: 'disable', account })}
              >
                {t('disable')}
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}

const CONFIRM_WORDS = {
  reset: 'resetPassword',
  enable: 'enable',
  disable: 'disable',
  unlock: 'unlock',
} as const satisfies Record<Asking['kind'], string>;

/**
 * /admin/staff for an owner (decision 45 "Staff accounts"): the brand's accounts with search and filters; add one
 * (its made-up password shown once), change name, role and restaurants (If-Match, a 412 compared), disable or
 * enable and reset a password, each asked first. One's own account is edited here but reset on /admin/account. A
 * login blocked by wrong answers says until when, and is unlocked here after asking (the manager's lock list's call).
 */
export function StaffAccountsScreen({ session }: { session: StaffSession }) {
  const { t } = useTranslation('staffAccounts');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const accounts = useQuery(staffAccountsQuery());
  const locks = useQuery(staffLocksQuery());
  const restos = useQuery(brandRestosQuery(useBrand().whiteLabel));
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<StaffRole | ''>('');
  const [showDisabled, setShowDisabled] = useState(true);
  const [editing, setEditing] = useState<AdminStaff | 'new' | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [secret, setSecret] = useState<{ login: string; password: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const restoName = (id: number) => {
    const found = restos.data?.find((r) => r.id === id);
    return found ? pickText(found.name, locale) : `#${id}`;
  };
  const keep = (account: AdminStaff) =>
    queryClient.setQueryData<AdminStaff[]>(staffAccountsQuery().queryKey, (list) =>
      list?.some((a) => a.id === account.id)
        ? list.map((a) => (a.id === account.id ? account : a))
        : [...(list ?? []), account].sort((a, b) => a.login.localeCompare(b.login)),
    );
  const afterChange = () => void queryClient.invalidateQueries({ queryKey: ['admin-audit'] });

  const lockOf = (id: number): SignInLock | undefined => locks.data?.find((a) => a.id === id);

  // Not a change of the versioned account: the login's block is lifted, and the server's log keeps who did it.
  const unlock = useMutation({
    mutationFn: (account: AdminStaff) => unlockStaffAccount(account.id),
    onMutate: () => setNotice(null),
    onSuccess: (unlocked) => {
      queryClient.setQueryData(staffLocksQuery().queryKey, (list) =>
        list?.map((a) => (a.id === unlocked.id ? unlocked : a)),
      );
      setAsking(null);
      setNotice(t('unlockedDone', { login: unlocked.login }));
    },
    onError: () => setAsking(null),
  });

  const act = useMutation({
    mutationFn: async ({ kind, account }: Change) => {
      if (kind === 'reset') return { kind, ...(await resetStaffPassword(account.id)) };
      const changed = await patchStaffAccount(account.id, account.version, { disabled: kind === 'disable' });
      return { kind, staff: changed, generatedPassword: null };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ kind, staff, generatedPassword }) => {
      keep(staff);
      afterChange();
      setAsking(null);
      if (kind === 'reset' && generatedPassword)
        setSecret({ login: staff.login, password: generatedPassword });
      setNotice(
        t(kind === 'reset' ? 'resetDone' : kind === 'disable' ? 'disabledDone' : 'enabledDone', {
          login: staff.login,
        }),
      );
    },
    onError: (error) => {
      setAsking(null);
      // A 412: the row shows the account as it is now, and the person decides again.
      const current =
        error instanceof ApiError ? (error.data as { current?: AdminStaff } | null)?.current : null;
      if (current) keep(current);
    },
  });

  const saved = (result: AccountSaved) => {
    keep(result.account);
    afterChange();
    setEditing(null);
    if (result.kind === 'created') {
      setNotice(t('created', { login: result.account.login }));
      if (result.generatedPassword)
        setSecret({ login: result.account.login, password: result.generatedPassword });
    } else setNotice(t('saved'));
  };

  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = (accounts.data ?? []).filter(
    (a) =>
      (showDisabled || !a.disabled) &&
      (roleFilter === '' || a.role === roleFilter) &&
      words.every((w) => `${a.login} ${a.name}`.toLowerCase().includes(w)),
  );

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <h1 className={styles.title}>{t('title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('add')}</Button>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      <search className={styles.filters} aria-label={t('filters')}>
        <Field label={t('search')} hint={t('searchHint')} className={styles.filter}>
          {(control) => (
            <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </Field>
        <Field label={t('roleFilter')} className={styles.filter}>
          {(control) => (
            <select
              {...control}
              value={roleFilter}
              onChange={(e) => setRoleFilter(e.target.value as StaffRole | '')}
            >
              <option value="">{t('allRoles')}</option>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role_${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className={styles.check}>
          <input type="checkbox" checked={showDisabled} onChange={(e) => setShowDisabled(e.target.checked)} />
          {t('showDisabled')}
        </label>
      </search>
      {notice && (
        <p role="status" className={styles.done}>
          {notice}
        </p>
      )}
      {act.isError && (
        <p role="alert" className={styles.error}>
          {refusalText(act.error, t)}
        </p>
      )}
      {unlock.isError && (
        <p role="alert" className={styles.error}>
          {refusalText(unlock.error, t)}
        </p>
      )}
      {locks.isError && (
        <div role="alert" className={styles.failed}>
          <p className={styles.error}>{t('locksFailed')}</p>
          <Button variant="secondary" onClick={() => void locks.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {accounts.isPending && (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      )}
      {accounts.isError && (
        <div role="alert" className={styles.failed}>
          <p className={styles.error}>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void accounts.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {accounts.data?.length === 0 && <p className={styles.muted}>{t('nothing')}</p>}
      {accounts.data && accounts.data.length > 0 && shown.length === 0 && (
        <p className={styles.muted}>{t('nothingFound')}</p>
      )}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label={t('title')}>
          {shown.map((account) => (
            <AccountCard
              key={account.id}
              account={account}
              lock={lockOf(account.id)}
              me={account.id === session.staff.id}
              restoName={restoName}
              onEdit={() => setEditing(account)}
              onAsk={(next) => {
                act.reset();
                unlock.reset();
                setAsking(next);
              }}
            />
          ))}
        </ul>
      )}
      {editing !== null && (
        <StaffAccountForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          open
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <ConfirmationPopup
        open={asking !== null}
        headline={asking ? t(`${asking.kind}Title`, { login: asking.account.login }) : ''}
        supportingText={asking ? t(`${asking.kind}Text`) : ''}
        confirmText={asking ? t(CONFIRM_WORDS[asking.kind]) : ''}
        cancelText={t('cancel')}
        confirmLoading={act.isPending || unlock.isPending}
        onConfirm={() => {
          if (asking?.kind === 'unlock') unlock.mutate(asking.account);
          else if (asking) act.mutate(asking);
        }}
        onCancel={() => setAsking(null)}
      />
      <PasswordOnce shown={secret} onDone={() => setSecret(null)} />
    </div>
  );
}
