import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, Notice } from '../../components/status';

/** `POST /auth/verify/resend`: the answer is the same whether or not the address has an account. */
export function ResendVerification({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>();
  const resend = async () => {
    setError(undefined);
    try {
      await requestJson('/auth/verify/resend', { method: 'POST', body: { email } });
      setSent(true);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <div>
      <button type="button" class="secondary" onClick={resend} disabled={!email}>
        Send the confirmation link again
      </button>
      <Notice>{sent ? 'If the address needs confirming, a fresh link is on its way.' : null}</Notice>
      <ErrorMessage error={error} />
    </div>
  );
}
