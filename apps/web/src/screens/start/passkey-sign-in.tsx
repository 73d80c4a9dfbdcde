import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { useSession } from '../../lib/session';

/**
 * "Sign in with a passkey": password-less, with a discoverable credential (the passkey names its
 * account, so no email is asked). `POST /auth/passkeys/login/options` → the browser's prompt →
 * `POST /auth/passkeys/login/verify`, which sets the session cookie.
 */
export function PasskeySignIn() {
  const { refresh } = useSession();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn()) return null;
  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const optionsJSON = await requestJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/auth/passkeys/login/options',
        { method: 'POST' },
      );
      const response = await startAuthentication({ optionsJSON });
      await requestJson('/auth/passkeys/login/verify', { method: 'POST', body: { response } });
      await refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="passkey-sign-in">
      <button type="button" class="secondary" disabled={busy} onClick={signIn}>
        Sign in with a passkey
      </button>
      <ErrorMessage error={error} />
    </div>
  );
}
