import { STAFF_PASSWORD_MIN } from '@storefront/domain';
import type { StaffAccount, TotpEnrolment } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeStaffPassword, type StaffSession } from '../../../entities/staff-session/staff-session.ts';
import {
  confirmTotp,
  disableTotp,
  staffAccountsQuery,
  staffSecurityQuery,
  startTotpEnrolment,
  unlockStaffAccount,
} from '../model/staff-api.ts';
import styles from './staff-security.module.css';
import { isTotpCode, totpCodeOf, waitText } from './staff-sign-in.tsx';

/** The words for a refused password or code check of a signed-in person. */
export function securityErrorText(error: unknown, t: TFunction<'staff'>): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return waitText(error.retryAfter, t);
    if (error.code === 'staff.password-wrong') return t('passwordWrong');
    if (error.code === 'staff.totp-invalid') return t('totpInvalid');
    if (error.code === 'staff.forbidden-role') return t('forbiddenRole');
    if (error.status === 0) return t('network');
    return error.answerText || t('network');
  }
  return t('network');
}

function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation('staff');
  return (
    <p role="alert" className={styles.error}>
      {securityErrorText(error, t)}
    </p>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

const passwordResolver = issuesResolver<PasswordValues>((values) => ({
  currentPassword: values.currentPassword ? undefined : 'required',
  newPassword: !values.newPassword
    ? 'required'
    : values.newPassword.length < STAFF_PASSWORD_MIN
      ? 'passwordTooShort'
      : undefined,
}));

/** Current and new password; the answer's new session replaces this one, every other one ends. */
export function ChangePasswordForm() {
  const { t } = useTranslation('staff');
  const form = useForm<PasswordValues>({
    resolver: passwordResolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: PasswordValues) => changeStaffPassword(values.currentPassword, values.newPassword),
    onSuccess: () => form.reset(),
  });
  const words = (issue: string | undefined) => (issue ? t(issue, { min: STAFF_PASSWORD_MIN }) : undefined);
  return (
    <form
      className={styles.section}
      noValidate
      aria-labelledby="staff-password-title"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <h2 id="staff-password-title" className={styles.sectionTitle}>
        {t('changePasswordTitle')}
      </h2>
      <Field
        label={t('currentPassword')}
        required
        error={words(form.formState.errors.currentPassword?.message)}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </Field>
      <Field
        label={t('newPassword')}
        required
        hint={t('passwordTooShort', { min: STAFF_PASSWORD_MIN })}
        error={words(form.formState.errors.newPassword?.message)}
      >
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </Field>
      {change.isError && <Refusal error={change.error} />}
      {change.isSuccess && (
        <p role="status" className={styles.done}>
          {t('passwordChanged')}
        </p>
      )}
      <Button type="submit" loading={change.isPending} disabled={change.isPending}>
        {t('changePassword')}
      </Button>
    </form>
  );
}

interface CodeValues {
  password: string;
  code: string;
}

const codeIssue = (typed: string) =>
  !typed.trim() ? 'required' : isTotpCode(typed) ? undefined : 'totpFormat';

function CodeField({ form, label }: { form: ReturnType<typeof useForm<CodeValues>>; label: string }) {
  const { t } = useTranslation('staff');
  const issue = form.formState.errors.code?.message;
  return (
    <Field label={label} required hint={t('totpHint')} error={issue ? t(issue) : undefined}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          {...form.register('code')}
        />
      )}
    </Field>
  );
}

/** The second factor: turn on (new key, confirmed with a code) or off (password and code). */
export function TotpSection({ staffId }: { staffId: number }) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const security = useQuery(staffSecurityQuery(staffId));
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const enrolForm = useForm<CodeValues>({
    resolver: issuesResolver<CodeValues>((values) => ({ code: codeIssue(values.code) })),
    defaultValues: { password: '', code: '' },
  });
  const offForm = useForm<CodeValues>({
    resolver: issuesResolver<CodeValues>((values) => ({
      password: values.password ? undefined : 'required',
      code: codeIssue(values.code),
    })),
    defaultValues: { password: '', code: '' },
  });
  const start = useMutation({
    mutationFn: startTotpEnrolment,
    onSuccess: (started) => {
      setNotice(null);
      setEnrolment(started);
    },
  });
  const confirm = useMutation({
    mutationFn: (values: CodeValues) => confirmTotp(totpCodeOf(values.code)),
    onSuccess: (next) => {
      queryClient.setQueryData(staffSecurityQuery(staffId).queryKey, next);
      setEnrolment(null);
      enrolForm.reset();
      setNotice(t('totpEnabled'));
    },
  });
  const off = useMutation({
    mutationFn: (values: CodeValues) => disableTotp(values.password, totpCodeOf(values.code)),
    onSuccess: (next) => {
      queryClient.setQueryData(staffSecurityQuery(staffId).queryKey, next);
      offForm.reset();
      setNotice(t('totpDisabled'));
    },
  });

  if (!security.data) return security.isError ? <Refusal error={security.error} /> : <Spinner />;
  const { totp, totpAvailable } = security.data;
  if (!totp && !totpAvailable) return null;

  return (
    <section className={styles.section} aria-labelledby="staff-totp-title">
      <h2 id="staff-totp-title" className={styles.sectionTitle}>
        {t('totpTitle')}
      </h2>
      <p className={styles.state}>{totp ? t('totpStateOn') : t('totpStateOff')}</p>
      {notice && (
        <p role="status" className={styles.done}>
          {notice}
        </p>
      )}
      {!totp && !enrolment && (
        <>
          {start.isError && <Refusal error={start.error} />}
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={start.isPending}>
            {t('totpEnable')}
          </Button>
        </>
      )}
      {!totp && enrolment && (
        <form
          noValidate
          className={styles.form}
          onSubmit={enrolForm.handleSubmit((values) => confirm.mutate(values))}
        >
          <p className={styles.state}>{t('totpScan')}</p>
          <p className={styles.uri}>
            {t('totpKey')}: <code className={styles.secret}>{enrolment.secret}</code>
          </p>
          <p className={styles.uri}>
            <a href={enrolment.uri}>{t('totpLink')}</a> <code>{enrolment.uri}</code>
          </p>
          <CodeField form={enrolForm} label={t('totpCode')} />
          {confirm.isError && <Refusal error={confirm.error} />}
          <Button type="submit" loading={confirm.isPending} disabled={confirm.isPending}>
            {t('totpConfirm')}
          </Button>
        </form>
      )}
      {totp && (
        <form
          noValidate
          className={styles.form}
          onSubmit={offForm.handleSubmit((values) => off.mutate(values))}
        >
          <p className={styles.state}>{t('totpDisableHint')}</p>
          <Field
            label={t('password')}
            required
            error={offForm.formState.errors.password?.message ? t('required') : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                {...offForm.register('password')}
              />
            )}
          </Field>
          <CodeField form={offForm} label={t('totpCode')} />
          {off.isError && <Refusal error={off.error} />}
          <Button type="submit" variant="secondary" loading={off.isPending} disabled={off.isPending}>
            {t('totpDisable')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** Password and second factor of the signed-in person. */
export function AccountScreen({ session, onBack }: { session: StaffSession; onBack: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <div className={styles.screen}>
      <Button variant="text" className={styles.back} onClick={onBack}>
        ← {t('backToOrders')}
      </Button>
      <h1 className={styles.title}>{t('menuAccount')}</h1>
      <ChangePasswordForm />
      <TotpSection staffId={session.staff.id} />
    </div>
  );
}

function timeOf(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function AccountRow({
  account,
  onUnlock,
}: {
  account: StaffAccount;
  onUnlock: (account: StaffAccount) => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const blocked = account.blockedUntil !== null;
  const meta = [
    account.login,
    t(`role_${account.role}`),
    account.disabled ? t('accountDisabled') : null,
    account.totp ? t('totpBadge') : null,
  ].filter(Boolean);
  return (
    <li className={styles.account} data-testid={`staff-account-${account.login}`}>
      <span className={styles.accountWho}>
        <span className={styles.accountName}>{account.name}</span>
        <span className={styles.accountMeta}>{meta.join(' · ')}</span>
        {blocked && account.blockedUntil ? (
          <span className={styles.blocked}>
            {t('blockedUntil', { time: timeOf(account.blockedUntil, i18n.language) })}
          </span>
        ) : (
          <span className={styles.accountMeta}>{t('signInOpen')}</span>
        )}
        {account.failures > 0 && (
          <span className={styles.accountMeta}>{t('failures', { count: account.failures })}</span>
        )}
      </span>
      {(blocked || account.failures > 0) && (
        <Button variant="secondary" onClick={() => onUnlock(account)}>
          {t('unlock')}
        </Button>
      )}
    </li>
  );
}

/** A manager's list of the brand's logins with their sign-in state, and the unlock (asked first). */
export function StaffListScreen({ session, onBack }: { session: StaffSession; onBack: () => void }) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const accounts = useQuery(staffAccountsQuery(session.staff.id));
  const [asking, setAsking] = useState<StaffAccount | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: (account: StaffAccount) => unlockStaffAccount(account.id),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQuery(session.staff.id).queryKey, (list) =>
        list?.map((a) => (a.id === account.id ? account : a)),
      );
      setAsking(null);
      setNotice(t('unlocked', { login: account.login }));
    },
    onError: () => setAsking(null),
  });
  return (
    <div className={styles.screen}>
      <Button variant="text" className={styles.back} onClick={onBack}>
        ← {t('backToOrders')}
      </Button>
      <h1 className={styles.title}>{t('staffTitle')}</h1>
      {notice && (
        <p role="status" className={styles.done}>
          {notice}
        </p>
      )}
      {unlock.isError && <Refusal error={unlock.error} />}
      {accounts.isError && (
        <p role="alert" className={styles.error}>
          {t('staffFailed')}
        </p>
      )}
      {accounts.isPending && <Spinner />}
      {accounts.data && (
        <ul className={styles.list}>
          {accounts.data.map((account) => (
            <AccountRow key={account.id} account={account} onUnlock={setAsking} />
          ))}
        </ul>
      )}
      <ConfirmationPopup
        open={asking !== null}
        headline={asking ? t('unlockTitle', { login: asking.login }) : ''}
        supportingText={t('unlockHint')}
        confirmText={t('unlock')}
        cancelText={t('cancel')}
        confirmLoading={unlock.isPending}
        onConfirm={() => asking && unlock.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
