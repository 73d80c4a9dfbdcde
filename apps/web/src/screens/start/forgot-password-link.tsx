import { Link } from '../../lib/router';

/** The sign-in form's way out when the password is forgotten: the page that mails a reset link. */
export function ForgotPasswordLink() {
  return (
    <p class="muted">
      <Link href="/forgot-password">Forgot your password?</Link>
    </p>
  );
}
