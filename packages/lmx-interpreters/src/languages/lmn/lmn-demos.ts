import type { BundledDemo } from '../../demos/bundled-demo.js';

/**
 * More bundled `lmn` demos (listed in `BUNDLED_DEMOS`, golden output in `src/demos/golden/`).
 *
 * @example
 * lmnDemos[0]?.input;
 */
export const lmnDemos: readonly BundledDemo[] = [
  {
    id: 'lmn-disk-alerts',
    mode: 'lmn',
    title: 'Disk alerts at night',
    description: 'Alerts for full disks, batched in a digest and held by quiet hours; a dry run.',
    source: [
      'QUIET 22:00-07:00',
      'DIGEST 3',
      'FOR disk IN input.disks',
      '  NOTIFY email TO "ops@example.com" SUBJECT "{{disk.host}} {{disk.name}} at {{disk.used}}%" WHEN disk.used >= 90',
      'END',
      'NOTIFY chat TO "#ops" SUBJECT "{{len(input.disks)}} disks checked"',
    ].join('\n'),
    input: {
      now: '2026-03-14T23:15:00Z',
      disks: [
        { host: 'web-1', name: 'sda', used: 97 },
        { host: 'web-1', name: 'sdb', used: 40 },
        { host: 'db-1', name: 'nvme0', used: 91 },
        { host: 'db-2', name: 'nvme0', used: 90 },
        { host: 'cache-1', name: 'sda', used: 99 },
      ],
    },
  },
];
