import { createDefaultCatalogue, type PlanCatalogue } from '@svc/gate';

/** The payment processor's configuration; present only when `PAY_SECRET_KEY` is set. */
export interface PaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends API calls (`PAY_API_BASE`, tests point it at a local fake); Stripe's own by default. */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The default plans and packs with the configured price ids. */
  catalogue: PlanCatalogue;
}

const PLAN_PRICE_VARIABLES: Record<string, string> = {
  STARTER: 'PAY_PRICE_STARTER',
  PRO: 'PAY_PRICE_PRO',
  UNLIMITED: 'PAY_PRICE_UNLIMITED',
};

/** `small=1000:price_1,large=20000:price_2` → packs; problems for anything else. */
function readTokenPacks(raw: string, problems: string[]): PlanCatalogue['packs'] | undefined {
  const packs: PlanCatalogue['packs'] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z0-9-]{0,31})=(\d{1,9}):(\S+)$/.exec(item);
    if (!match?.[1] || !match[2] || !match[3] || Number(match[2]) < 1) {
      problems.push(
        `PAY_TOKEN_PACKS must list packs as name=tokens:priceId separated by commas, got "${item}".`,
      );
      return undefined;
    }
    packs.push({ id: match[1], tokens: Number(match[2]), priceId: match[3] });
  }
  return packs;
}

/** Reads `PAY_API_BASE` (`http://127.0.0.1:12111`) into the SDK's host, port and protocol. */
function readApiBase(raw: string | undefined, problems: string[]): PaymentsConfig['apiBase'] {
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    problems.push(`PAY_API_BASE must be an http(s) URL, got "${raw}".`);
    return undefined;
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Reads the payment variables. Undefined while `PAY_SECRET_KEY` is unset: the paid routes
 * then answer 501 and only admin grants change memberships.
 *
 * @example
 * const payments = readPaymentsConfig(process.env, problems);
 */
export function readPaymentsConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): PaymentsConfig | undefined {
  const secretKey = env.PAY_SECRET_KEY;
  if (!secretKey) return undefined;
  const webhookSecret = env.PAY_WEBHOOK_SECRET ?? '';
  if (!webhookSecret) problems.push('PAY_WEBHOOK_SECRET is required with PAY_SECRET_KEY.');
  const catalogue = createDefaultCatalogue();
  for (const plan of catalogue.plans) {
    const variable = PLAN_PRICE_VARIABLES[plan.id];
    plan.priceId = (variable && env[variable]) || null;
  }
  const packs = env.PAY_TOKEN_PACKS ? readTokenPacks(env.PAY_TOKEN_PACKS, problems) : undefined;
  if (packs) catalogue.packs = packs;
  return { secretKey, webhookSecret, apiBase: readApiBase(env.PAY_API_BASE, problems), catalogue };
}
