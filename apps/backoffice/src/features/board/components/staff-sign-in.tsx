import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { staffSignIn } from '../../../entities/staff-session/staff-session.ts';
import styles from './staff.module.css';

interface SignInValues {
  login: string;
  password: string;
  /** Empty until the server asks for it. */
  totpCode: string;
}

function codeIssue(typed: string, asked: boolean): string | undefined {
  if (!asked) return undefined;
  if (!typed.trim()) return 'required';
  return isTotpCode(typed) ? undefined : 'totpFormat';
}

/** Six digits; spaces are a typing habit (apps show the code as '123 456'). */
export const totpCodeOf = (typed: string) => typed.replace(/\s+/g, '');
export const isTotpCode = (typed: string) => /^\d{6}$/.test(totpCodeOf(typed));

/** The words for a wait: seconds under a minute, else whole minutes rounded up. */
export function waitText(seconds: number | null, t: TFunction<'staff'>): string {
  if (!seconds) return t('lockedNoWait');
  if (seconds < 60) return t('lockedSeconds', { seconds });
  return t('locked', { minutes: Math.ceil(seconds / 60) });
}

/** The words for a refused sign-in: wrong login or password, a wrong code, blocked (with the wait), no network. */
export function signInErrorText(error: unknown, t: TFunction<'staff'>): string {
  if (error instanceof ApiError && error.status === 429) return waitText(error.retryAfter, t);
  if (error instanceof ApiError && error.code === 'staff.totp-invalid') return t('totpInvalid');
  if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return t('signInFailed');
  if (error instanceof ApiError && error.status === 0) return t('network');
  if (error instanceof ApiError) return error.answerText || t('network');
  return error instanceof Error && error.message ? error.message : t('network');
}

/**
 * Staff sign-in: login and password, then, for an account with the second factor on, the authenticator's
 * code (the server asks with 401 staff.totp-required; login and password stay filled in and go again).
 */
export function StaffSignIn() {
  const { t } = useTranslation('staff');
  const [askCode, setAskCode] = useState(false);
  const resolver = issuesResolver<SignInValues>((values) => ({
    login: values.login.trim() ? undefined : 'required',
    password: values.password ? undefined : 'required',
    totpCode: codeIssue(values.totpCode, askCode),
  }));
  const form = useForm<SignInValues>({ resolver, defaultValues: { login: '', password: '', totpCode: '' } });
  const signIn = useMutation({
    mutationFn: (values: SignInValues) =>
      staffSignIn(values.login.trim(), values.password, askCode ? totpCodeOf(values.totpCode) : undefined),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'staff.totp-required') setAskCode(true);
    },
  });
  const errorWords = (issue: string | undefined) => (issue ? t(issue) : undefined);
  // Being asked for the code is the next step, not a refusal to show.
  const refusal =
    signIn.isError && !(signIn.error instanceof ApiError && signIn.error.code === 'staff.totp-required');

  return (
    <form
      className={styles.signIn}
      noValidate
      aria-labelledby="staff-sign-in-title"
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
    >
      <h1 id="staff-sign-in-title" className={styles.signInTitle}>
        {t('signInTitle')}
      </h1>
      <Field label={t('login')} required error={errorWords(form.formState.errors.login?.message)}>
        {(control) => (
          <input {...control} autoComplete="username" autoCapitalize="none" {...form.register('login')} />
        )}
      </Field>
      <Field label={t('password')} required error={errorWords(form.formState.errors.password?.message)}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </Field>
      {askCode && (
        <Field
          label={t('totpCode')}
          required
          hint={t('totpHint')}
          error={errorWords(form.formState.errors.totpCode?.message)}
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              // biome-ignore lint/a11y/noAutofocus: the code is the one thing left to type on this step
              autoFocus
              {...form.register('totpCode')}
            />
          )}
        </Field>
      )}
      {refusal && (
        <p role="alert" className={styles.error}>
          {signInErrorText(signIn.error, t)}
        </p>
      )}
      <Button type="submit" size="l" fullWidth loading={signIn.isPending} disabled={signIn.isPending}>
        {t('signIn')}
      </Button>
    </form>
  );
}
