import { useState } from 'preact/hooks';

const GOODBYE_KEY = 'svc-console-goodbye';

/** Remembers, for the next screen only, that `email`'s account was just deleted. */
export function rememberGoodbye(email: string): void {
  try {
    sessionStorage.setItem(GOODBYE_KEY, email);
  } catch {
    // Storage refused (private mode): the goodbye is skipped, the deletion is not.
  }
}

function takeGoodbye(): string | null {
  try {
    const email = sessionStorage.getItem(GOODBYE_KEY);
    sessionStorage.removeItem(GOODBYE_KEY);
    return email;
  } catch {
    return null;
  }
}

/** The goodbye Start shows once after an account was deleted (nothing otherwise). */
export function GoodbyeNotice() {
  const [email] = useState(takeGoodbye);
  if (!email) return null;
  return (
    <section class="panel" role="status" aria-labelledby="goodbye-heading">
      <h2 id="goodbye-heading">Goodbye</h2>
      <p>
        The account {email} and everything it owned were deleted, and you are signed out. Thank you for using
        svc.
      </p>
    </section>
  );
}
