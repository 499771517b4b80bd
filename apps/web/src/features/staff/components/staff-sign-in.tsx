import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { staffSignIn } from '../../../entities/staff-session/staff-session.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import styles from './staff.module.css';

interface SignInValues {
  login: string;
  password: string;
}

const resolver = issuesResolver<SignInValues>((values) => ({
  login: values.login.trim() ? undefined : 'required',
  password: values.password ? undefined : 'required',
}));

/** The words for a refused sign-in: wrong login or password, locked (with the wait), or no network. */
export function signInErrorText(error: unknown, t: TFunction<'staff'>): string {
  if (error instanceof ApiError && error.status === 429) {
    const seconds = error.retryAfter;
    return seconds ? t('locked', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) : t('lockedNoWait');
  }
  if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return t('signInFailed');
  if (error instanceof ApiError && error.status === 0) return t('network');
  if (error instanceof ApiError) return error.answerText || t('network');
  return error instanceof Error && error.message ? error.message : t('network');
}

export function StaffSignIn() {
  const { t } = useTranslation('staff');
  const form = useForm<SignInValues>({ resolver, defaultValues: { login: '', password: '' } });
  const signIn = useMutation({
    mutationFn: (values: SignInValues) => staffSignIn(values.login.trim(), values.password),
  });
  const errorWords = (issue: string | undefined) => (issue ? t(issue) : undefined);

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
      {signIn.isError && (
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
