import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { useSearch } from '../../lib/router';
import { describeSsoError, nameOfProvider, type SsoProvider } from '../../lib/sso-error-text';
import { useLoad } from '../../lib/use-load';

interface ConnectedIdentity {
  providerId: string;
  email: string | null;
  connectedAt: number;
}

/**
 * Single sign-on on the Account screen: the connected providers (with the email each gave),
 * Connect for the others (a round trip to the provider that comes back here), and Disconnect.
 * Shown only when the server has providers configured.
 */
export function SsoPanel() {
  const providers = useLoad(() => requestJson<{ providers: SsoProvider[] }>('/auth/sso/providers'), []);
  const connected = useLoad(
    () => requestJson<{ identities: ConnectedIdentity[]; hasPassword: boolean }>('/auth/sso/identities'),
    [],
  );
  const [error, setError] = useState<unknown>();
  const search = new URLSearchParams(useSearch());
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  const identities = connected.data?.identities ?? [];
  const refused = search.get('ssoError');
  const joined = search.get('ssoConnected');
  const disconnect = async (providerId: string) => {
    setError(undefined);
    try {
      await requestJson(`/auth/sso/${encodeURIComponent(providerId)}/identity`, { method: 'DELETE' });
      connected.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section class="panel" aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on</h2>
      <ul class="sso-providers">
        {list.map((provider) => {
          const identity = identities.find((candidate) => candidate.providerId === provider.id);
          return (
            <li key={provider.id} data-provider={provider.id}>
              <strong>{provider.name}</strong>{' '}
              {identity ? (
                <>
                  connected{identity.email ? ` as ${identity.email}` : ''} since{' '}
                  {formatTime(identity.connectedAt)}{' '}
                  <button type="button" class="link-button" onClick={() => disconnect(provider.id)}>
                    Disconnect {provider.name}
                  </button>
                </>
              ) : (
                <a class="button secondary" href={`/auth/sso/${encodeURIComponent(provider.id)}/connect`}>
                  Connect {provider.name}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {connected.data && !connected.data.hasPassword ? (
        <p>
          This account has no password: keep one provider connected or add a passkey, or set a password first
          ("Forgot your password?" on the sign-in form mails a link).
        </p>
      ) : null}
      <Notice>{joined ? `${nameOfProvider(list, joined)} is connected.` : null}</Notice>
      {refused ? (
        <p class="error" role="alert">
          {describeSsoError(refused, nameOfProvider(list, search.get('provider') ?? ''))}
          <code class="error-code"> {refused}</code>
        </p>
      ) : null}
      <ErrorMessage error={error ?? connected.error} />
    </section>
  );
}
