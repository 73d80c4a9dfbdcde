import { useEffect, useState } from 'preact/hooks';
import { isApiError, requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { useSession } from '../../lib/session';
import { ForgotPasswordLink } from './forgot-password-link';
import { PasskeySignIn } from './passkey-sign-in';
import { ResendVerification } from './resend-verification';
import { type SecondFactorChallengeView, SecondFactorStep, takeHandedChallenge } from './second-factor-step';
import { SsoSignInButtons } from './sso-sign-in-buttons';

/** `POST /auth/login`; the server sets the HttpOnly session cookie. */
export function SignInForm({ email: suggested }: { email: string }) {
  const { refresh } = useSession();
  const [email, setEmail] = useState(suggested);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  // A single sign-on whose account has a second factor hands its challenge over in the fragment.
  const [challenge, setChallenge] = useState<SecondFactorChallengeView | undefined>(takeHandedChallenge);
  useEffect(() => {
    if (suggested) setEmail(suggested);
  }, [suggested]);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await requestJson<{ secondFactor?: SecondFactorChallengeView }>('/auth/login', {
        method: 'POST',
        body: { email, password },
      });
      setPassword('');
      if (answer.secondFactor) setChallenge(answer.secondFactor);
      else await refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const unverified = isApiError(error) && error.code === 'GATE_EMAIL_NOT_VERIFIED';
  if (challenge)
    return (
      <section class="panel" aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">Sign in</h2>
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={() => void refresh()}
          onRestart={() => setChallenge(undefined)}
        />
      </section>
    );
  return (
    <form class="panel" onSubmit={submit} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign in</h2>
      <label for="sign-in-email">Email</label>
      <input
        id="sign-in-email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <label for="sign-in-password">Password</label>
      <input
        id="sign-in-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </div>
      <ErrorMessage error={error} />
      {unverified ? <ResendVerification email={email} /> : null}
      <ForgotPasswordLink />
      <SsoSignInButtons />
      <PasskeySignIn />
    </form>
  );
}
