import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { Link } from '../../lib/router';

/** The words shown after asking, the same whether or not the address has an account. */
export const CHECK_YOUR_MAIL =
  'Check your mail. If an account uses this address, a link to choose a new password is on its way; it works once, for a limited time.';

/** Forgotten password: asks for the address, `POST /auth/password/forgot`, then "check your mail". */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await requestJson('/auth/password/forgot', { method: 'POST', body: { email } });
      setSent(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h1 tabIndex={-1}>Forgot your password?</h1>
      {sent ? (
        <div class="panel">
          <p role="status">{CHECK_YOUR_MAIL}</p>
          <p>
            <Link href="/">Back to sign in</Link>
          </p>
        </div>
      ) : (
        <form class="panel" onSubmit={submit} aria-labelledby="forgot-heading">
          <h2 id="forgot-heading">Get a link to choose a new password</h2>
          <label for="forgot-email">Email</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Send me a link
            </button>
          </div>
          <ErrorMessage error={error} />
          <p>
            <Link href="/">Back to sign in</Link>
          </p>
        </form>
      )}
    </section>
  );
}
