import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmnDemos } from './lmn-demos.js';

// Golden output of the bundled demos: a change in what a demo prints is a visible decision.
const golden: Record<string, string[]> = {
  'lmn-disk-alerts': [
    'dry run: no notify bridge, nothing was sent',
    'would send email to "ops@example.com": a digest of 3: ["- web-1 sda at 97%","- db-1 nvme0 at 91%","- db-2 nvme0 at 90%"] (held until 07:00, quiet 22:00-07:00)',
    'would send email to "ops@example.com": subject "cache-1 sda at 99%" body "" (held until 07:00, quiet 22:00-07:00)',
    'would send chat to "#ops": subject "5 disks checked" body "" (held until 07:00, quiet 22:00-07:00)',
    '3 messages (5 notifications), 3 held by quiet hours',
  ],
};

describe('the bundled lmn demos', () => {
  it('covers every demo with a golden output', () => {
    expect(lmnDemos.map((demo) => demo.id).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(lmnDemos.map((demo) => [demo.id, demo] as const))('%s prints its golden output', (id, demo) => {
    const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(golden[id]);
  });
});
