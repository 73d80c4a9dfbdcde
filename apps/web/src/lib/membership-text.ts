/** Names people read for the plan features the default catalogue uses (docs/gate/membership.md). */
const FEATURE_NAMES: Record<string, string> = {
  'print-without-watermark': 'printing without the watermark',
  intelligence: 'the ideation pipeline (AI models)',
  'unlimited-books': 'unlimited books',
};

/** Words for the processor's subscription statuses; others are shown with their underscores as spaces. */
const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  trialing: 'on trial',
  past_due: 'payment overdue',
  unpaid: 'unpaid',
  canceled: 'cancelled',
  incomplete: 'awaiting first payment',
  incomplete_expired: 'expired before the first payment',
  paused: 'paused',
};

/**
 * A feature id as a person reads it: a known one by its name, any other (a configured plan may
 * name its own) with its dashes as spaces.
 *
 * @example
 * nameFeature('print-without-watermark'); // 'printing without the watermark'
 */
export function nameFeature(id: string): string {
  return FEATURE_NAMES[id] ?? id.replaceAll(/[-_]+/g, ' ').trim();
}

/**
 * A list of features in one sentence part: "printing without the watermark and unlimited books".
 *
 * @example
 * nameFeatures(['print-without-watermark', 'intelligence']);
 */
export function nameFeatures(ids: readonly string[]): string {
  const names = ids.map(nameFeature);
  if (names.length <= 1) return names[0] ?? 'nothing extra';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A plan id as a name: the catalogue's name when given, else the id in title case (`PRO` → `Pro`).
 *
 * @example
 * namePlan('UNLIMITED'); // 'Unlimited'
 */
export function namePlan(id: string, plans: readonly { id: string; name: string }[] = []): string {
  const known = plans.find((plan) => plan.id === id)?.name;
  if (known) return known;
  const words = id.replaceAll(/[-_]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A membership in a few words: "none" when there is no plan, else the plan and its status
 * ("Pro, active"; "Starter, payment overdue").
 *
 * @example
 * describeMembership({ plan: null, status: 'none' }); // 'none'
 */
export function describeMembership(
  membership: { plan: string | null; status: string },
  plans: readonly { id: string; name: string }[] = [],
): string {
  if (membership.plan === null) return 'none';
  const status = STATUS_WORDS[membership.status] ?? membership.status.replaceAll('_', ' ');
  return `${namePlan(membership.plan, plans)}, ${status}`;
}
