import { requestJson } from '../../api/http';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import type { KindInfo } from '../puzzles/kind-input';

interface Overview {
  kinds: KindInfo[];
  stages: { key: string; label?: string }[];
  models: {
    providers: { provider: string; models: string[] }[];
    auto: { provider: string; model: string };
  } | null;
}

async function loadOverview(signedIn: boolean): Promise<Overview> {
  const [kinds, pipeline, models] = await Promise.all([
    requestJson<{ kinds: KindInfo[] }>('/api/activity/kinds'),
    requestJson<{ stages: { key: string; label?: string }[] }>('/api/dreamer/pipeline'),
    signedIn ? requestJson<Overview['models']>('/api/dreamer/models') : Promise.resolve(null),
  ]);
  return { kinds: kinds.kinds, stages: pipeline.stages, models };
}

/**
 * What this install offers, read from today's public routes (activity kinds, the ideation
 * pipeline and its models), in words; the capabilities panel below it lists the registry's own
 * answer for this caller (`GET /api/capabilities`).
 */
export function InstallOverview() {
  const { user } = useSession();
  const overview = useLoad(() => loadOverview(Boolean(user)), [Boolean(user)]);
  const data = overview.data;
  return (
    <section class="panel" aria-labelledby="offers-heading">
      <h2 id="offers-heading">What this server offers</h2>
      {data ? (
        <ul>
          <li>
            <strong>Puzzle pages</strong>: {data.kinds.map((kind) => kind.title).join(', ')}.
          </li>
          <li>
            <strong>Ideation</strong>: {data.stages.length} stages (
            {data.stages.map((s) => s.label ?? s.key).join(' → ')})
            {data.models ? `, models: ${describeModels(data.models)}` : ''}.
          </li>
          <li>
            <strong>API specs</strong>: validate and diff OpenAPI 3.x and Swagger 2.0 documents.
          </li>
        </ul>
      ) : overview.error ? (
        <p class="error">{overview.error.message}</p>
      ) : (
        <p class="muted">Loading…</p>
      )}
    </section>
  );
}

function describeModels(models: NonNullable<Overview['models']>): string {
  if (models.providers.length === 0)
    return 'none configured, so runs answer with the built-in echo stub (no model is called)';
  return models.providers.map((entry) => `${entry.provider} (${entry.models.join(', ')})`).join('; ');
}
