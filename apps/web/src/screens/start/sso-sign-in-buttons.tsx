import { requestJson } from '../../api/http';
import { useSearch } from '../../lib/router';
import { describeSsoError, nameOfProvider, type SsoProvider } from '../../lib/sso-error-text';
import { useLoad } from '../../lib/use-load';

/**
 * "Sign in with <provider>" for each configured OpenID Connect provider (none: nothing shown),
 * and the words for a refused attempt the server sent back as `?ssoError=`. Each button is a plain
 * link: the browser goes to the provider and comes back through /auth/sso/<id>/callback.
 */
export function SsoSignInButtons() {
  const providers = useLoad(() => requestJson<{ providers: SsoProvider[] }>('/auth/sso/providers'), []);
  const search = new URLSearchParams(useSearch());
  const code = search.get('ssoError');
  const list = providers.data?.providers ?? [];
  if (list.length === 0 && !code) return null;
  return (
    <div class="sso-sign-in">
      {list.length > 0 ? <p>Or sign in with your organisation's account:</p> : null}
      <div class="actions">
        {list.map((provider) => (
          <a
            key={provider.id}
            class="button secondary"
            href={`/auth/sso/${encodeURIComponent(provider.id)}/start`}
          >
            Sign in with {provider.name}
          </a>
        ))}
      </div>
      {code ? (
        <p class="error" role="alert">
          {describeSsoError(code, nameOfProvider(list, search.get('provider') ?? ''))}
          <code class="error-code"> {code}</code>
        </p>
      ) : null}
    </div>
  );
}
