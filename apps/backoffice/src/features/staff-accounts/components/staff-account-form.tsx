import {
  pickText,
  STAFF_LOGIN_PATTERN,
  STAFF_PASSWORD_MIN,
  STAFF_ROLES,
  type StaffRole,
} from '@storefront/domain';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminStaff,
  brandRestosQuery,
  createStaffAccount,
  type NewStaff,
  patchStaffAccount,
  type StaffPatch,
} from '../model/staff-accounts-api.ts';
import styles from './staff-accounts.module.css';

type T = TFunction<'staffAccounts'>;

export interface AccountValues {
  login: string;
  name: string;
  role: StaffRole;
  restoIds: number[];
  passwordMode: 'generate' | 'give';
  password: string;
}

const FORM_FIELDS = ['login', 'name', 'role', 'restoIds', 'password'] as const;
type FormField = (typeof FORM_FIELDS)[number];

const valuesOf = (account: AdminStaff): AccountValues => ({
  login: account.login,
  name: account.name,
  role: account.role,
  restoIds: account.restoIds,
  passwordMode: 'generate',
  password: '',
});

const EMPTY: AccountValues = {
  login: '',
  name: '',
  role: 'operator',
  restoIds: [],
  passwordMode: 'generate',
  password: '',
};

/** The form's checks, as the API's (STAFF_LOGIN_PATTERN, STAFF_PASSWORD_MIN, an operator's restaurants). */
const accountResolver = (creating: boolean) =>
  issuesResolver<AccountValues>((values) => ({
    login: !creating
      ? undefined
      : !values.login.trim()
        ? 'required'
        : STAFF_LOGIN_PATTERN.test(values.login.trim().toLowerCase())
          ? undefined
          : 'loginFormat',
    password:
      creating && values.passwordMode === 'give' && values.password.length < STAFF_PASSWORD_MIN
        ? 'passwordTooShort'
        : undefined,
    restoIds: values.role === 'operator' && values.restoIds.length === 0 ? 'restosRequired' : undefined,
  }));

/** An owner sees every restaurant; an operator has some, a manager some or none (the whole brand, decision 57). */
const takesRestos = (role: StaffRole) => role !== 'owner';

/** Restaurants as a list shows them: none for an owner or a manager is every restaurant. */
export const restosText = (role: StaffRole, ids: number[], restoName: (id: number) => string, t: T) =>
  takesRestos(role) && ids.length > 0
    ? ids.map(restoName).join(', ')
    : role === 'operator'
      ? '—'
      : t('allRestos');

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** What an edit sends: only the fields that differ from the account as read. */
function patchOf(values: AccountValues, base: AdminStaff): StaffPatch {
  const patch: StaffPatch = {};
  const name = values.name.trim();
  if (name && name !== base.name) patch.name = name;
  if (values.role !== base.role) patch.role = values.role;
  // Left out, restaurants stay while the role does and are dropped when it changes: a new role sends what it shows.
  const roleChanged = values.role !== base.role;
  if (
    takesRestos(values.role) &&
    (!sameIds(values.restoIds, base.restoIds) || (roleChanged && values.restoIds.length > 0))
  )
    patch.restoIds = values.restoIds;
  return patch;
}

/** The words of an error on the form: a check's code in the interface language, or the API's own words. */
function issueWords(error: { type?: string; message?: string } | undefined, t: T): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  return t(error.message, { min: STAFF_PASSWORD_MIN });
}

export type AccountSaved =
  | { kind: 'created'; account: AdminStaff; generatedPassword: string | null }
  | { kind: 'updated'; account: AdminStaff };

/**
 * A new account (login, name, role, restaurants, password given or made up) or an account's name, role and
 * restaurants, in a dialog. Refusals land on their fields (the API's words, in the interface language); a 412
 * shows the person's values beside the account as it is now: take the current one, or save theirs over it.
 */
export function StaffAccountForm({
  account,
  open,
  onClose,
  onSaved,
}: {
  /** The account as read (its version is the If-Match); null: a new one. */
  account: AdminStaff | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: AccountSaved) => void;
}) {
  const { t } = useTranslation('staffAccounts');
  const locale = useLocale();
  const creating = account === null;
  const [base, setBase] = useState<AdminStaff | null>(account);
  const [stale, setStale] = useState<{ current: AdminStaff; values: AccountValues } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<AccountValues>({
    resolver: accountResolver(creating),
    defaultValues: account ? valuesOf(account) : EMPTY,
  });
  const restos = useQuery(brandRestosQuery(useBrand().whiteLabel));
  const role = form.watch('role');
  const restoIds = form.watch('restoIds');
  const passwordMode = form.watch('passwordMode');

  const refused = (error: unknown, values: AccountValues) => {
    if (error instanceof ApiError && error.status === 412) {
      const current = (error.data as { current?: AdminStaff } | null)?.current;
      if (current) {
        setStale({ current, values });
        return;
      }
    }
    if (error instanceof ApiError) {
      const onFields = error.fieldErrors.filter((f) =>
        FORM_FIELDS.includes(f.field.split('.')[0] as FormField),
      );
      for (const f of onFields)
        form.setError(f.field.split('.')[0] as FormField, { type: 'server', message: f.message });
      if (onFields.length > 0) return;
      setRefusal(error.status === 0 ? t('network') : error.answerText || t('network'));
      return;
    }
    setRefusal(t('network'));
  };

  const save = useMutation({
    mutationFn: async ({ values, over }: { values: AccountValues; over?: AdminStaff }) => {
      if (creating) {
        const input: NewStaff = { login: values.login.trim().toLowerCase(), role: values.role };
        if (values.name.trim()) input.name = values.name.trim();
        if (takesRestos(values.role) && values.restoIds.length > 0) input.restoIds = values.restoIds;
        if (values.passwordMode === 'give') input.password = values.password;
        const created = await createStaffAccount(input);
        return {
          kind: 'created',
          account: created.staff,
          generatedPassword: created.generatedPassword,
        } as const;
      }
      const read = over ?? base;
      if (!read) throw new Error('no account');
      const patch = patchOf(values, read);
      if (Object.keys(patch).length === 0) return { kind: 'updated', account: read } as const;
      return { kind: 'updated', account: await patchStaffAccount(read.id, read.version, patch) } as const;
    },
    onMutate: () => {
      setRefusal(null);
      setStale(null);
    },
    onSuccess: (saved) => onSaved(saved),
    onError: (error, { values }) => refused(error, values),
  });

  const toggleResto = (id: number, on: boolean) =>
    form.setValue('restoIds', on ? [...restoIds, id] : restoIds.filter((r) => r !== id), {
      shouldValidate: form.formState.isSubmitted,
    });
  const formId = useId();
  const restosLabel = useId();
  const restosError = issueWords(form.formState.errors.restoIds, t);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !save.isPending) onClose();
      }}
      title={creating ? t('createTitle') : t('editTitle', { login: account.login })}
      fullHeight
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {creating ? t('create') : t('save')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        className={styles.form}
        onSubmit={form.handleSubmit((values) => save.mutate({ values }))}
      >
        {stale && (
          <StaleChoice
            yours={stale.values}
            current={stale.current}
            restoName={(id) => {
              const found = restos.data?.find((r) => r.id === id);
              return found ? pickText(found.name, locale) : `#${id}`;
            }}
            saving={save.isPending}
            onTakeCurrent={() => {
              setBase(stale.current);
              form.reset(valuesOf(stale.current));
              setStale(null);
            }}
            onSaveMine={() => {
              setBase(stale.current);
              save.mutate({ values: stale.values, over: stale.current });
            }}
          />
        )}
        {creating && (
          <Field
            label={t('login')}
            required
            hint={t('loginHint')}
            error={issueWords(form.formState.errors.login, t)}
          >
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...form.register('login')}
              />
            )}
          </Field>
        )}
        <Field
          label={t('name')}
          hint={t('nameHint')}
          error={issueWords(form.formState.errors.name, t)}
          personal
        >
          {(control) => <input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
        </Field>
        <Field
          label={t('role')}
          required
          hint={t(`roleHint_${role}`)}
          error={issueWords(form.formState.errors.role, t)}
        >
          {(control) => (
            <select {...control} {...form.register('role')}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role_${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {takesRestos(role) ? (
          <fieldset
            className={styles.restos}
            aria-labelledby={restosLabel}
            aria-invalid={!!restosError}
            aria-describedby={restosError ? `${restosLabel}-error` : undefined}
          >
            <legend id={restosLabel} className={styles.legend}>
              {t('restos')}
              {role === 'operator' && (
                <span aria-hidden="true" className={styles.requiredMark}>
                  {' *'}
                </span>
              )}
            </legend>
            {restos.isPending && <p className={styles.muted}>{t('restosLoading')}</p>}
            <div className={styles.checks}>
              {restos.data?.map((resto) => (
                <label key={resto.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={restoIds.includes(resto.id)}
                    onChange={(event) => toggleResto(resto.id, event.target.checked)}
                  />
                  {pickText(resto.name, locale)}
                </label>
              ))}
            </div>
            {restosError ? (
              <p id={`${restosLabel}-error`} role="alert" className={styles.error}>
                {restosError}
              </p>
            ) : (
              <p className={styles.muted}>{t(role === 'operator' ? 'restosHint' : 'restosManagerHint')}</p>
            )}
          </fieldset>
        ) : (
          <p className={styles.muted}>
            {t('restos')}: {t('allRestos')}
          </p>
        )}
        {creating && (
          <fieldset className={styles.restos}>
            <legend className={styles.legend}>{t('password')}</legend>
            <label className={styles.check}>
              <input type="radio" value="generate" {...form.register('passwordMode')} />
              {t('passwordGenerate')}
            </label>
            <label className={styles.check}>
              <input type="radio" value="give" {...form.register('passwordMode')} />
              {t('passwordGive')}
            </label>
            {passwordMode === 'give' && (
              <Field
                label={t('password')}
                required
                hint={t('passwordHint', { min: STAFF_PASSWORD_MIN })}
                error={issueWords(form.formState.errors.password, t)}
              >
                {(control) => (
                  <input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('password')}
                  />
                )}
              </Field>
            )}
          </fieldset>
        )}
        {refusal && (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        )}
      </form>
    </ResponsiveDialog>
  );
}

/** 412: the person's values beside the account as it is now, and the two ways on. */
function StaleChoice({
  yours,
  current,
  restoName,
  saving,
  onTakeCurrent,
  onSaveMine,
}: {
  yours: AccountValues;
  current: AdminStaff;
  restoName: (id: number) => string;
  saving: boolean;
  onTakeCurrent: () => void;
  onSaveMine: () => void;
}) {
  const { t } = useTranslation('staffAccounts');
  const restosOf = (role: StaffRole, ids: number[]) => restosText(role, ids, restoName, t);
  const rows = [
    { field: t('name'), mine: yours.name, now: current.name },
    { field: t('role'), mine: t(`role_${yours.role}`), now: t(`role_${current.role}`) },
    {
      field: t('restos'),
      mine: restosOf(yours.role, yours.restoIds),
      now: restosOf(current.role, current.restoIds),
    },
  ].filter((row) => row.mine !== row.now);
  return (
    <div role="alert" className={styles.stale}>
      <p className={styles.staleTitle}>{t('staleTitle')}</p>
      <p className={styles.muted}>{t('staleText')}</p>
      <table className={styles.staleTable}>
        <thead>
          <tr>
            <th scope="col">{t('staleField')}</th>
            <th scope="col">{t('staleYours')}</th>
            <th scope="col">{t('staleNow')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.field}</th>
              <td>{row.mine}</td>
              <td>{row.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onTakeCurrent} disabled={saving}>
          {t('takeCurrent')}
        </Button>
        <Button onClick={onSaveMine} loading={saving}>
          {t('saveMine')}
        </Button>
      </div>
    </div>
  );
}
