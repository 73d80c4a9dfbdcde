import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'preact/hooks';
import { isApiError, requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';

/**
 * "Use a passkey" in the second step of a password sign-in: options for the challenge's account
 * (`POST /auth/passkeys/second-factor/options`) → the browser's prompt → the assertion answers the
 * challenge at `POST /auth/login/second-factor`, which sets the session cookie. `primary` when the
 * account has no authenticator app (the passkey is then the only answer).
 */
export function PasskeySecondStep({
  challenge,
  primary,
  onSignedIn,
}: {
  challenge: string;
  primary: boolean;
  onSignedIn: () => void;
}) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn())
    return primary ? <p>This browser cannot use passkeys: sign in from one that can.</p> : null;
  const answer = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const optionsJSON = await requestJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/auth/passkeys/second-factor/options',
        { method: 'POST', body: { challenge } },
      );
      const passkey = await startAuthentication({ optionsJSON });
      await requestJson('/auth/login/second-factor', { method: 'POST', body: { challenge, passkey } });
      onSignedIn();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const expired = isApiError(error) && error.code === 'GATE_SECOND_FACTOR_CHALLENGE_INVALID';
  return (
    <div class="passkey-second-step">
      <button type="button" class={primary ? undefined : 'secondary'} disabled={busy} onClick={answer}>
        Use a passkey
      </button>
      <ErrorMessage error={error} />
      {expired ? <p>This sign-in has ended: start again with your password.</p> : null}
    </div>
  );
}
