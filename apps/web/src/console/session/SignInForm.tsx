/**
 * The sign-in form a signed-out visitor of any console address meets (the address stays, so the
 * screen asked for shows once signed in). Empty fields are named beside the field; a refused
 * sign-in (wrong email or password, too many attempts with the wait, server unavailable) is
 * shown above the button in an alert, which screen readers announce. When the server offers
 * single sign-on, a link under the form leads to it; a single sign-on that came back refused is
 * shown in the same alert.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInErrorMessage, type Message } from './sign-in-error';

export interface SignInFormProps {
  /** Signs in; throws what the client throws when it does not. */
  onSignIn: (email: string, password: string) => Promise<void>;
  /** Why the form shows (signed out, session ended), announced politely. */
  notice?: Message | undefined;
  /** Why a single sign-on came back without a session (shown as a failed sign-in). */
  error?: Message | undefined;
  /** The server's single sign-on start address; unset: single sign-on is not offered. */
  ssoStart?: string | undefined;
}

type Field = 'email' | 'password';

export function SignInForm({ onSignIn, notice, error: cameBack, ssoStart }: SignInFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<{ message: Message; attempt: number } | undefined>(
    cameBack ? { message: cameBack, attempt: 0 } : undefined,
  );
  const [busy, setBusy] = useState(false);
  const attempts = useRef(0);

  useEffect(() => {
    if (notice || cameBack) heading.current?.focus();
  }, [notice, cameBack]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const empty = new Set<Field>();
    if (email.trim() === '') empty.add('email');
    if (password === '') empty.add('password');
    setMissing(empty);
    if (empty.size > 0) {
      setError(undefined);
      (empty.has('email') ? emailInput : passwordInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSignIn(email.trim(), password);
    } catch (err) {
      attempts.current += 1;
      setError({ message: signInErrorMessage(err), attempt: attempts.current });
      setBusy(false);
    }
  }

  const fieldError = (field: Field) =>
    missing.has(field) ? (
      <p className="console-field__error" id={`${id}-${field}-error`}>
        {t(`signIn.missing.${field}`)}
      </p>
    ) : null;
  const describedBy = (field: Field) => (missing.has(field) ? `${id}-${field}-error` : undefined);

  return (
    <div className="console-sign-in">
      <h1 className="console-sign-in__title" ref={heading} tabIndex={-1}>
        {t('signIn.heading')}
      </h1>
      <p className="console-sign-in__intro">{t('signIn.intro')}</p>
      <div role="status" className="console-notice">
        {notice ? <p>{t(notice.key, notice.values)}</p> : null}
      </div>
      <form className="console-form" noValidate aria-busy={busy} onSubmit={submit}>
        <div className="console-field">
          <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
          {fieldError('email')}
          <input
            ref={emailInput}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="none"
            value={email}
            aria-invalid={missing.has('email') || undefined}
            aria-describedby={describedBy('email')}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="console-field">
          <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
          {fieldError('password')}
          <input
            ref={passwordInput}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={missing.has('password') || undefined}
            aria-describedby={describedBy('password')}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div role="alert" className="console-alert-region">
          {error ? (
            <p key={error.attempt} className="console-alert">
              {t(error.message.key, error.message.values)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="console-button console-button--primary">
          {t('signIn.submit')}
        </button>
      </form>
      {ssoStart ? (
        <p className="console-sign-in__sso">
          {/* A navigation to the identity provider and back, not a script's request. */}
          <a className="console-button" href={ssoStart}>
            {t('signIn.sso.start')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
