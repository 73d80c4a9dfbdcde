/**
 * What a refused single sign-on means, in words: the server redirects back to the console with
 * `?ssoError=<code>&provider=<id>` (a browser round trip cannot carry a JSON error body).
 *
 * @example
 * describeSsoError('GATE_SSO_ACCOUNT_EXISTS', 'Acme ID');
 */
export function describeSsoError(code: string, providerName: string): string {
  switch (code) {
    case 'GATE_SSO_EMAIL_NOT_VERIFIED':
      return `${providerName} did not confirm your email address. Confirm it there, then try again.`;
    case 'GATE_SSO_ACCOUNT_EXISTS':
      return `An account with your email already exists. Sign in with your password, then connect ${providerName} from the Account screen.`;
    case 'GATE_EMAIL_CONFUSABLE':
      return `The email address ${providerName} gave looks like another address (mixed scripts or hidden characters), so it cannot be used here.`;
    case 'GATE_SSO_IDENTITY_TAKEN':
      return `That ${providerName} identity is already connected to an account, or this account already has another one.`;
    case 'GATE_ACCOUNT_DISABLED':
      return 'This account is disabled; ask an administrator to re-enable it.';
    case 'GATE_SSO_CALLBACK_INVALID':
      return `The sign-in with ${providerName} did not complete (it expired or was started elsewhere). Try again.`;
    case 'GATE_SSO_PROVIDER_UNAVAILABLE':
      return `${providerName} could not be reached. Try again later.`;
    case 'GATE_UNAUTHENTICATED':
      return 'Your session ended before the provider answered. Sign in, then connect again.';
    case 'GATE_NOT_FOUND':
      return `${providerName} is not available for signing in here.`;
    default:
      return `Signing in with ${providerName} failed.`;
  }
}

/** A configured provider as `GET /auth/sso/providers` lists it. */
export interface SsoProvider {
  id: string;
  name: string;
}

/** The name of provider `id` in `providers`, or the id itself. */
export function nameOfProvider(providers: readonly SsoProvider[] | undefined, id: string): string {
  return providers?.find((provider) => provider.id === id)?.name ?? id;
}
