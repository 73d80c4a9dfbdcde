import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { type Catalogue, isEngineMissing, readCatalogue } from '../scripts/script-api';
import { type CapabilitySummary, groupByPlane, headPlane, readCapabilities } from './capability-api';

/** Either answer, or nothing when this server does not have the route (the API's JSON 404). */
async function loadOptional<T>(path: string, read: (body: unknown) => T): Promise<T | null> {
  try {
    return read(await requestJson<unknown>(path));
  } catch (error) {
    if (isEngineMissing(error)) return null;
    throw error;
  }
}

async function loadPanel(): Promise<{
  capabilities: CapabilitySummary[] | null;
  catalogue: Catalogue | null;
}> {
  const [capabilities, catalogue] = await Promise.all([
    loadOptional('/api/capabilities', readCapabilities),
    loadOptional('/api/lmx/interpreters', readCatalogue),
  ]);
  return { capabilities, catalogue };
}

/**
 * What the caller may use: the capability registry's answer for this caller
 * (`GET /api/capabilities`) grouped by plane, and the script languages with their availability
 * (`GET /api/lmx/interpreters`). Read again whenever the signed-in user changes.
 */
export function CapabilitiesPanel() {
  const { user } = useSession();
  const data = useLoad(loadPanel, [user?.id]);
  const capabilities = data.data?.capabilities;
  const interpreters = data.data?.catalogue?.interpreters;
  if (data.error)
    return (
      <section class="panel" aria-labelledby="capabilities-heading">
        <h2 id="capabilities-heading">Capabilities you may use</h2>
        <ErrorMessage error={data.error} />
      </section>
    );
  if (!capabilities && !interpreters) return null;
  const available = (interpreters ?? []).filter((entry) => entry.available);
  const closed = (interpreters ?? []).filter((entry) => !entry.available);
  // Signed out, the server closes every mode for the same reason: say it once.
  const signInFirst = closed.filter((entry) => entry.code === 'GATE_UNAUTHENTICATED');
  const otherwiseClosed = closed.filter((entry) => entry.code !== 'GATE_UNAUTHENTICATED');
  return (
    <section class="panel" aria-labelledby="capabilities-heading" data-testid="capabilities">
      <h2 id="capabilities-heading">Capabilities you may use</h2>
      {capabilities ? (
        <p class="muted">
          {capabilities.length} capabilities for {user ? user.email : 'an anonymous caller'}, by kind.
        </p>
      ) : null}
      {groupByPlane(capabilities ?? []).map(([plane, list]) => (
        <div key={plane}>
          <h3>{headPlane(plane)}</h3>
          <ul class="capability-list" aria-label={headPlane(plane)}>
            {list.map((capability) => (
              <li key={capability.id} title={capability.description}>
                {capability.title} <code>{capability.id}</code> <span class="muted">({capability.who})</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {interpreters ? (
        <>
          <h3>Script languages</h3>
          <p data-testid="script-languages">
            {signInFirst.length > 0 ? (
              <>sign in to run {signInFirst.map((entry) => entry.id).join(', ')}</>
            ) : (
              available.map((entry) => entry.id).join(', ') || 'none'
            )}
            {otherwiseClosed.length > 0 ? (
              <span class="muted">
                {' '}
                — not for you here: {otherwiseClosed.map((entry) => entry.id).join(', ')}
              </span>
            ) : null}{' '}
            <Link href="/scripts">Open the playground</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
