import { describe, expect, it } from 'vitest';
import { describeMembership, nameFeature, nameFeatures, namePlan } from './membership-text';

describe('membership in words', () => {
  it('says "none" once for no membership, and names the plan and status otherwise', () => {
    expect(describeMembership({ plan: null, status: 'none' })).toBe('none');
    expect(describeMembership({ plan: 'PRO', status: 'active' })).toBe('Pro, active');
    expect(describeMembership({ plan: 'STARTER', status: 'past_due' })).toBe('Starter, payment overdue');
    expect(describeMembership({ plan: 'gold', status: 'weird_state' }, [{ id: 'gold', name: 'Gold' }])).toBe(
      'Gold, weird state',
    );
  });

  it('names features, known ones by their name and others from their id', () => {
    expect(nameFeature('print-without-watermark')).toBe('printing without the watermark');
    expect(nameFeature('priority-support')).toBe('priority support');
    expect(nameFeatures(['print-without-watermark', 'intelligence', 'unlimited-books'])).toBe(
      'printing without the watermark, the ideation pipeline (AI models) and unlimited books',
    );
    expect(nameFeatures([])).toBe('nothing extra');
    expect(namePlan('UNLIMITED')).toBe('Unlimited');
  });
});
