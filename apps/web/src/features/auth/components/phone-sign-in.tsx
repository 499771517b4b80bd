import {
  formatPhoneInput,
  type Locale,
  normalizePhone,
  PHONE_MASK_PLACEHOLDER,
  SMS_CODE_LENGTH,
  smsCodeIssue,
} from '@storefront/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type PhoneSignInContext,
  requestPhoneCode,
  signInWithPhone,
} from '../../../entities/session/session.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { formIssueText } from '../../../shared/forms/form-rule-messages.ts';
import { issuesResolver } from '../../../shared/forms/issues-resolver.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import styles from './auth-page.module.css';
import { CaptchaUnavailable } from './use-captcha.tsx';

/** docs/product.md §5 messages by the domain's issue codes, else the generic rule's, in the interface language. */
const issueText = (code: string, locale: Locale): string => formIssueText(code, locale) ?? '';

interface PhoneInput {
  phone: string;
}
interface CodeInput {
  code: string;
}

// The rules are the domain's (the API checks the same); the messages are docs/product.md §5's, by issue code.
const phoneResolver = issuesResolver<PhoneInput>(({ phone }) => {
  const result = normalizePhone(phone);
  return result.ok ? {} : { phone: result.issue };
});
const codeResolver = issuesResolver<CodeInput>(({ code }) => ({ code: smsCodeIssue(code) }));

/** What a refused call tells the customer: the API's own words (in their language), and any wait. */
interface Refusal {
  message: string;
  code: string | null;
  retryAfter?: number;
  attemptsLeft?: number;
}

function refusalOf(error: unknown, fallback: string): Refusal {
  if (error instanceof CaptchaUnavailable) return { message: error.message, code: 'captcha' };
  if (!(error instanceof ApiError)) return { message: fallback, code: null };
  const data = (error.data ?? {}) as { attemptsLeft?: unknown };
  return {
    message: error.message || fallback,
    code: error.code,
    ...(error.retryAfter !== null ? { retryAfter: error.retryAfter } : {}),
    ...(typeof data.attemptsLeft === 'number' ? { attemptsLeft: data.attemptsLeft } : {}),
  };
}

/** Seconds left until `at` (ms), ticking each second. */
function useSecondsUntil(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the only input.
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

const minutesSeconds = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;

/** The brand's keys, and a bot-protection token per code request ('' while the brand has none). */
export interface PhoneSignInSetup {
  apiKey: string;
  whiteLabel: string;
  captchaToken: () => Promise<string>;
}

interface PhoneSignInProps {
  context: PhoneSignInSetup;
  onSignedIn: () => void;
}

/** A code request with a fresh captcha token (each is valid once). */
async function requestCode(phone: string, { apiKey, whiteLabel, captchaToken }: PhoneSignInSetup) {
  return requestPhoneCode(phone, { apiKey, whiteLabel, captchaToken: await captchaToken() });
}

/** Sign-in itself is guarded by the wrong-code limit; the captcha token is only spent on code requests. */
function signInContext({ apiKey, whiteLabel }: PhoneSignInSetup): PhoneSignInContext {
  return { apiKey, whiteLabel, captchaToken: '' };
}

/**
 * docs/product.md §2 item 18 / §4 'Phone sign-in': enter the phone, get a code, enter the SMS code, continue; a new
 * code after the countdown. Every refusal of docs/product.md §8 is shown in words, with the wait where there is one.
 */
export function PhoneSignIn({ context, onSignedIn }: PhoneSignInProps) {
  const [phone, setPhone] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  return phone === null ? (
    <PhoneStep
      context={context}
      onSent={(sentTo, retryAfter) => {
        setPhone(sentTo);
        setResendAt(Date.now() + retryAfter * 1000);
      }}
    />
  ) : (
    <CodeStep
      context={context}
      phone={phone}
      resendAt={resendAt}
      onResent={(retryAfter) => setResendAt(Date.now() + retryAfter * 1000)}
      onChangePhone={() => setPhone(null)}
      onSignedIn={onSignedIn}
    />
  );
}

function PhoneStep({
  context,
  onSent,
}: {
  context: PhoneSignInSetup;
  onSent: (phone: string, retryAfter: number) => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<PhoneInput>({ defaultValues: { phone: '' }, resolver: phoneResolver });
  const error = form.formState.errors.phone;

  const submit = form.handleSubmit(async ({ phone: typed }) => {
    const normalized = normalizePhone(typed);
    if (!normalized.ok) return;
    setRefusal(null);
    try {
      const answer = await requestCode(normalized.phone, context);
      onSent(normalized.phone, answer.retryAfter);
    } catch (caught) {
      const next = refusalOf(caught, t('failed'));
      // A code sent less than 90 s ago is still valid: go on to enter it, with the wait shown.
      if (next.code === 'sms.too-often' && next.retryAfter !== undefined)
        onSent(normalized.phone, next.retryAfter);
      else setRefusal(next);
    }
  });

  const field = form.register('phone', {
    onChange: (event) => form.setValue('phone', formatPhoneInput(event.target.value)),
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t('phoneLabel')}
        hint={t('phoneHint')}
        error={error && issueText(error.type, locale)}
        size="l"
        personal
      >
        {(control) => (
          <input
            {...control}
            {...field}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_MASK_PLACEHOLDER}
            data-testid="phone-input"
          />
        )}
      </Field>
      {refusal && (
        <p className={styles.error} role="alert" data-testid="sign-in-refusal">
          {refusal.message}
        </p>
      )}
      <Button type="submit" variant="primary" size="l" fullWidth loading={form.formState.isSubmitting}>
        {t('getCode')}
      </Button>
    </form>
  );
}

function CodeStep({
  context,
  phone,
  resendAt,
  onResent,
  onChangePhone,
  onSignedIn,
}: {
  context: PhoneSignInSetup;
  phone: string;
  resendAt: number;
  onResent: (retryAfter: number) => void;
  onChangePhone: () => void;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);
  const form = useForm<CodeInput>({ defaultValues: { code: '' }, resolver: codeResolver });
  const error = form.formState.errors.code;

  const submit = form.handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      await signInWithPhone(phone, code.trim(), signInContext(context));
      onSignedIn();
    } catch (caught) {
      setRefusal(refusalOf(caught, t('failed')));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });

  const resend = async () => {
    setResending(true);
    setRefusal(null);
    try {
      onResent((await requestCode(phone, context)).retryAfter);
    } catch (caught) {
      const next = refusalOf(caught, t('failed'));
      if (next.retryAfter !== undefined) onResent(next.retryAfter);
      setRefusal(next);
    } finally {
      setResending(false);
    }
  };

  const blocked = refusal?.code === 'sms.attempts-exhausted';
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t('codeSentTo', { phone: formatPhoneInput(phone) })}</p>
      <Field label={t('codeLabel')} error={error && issueText(error.type, locale)} size="l">
        {(control) => (
          <input
            {...control}
            {...form.register('code')}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            // The code step is where the customer is headed: the field takes the focus at once.
            // biome-ignore lint/a11y/noAutofocus: the only field of a step the customer just asked for.
            autoFocus
            data-testid="code-input"
          />
        )}
      </Field>
      {refusal && (
        <p className={styles.error} role="alert" data-testid="sign-in-refusal">
          {refusal.message}
          {refusal.attemptsLeft !== undefined && refusal.attemptsLeft > 0 && (
            // A line of its own (run on after the message it read as one sentence); the space keeps the
            // two apart for a screen reader too.
            <>
              {' '}
              <span className={styles.errorDetail}>{t('attemptsLeft', { count: refusal.attemptsLeft })}</span>
            </>
          )}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        size="l"
        fullWidth
        disabled={blocked}
        loading={form.formState.isSubmitting}
      >
        {t('continue')}
      </Button>
      <div className={styles.row}>
        {secondsLeft > 0 ? (
          <p className={styles.hint} aria-live="off" data-testid="resend-countdown">
            {t('resendIn', { time: minutesSeconds(secondsLeft) })}
          </p>
        ) : (
          <Button variant="text" onClick={() => void resend()} loading={resending} data-testid="resend-code">
            {t('resend')}
          </Button>
        )}
        <Button variant="text" onClick={onChangePhone}>
          {t('changePhone')}
        </Button>
      </div>
    </form>
  );
}
