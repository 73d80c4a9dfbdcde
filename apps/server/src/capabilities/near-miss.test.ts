import { describe, expect, it } from 'vitest';
import { findNearMisses } from './near-miss.js';

const IDS = ['activity-pages.generatePage', 'activity-pages.printPage', 'spec.validate', 'dreamer.dream'];

describe('near misses of an unknown capability name', () => {
  it('finds typos, case slips and a bare function name, closest first', () => {
    expect(findNearMisses('activity-pages.generatepage', IDS)).toEqual(['activity-pages.generatePage']);
    expect(findNearMisses('spec.validat', IDS)).toEqual(['spec.validate']);
    expect(findNearMisses('printPage', IDS)).toEqual(['activity-pages.printPage']);
  });

  it('suggests nothing for names far from every id, or absurdly long ones', () => {
    expect(findNearMisses('weather.forecast', IDS)).toEqual([]);
    expect(findNearMisses('x'.repeat(500), IDS)).toEqual([]);
    expect(findNearMisses('', IDS)).toEqual([]);
  });
});
