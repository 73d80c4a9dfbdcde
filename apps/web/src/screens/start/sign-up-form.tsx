import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, Notice } from '../../components/status';
import { ResendVerification } from './resend-verification';

interface SignupAnswer {
  user: { email: string };
  verification: 'verified' | 'email-sent';
}

/** `POST /auth/signup`; with `AUTH_AUTO_VERIFY` (development) the account is verified at once. */
export function SignUpForm({ onSignedUp }: { onSignedUp(email: string): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [answer, setAnswer] = useState<SignupAnswer>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await requestJson<SignupAnswer>('/auth/signup', {
        method: 'POST',
        body: { email, password },
      });
      setAnswer(result);
      setPassword('');
      onSignedUp(result.user.email);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel" onSubmit={submit} aria-labelledby="sign-up-heading">
      <h2 id="sign-up-heading">Create an account</h2>
      <label for="sign-up-email">Email</label>
      <input
        id="sign-up-email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <label for="sign-up-password">
        Password
        <span class="hint" id="password-rules">
          12 to 128 characters, not a common password, not your email's name.
        </span>
      </label>
      <input
        id="sign-up-password"
        type="password"
        autoComplete="new-password"
        aria-describedby="password-rules"
        required
        minLength={12}
        maxLength={128}
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Create account
        </button>
      </div>
      <ErrorMessage error={error} />
      <Notice>
        {answer?.verification === 'verified'
          ? `Account ${answer.user.email} is ready: sign in.`
          : answer
            ? `We sent a confirmation link to ${answer.user.email}. Open it, then sign in.`
            : null}
      </Notice>
      {answer?.verification === 'email-sent' ? <ResendVerification email={answer.user.email} /> : null}
    </form>
  );
}
