import { useState } from 'preact/hooks';
import { isApiError, requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';

/**
 * Reads the token from the link's fragment (`#token=…`) once, then drops it from the address
 * bar, so it is neither bookmarked nor shown over a shoulder.
 */
function takeTokenFromAddress(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

/** The page a reset mail links to: a new password, `POST /auth/password/reset`, then sign in again. */
export function ResetPasswordScreen() {
  const { refresh } = useSession();
  const [token] = useState(takeTokenFromAddress);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await requestJson('/auth/password/reset', { method: 'POST', body: { token, password } });
      setPassword('');
      setDone(true);
      // Every session was revoked, this browser's included: clear its cookie and its view.
      await requestJson('/auth/logout', { method: 'POST' }).catch(() => undefined);
      await refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const spent =
    isApiError(error) &&
    ['GATE_RESET_TOKEN_USED', 'GATE_RESET_TOKEN_EXPIRED', 'GATE_TOKEN_INVALID'].includes(error.code);
  return (
    <section>
      <h1 tabIndex={-1}>Choose a new password</h1>
      {done ? (
        <div class="panel">
          <p role="status">
            Your password is changed. Every session of this account was signed out; API keys keep working.
          </p>
          <p>
            <Link href="/">Sign in with your new password</Link>
          </p>
        </div>
      ) : token === '' ? (
        <div class="panel">
          <p>
            This page is opened from the link in a password-reset mail.{' '}
            <Link href="/forgot-password">Ask for a link</Link>.
          </p>
        </div>
      ) : (
        <form class="panel" onSubmit={submit} aria-labelledby="reset-heading">
          <h2 id="reset-heading">Your account's new password</h2>
          <p class="muted">At least 12 characters; a few unrelated words make a good one.</p>
          <label for="reset-password">New password</label>
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Set the new password
            </button>
          </div>
          <ErrorMessage error={error} />
          {spent ? (
            <p>
              <Link href="/forgot-password">Ask for a new link</Link>
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
