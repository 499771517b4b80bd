import { ERROR_MESSAGES, type ErrorCode, type Locale, pickText } from '@storefront/domain';
import type { AdminPosChoices, AdminPosLink, PosPaymentMethod } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formOfLink,
  type LinkForm,
  type LinkFormField,
  linkBodyOf,
  linkFormProblems,
  withOrganization,
} from '../model/link-form.ts';
import { reasonText } from '../model/log-summary.ts';
import { posKeys, usePosChoices, useSavePosLink } from '../model/pos-api.ts';
import styles from './pos-link.module.css';

/** Organizations listed before the picker gets a search box. */
const SEARCH_FROM = 8;

export const whenOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const methodLabel = (method: PosPaymentMethod, t: TFunction) =>
  t(`method_${method.replace('-', '_')}`);

/** The words of a problem: 'required', or a server code in the words the API would answer. */
function problemText(code: string | undefined, t: TFunction, locale: Locale): string | undefined {
  if (!code) return undefined;
  if (code === 'required') return t('required');
  return code in ERROR_MESSAGES ? pickText(ERROR_MESSAGES[code as ErrorCode], locale) : code;
}

type Notice = { ok: boolean; text: string } | null;

/** The link as it stands, its form (when the server has a key), save and unlink. */
export function PosLinkPanel({ restoId, link }: { restoId: number; link: AdminPosLink }) {
  const { t } = useTranslation('posLink');
  const locale = useLocale();
  const choices = usePosChoices(link.configured);
  // Kept here: the form starts again from each new version (a save, a change in another window).
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <div className={styles.card}>
      <h3 className={styles.subtitle}>{link.linked ? t('statusLinked') : t('statusUnlinked')}</h3>
      {link.link && <LinkFacts link={link} choices={choices.data} locale={locale} />}
      {link.configured ? (
        choices.isPending ? (
          <p className={styles.state} role="status">
            <Spinner size={20} /> {t('loading')}
          </p>
        ) : choices.isError ? (
          <div className={styles.state} role="alert">
            <p>{t('choicesFailed', { reason: choices.error.message })}</p>
            <Button variant="secondary" onClick={() => void choices.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <LinkFormView
            key={link.version}
            restoId={restoId}
            link={link}
            choices={choices.data}
            onNotice={setNotice}
          />
        )
      ) : (
        link.linked && <UnlinkOnly restoId={restoId} link={link} onNotice={setNotice} />
      )}
      <p role="status" className={notice && !notice.ok ? styles.error : styles.ok}>
        {notice?.text ?? ''}
      </p>
    </div>
  );
}

function LinkFacts({
  link,
  choices,
  locale,
}: {
  link: AdminPosLink;
  choices: AdminPosChoices | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('posLink');
  const saved = link.link;
  if (!saved) return null;
  const organization = choices?.organizations.find((o) => o.id === saved.organizationId);
  const group = organization?.terminalGroups.find((g) => g.id === saved.terminalGroupId);
  const webhook = link.webhook;
  const webhookText = !webhook
    ? t('webhookNone')
    : webhook.error
      ? t('webhookFailed', { reason: reasonText(webhook.error, locale) })
      : webhook.registeredAt
        ? t('webhookOk', { when: whenOf(webhook.registeredAt, locale) })
        : t('webhookNone');
  return (
    <dl className={styles.facts}>
      <dt>{t('organization')}</dt>
      <dd>{saved.organizationName ?? organization?.name ?? saved.organizationId}</dd>
      <dt>{t('terminalGroup')}</dt>
      <dd>
        {group?.name ?? saved.terminalGroupId}
        {group && !group.enabled ? ` (${t('terminalDisabled')})` : ''}
      </dd>
      <dt>{t('linkedAt')}</dt>
      <dd>{whenOf(saved.linkedAt, locale)}</dd>
      <dt>{t('lastSync')}</dt>
      <dd>{link.lastSyncAt ? whenOf(link.lastSyncAt, locale) : t('never')}</dd>
      <dt>{t('webhook')}</dt>
      <dd className={webhook?.error ? styles.error : undefined}>
        {webhookText}
        {webhook?.lastWebhookAt
          ? `; ${t('lastWebhook', { when: whenOf(webhook.lastWebhookAt, locale) })}`
          : ''}
      </dd>
    </dl>
  );
}

function LinkFormView({
  restoId,
  link,
  choices,
  onNotice,
}: {
  restoId: number;
  link: AdminPosLink;
  choices: AdminPosChoices;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation('posLink');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const methods = link.paymentMethods;
  const [form, setForm] = useState<LinkForm>(() => formOfLink(link));
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<LinkFormField, string>>>({});
  const [asking, setAsking] = useState(false);
  const [search, setSearch] = useState('');
  const save = useSavePosLink(restoId);

  const problems = { ...linkFormProblems(form, choices, methods), ...serverProblems };
  const organization = choices.organizations.find((o) => o.id === form.organizationId);
  const group = organization?.terminalGroups.find((g) => g.id === form.terminalGroupId);
  const organizations = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return choices.organizations.filter(
      (o) => !needle || o.id === form.organizationId || o.name.toLocaleLowerCase().includes(needle),
    );
  }, [choices.organizations, search, form.organizationId]);
  const shown = (field: LinkFormField) =>
    touched || serverProblems[field] ? problemText(problems[field], t, locale) : undefined;
  const change = (next: LinkForm) => {
    setForm(next);
    setServerProblems({});
    onNotice(null);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 412) {
      void queryClient.invalidateQueries({ queryKey: posKeys.link(restoId) });
      onNotice({ ok: false, text: t('stale') });
      return;
    }
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      setServerProblems(
        Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.code])) as Partial<
          Record<LinkFormField, string>
        >,
      );
    }
    onNotice({ ok: false, text: `${t('saveFailed')}: ${error instanceof Error ? error.message : ''}` });
  };

  const submit = () => {
    setTouched(true);
    if (Object.keys(linkFormProblems(form, choices, methods)).length > 0) return;
    save.mutate(
      { version: link.version, body: linkBodyOf(form, methods) },
      {
        onSuccess: (saved) =>
          onNotice(
            saved.webhook?.error
              ? {
                  ok: false,
                  text: t('savedWebhookFailed', {
                    reason: reasonText(saved.webhook.error, locale),
                  }),
                }
              : { ok: true, text: t('saved') },
          ),
        onError: failed,
      },
    );
  };

  return (
    <form
      className={styles.screen}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h4 className={styles.subtitle}>{t('pickersTitle')}</h4>
      {choices.organizations.length >= SEARCH_FROM && (
        <Field label={t('searchOrganizations')}>
          {(control) => (
            <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </Field>
      )}
      <div className={styles.pickers}>
        <Field label={t('organization')} required error={shown('organizationId')}>
          {(control) => (
            <select
              {...control}
              value={form.organizationId}
              onChange={(event) =>
                change(
                  withOrganization(
                    choices.organizations.find((o) => o.id === event.target.value),
                    methods,
                  ),
                )
              }
            >
              <option value="">{t('choose')}</option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('terminalGroup')}
          required
          error={shown('terminalGroupId')}
          hint={group && !group.enabled ? t('terminalDisabledHint') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={form.terminalGroupId}
              disabled={!organization}
              onChange={(event) => change({ ...form, terminalGroupId: event.target.value })}
            >
              <option value="">{t('choose')}</option>
              {(organization?.terminalGroups ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                  {g.address ? ` — ${g.address}` : ''}
                  {g.enabled ? '' : ` (${t('terminalDisabled')})`}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {methods.length > 0 && (
        <fieldset className={styles.group}>
          <legend>{t('paymentsTitle')}</legend>
          <p className={styles.hint}>{t('paymentsHint')}</p>
          <div className={styles.payments}>
            {methods.map((method) => (
              <Field
                key={method}
                label={methodLabel(method, t)}
                required
                error={shown(`paymentTypes.${method}`)}
              >
                {(control) => (
                  <select
                    {...control}
                    value={form.paymentTypes[method] ?? ''}
                    disabled={!organization}
                    onChange={(event) =>
                      change({
                        ...form,
                        paymentTypes: { ...form.paymentTypes, [method]: event.target.value || undefined },
                      })
                    }
                  >
                    <option value="">{t('choose')}</option>
                    {(organization?.paymentTypes ?? []).map((type) => (
                      <option key={type.id} value={type.id}>
                        {type.name} ({type.kind})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending && !asking}>
          {link.linked ? t('saveChanges') : t('save')}
        </Button>
        {link.linked && (
          <Button variant="secondary" type="button" onClick={() => setAsking(true)}>
            {t('unlink')}
          </Button>
        )}
      </div>
      <UnlinkConfirmation
        open={asking}
        loading={save.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          save.mutate(
            { version: link.version, body: { linked: false } },
            {
              onSuccess: () => {
                setAsking(false);
                onNotice({ ok: true, text: t('unlinked') });
              },
              onError: (error) => {
                setAsking(false);
                failed(error);
              },
            },
          )
        }
      />
    </form>
  );
}

/** Without a key on the server only unlinking is possible (no call to iiko needed). */
function UnlinkOnly({
  restoId,
  link,
  onNotice,
}: {
  restoId: number;
  link: AdminPosLink;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation('posLink');
  const [asking, setAsking] = useState(false);
  const save = useSavePosLink(restoId);
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('unlink')}
      </Button>
      <UnlinkConfirmation
        open={asking}
        loading={save.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          save.mutate(
            { version: link.version, body: { linked: false } },
            {
              onSettled: () => setAsking(false),
              onSuccess: () => onNotice({ ok: true, text: t('unlinked') }),
              onError: (error) => onNotice({ ok: false, text: `${t('saveFailed')}: ${error.message}` }),
            },
          )
        }
      />
    </div>
  );
}

function UnlinkConfirmation(props: {
  open: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('posLink');
  return (
    <ConfirmationPopup
      open={props.open}
      headline={t('unlinkTitle')}
      supportingText={t('unlinkText')}
      confirmText={t('unlink')}
      confirmLoading={props.loading}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
