/** A subscription plan: what it unlocks and how many tokens it includes per billing period. */
export interface Plan {
  id: string;
  name: string;
  features: string[];
  tokensPerPeriod: number;
  /** The processor's price id; null until configured (the plan cannot be bought then). */
  priceId: string | null;
}

/** A one-time purchasable amount of tokens. */
export interface TokenPack {
  id: string;
  tokens: number;
  priceId: string | null;
}

/** The plans and packs on offer: configuration, with {@link DEFAULT_PLANS} and {@link DEFAULT_TOKEN_PACKS}. */
export interface PlanCatalogue {
  plans: Plan[];
  packs: TokenPack[];
}

/** Statuses that make a user a member: the plan's features apply only in these. */
export const MEMBER_STATUSES: readonly string[] = ['active', 'trialing'];

/**
 * The default plans. Each includes the features of the ones below it.
 *
 * @example
 * createGate({ db, mailer, config, plans: { plans: withPrices(DEFAULT_PLANS, prices), packs: DEFAULT_TOKEN_PACKS } });
 */
export const DEFAULT_PLANS: readonly Plan[] = [
  {
    id: 'STARTER',
    name: 'Starter',
    features: ['print-without-watermark'],
    tokensPerPeriod: 1_000,
    priceId: null,
  },
  {
    id: 'PRO',
    name: 'Pro',
    features: ['print-without-watermark', 'intelligence'],
    tokensPerPeriod: 10_000,
    priceId: null,
  },
  {
    id: 'UNLIMITED',
    name: 'Unlimited',
    features: ['print-without-watermark', 'intelligence', 'unlimited-books'],
    tokensPerPeriod: 100_000,
    priceId: null,
  },
];

/**
 * The default token packs.
 *
 * @example
 * const small = DEFAULT_TOKEN_PACKS.find((pack) => pack.id === 'small');
 */
export const DEFAULT_TOKEN_PACKS: readonly TokenPack[] = [
  { id: 'small', tokens: 1_000, priceId: null },
  { id: 'medium', tokens: 5_000, priceId: null },
  { id: 'large', tokens: 20_000, priceId: null },
];

/**
 * The default catalogue with no price ids: everything is listed, nothing can be bought.
 *
 * @example
 * const catalogue = createDefaultCatalogue();
 */
export function createDefaultCatalogue(): PlanCatalogue {
  return {
    plans: DEFAULT_PLANS.map((plan) => ({ ...plan, features: [...plan.features] })),
    packs: DEFAULT_TOKEN_PACKS.map((pack) => ({ ...pack })),
  };
}

/**
 * The features a membership grants: the plan's, while the status is a member status.
 *
 * @example
 * listFeatures(catalogue, 'PRO', 'active'); // ['print-without-watermark', 'intelligence']
 */
export function listFeatures(catalogue: PlanCatalogue, plan: string | null, status: string): string[] {
  if (plan === null || !MEMBER_STATUSES.includes(status)) return [];
  return [...(catalogue.plans.find((candidate) => candidate.id === plan)?.features ?? [])];
}

/**
 * The plan a price id buys; null for a price the catalogue does not list.
 *
 * @example
 * findPlanByPrice(catalogue, 'price_pro'); // 'PRO'
 */
export function findPlanByPrice(catalogue: PlanCatalogue, priceId: string | null): string | null {
  if (priceId === null) return null;
  return catalogue.plans.find((plan) => plan.priceId === priceId)?.id ?? null;
}
