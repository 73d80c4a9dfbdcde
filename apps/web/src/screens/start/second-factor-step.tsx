import { useEffect, useState } from 'preact/hooks';
import { isApiError, requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { RecoveryCodesShown, TotpEnrolmentCard, type TotpEnrolmentView } from '../../components/two-step';
import { PasskeySecondStep } from './passkey-second-step';

/** The challenge `POST /auth/login` answers when a second factor is needed. */
export interface SecondFactorChallengeView {
  challenge: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
  enrolmentRequired: boolean;
  expiresAt: number;
}

const HANDED_CHALLENGE = '#second-factor=';

/**
 * A challenge handed over in the address's fragment (`/#second-factor=<base64url JSON>`) by a
 * single sign-on callback whose account has a second factor; removed from the address at once.
 * Undefined when there is none or it cannot be read.
 */
export function takeHandedChallenge(): SecondFactorChallengeView | undefined {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(HANDED_CHALLENGE)) return undefined;
  window.history.replaceState(null, '', pathname + search);
  try {
    const base64 = hash.slice(HANDED_CHALLENGE.length).replace(/-/g, '+').replace(/_/g, '/');
    const view = JSON.parse(atob(base64)) as SecondFactorChallengeView;
    return typeof view.challenge === 'string' && Array.isArray(view.methods) ? view : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sign-in form's second step: a code from the authenticator app or a recovery code
 * (`POST /auth/login/second-factor`), a passkey when the account has one (the only answer when it
 * has no app), or, when the role requires a second factor the account lacks, enrolment first.
 * `onSignedIn` runs once the session cookie is set.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallengeView;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolmentView>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  useEffect(() => {
    if (!challenge.enrolmentRequired) return;
    requestJson<TotpEnrolmentView>('/auth/second-factor/login-enrolment', {
      method: 'POST',
      body: { challenge: challenge.challenge },
    }).then(setEnrolment, setError);
  }, [challenge]);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = useRecovery
        ? { challenge: challenge.challenge, recoveryCode: code }
        : { challenge: challenge.challenge, code };
      const answer = await requestJson<{ recoveryCodes?: string[] }>('/auth/login/second-factor', {
        method: 'POST',
        body,
      });
      setCode('');
      if (answer.recoveryCodes) setRecoveryCodes(answer.recoveryCodes);
      else onSignedIn();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const expired = isApiError(error) && error.code === 'GATE_SECOND_FACTOR_CHALLENGE_INVALID';
  if (recoveryCodes) return <RecoveryCodesShown codes={recoveryCodes} onDone={onSignedIn} />;
  const passkey = challenge.methods.includes('passkey');
  if (passkey && !challenge.methods.includes('totp') && !challenge.enrolmentRequired)
    return (
      <section aria-labelledby="second-factor-heading">
        <h3 id="second-factor-heading">Two-step sign-in</h3>
        <p>Confirm with one of your passkeys.</p>
        <div class="actions">
          <PasskeySecondStep challenge={challenge.challenge} primary onSignedIn={onSignedIn} />
          <button type="button" class="secondary" onClick={onRestart}>
            Start again
          </button>
        </div>
      </section>
    );
  return (
    <form onSubmit={submit} aria-labelledby="second-factor-heading">
      <h3 id="second-factor-heading">Two-step sign-in</h3>
      {challenge.enrolmentRequired ? (
        <>
          <p>Your role requires two-step sign-in. Set up an authenticator app to finish signing in.</p>
          {enrolment ? <TotpEnrolmentCard enrolment={enrolment} /> : <p>Loading…</p>}
        </>
      ) : (
        <p>
          {useRecovery
            ? 'Type one of the recovery codes you saved; each works once.'
            : 'Type the 6-digit code your authenticator app shows for this account.'}
        </p>
      )}
      <label for="second-factor-code">
        {useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
      </label>
      <input
        id="second-factor-code"
        type="text"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        required
        maxLength={useRecovery ? 32 : 8}
        value={code}
        onInput={(event) => setCode(event.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Continue
        </button>
        {challenge.methods.includes('recovery_code') ? (
          <button type="button" class="secondary" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
        ) : null}
        <button type="button" class="secondary" onClick={onRestart}>
          Start again
        </button>
      </div>
      <ErrorMessage error={error} />
      {expired ? <p>This sign-in has ended: start again with your password.</p> : null}
      {passkey ? (
        <PasskeySecondStep challenge={challenge.challenge} primary={false} onSignedIn={onSignedIn} />
      ) : null}
    </form>
  );
}
