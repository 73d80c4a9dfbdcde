import { describe, expect, it } from 'vitest';
import { describeDryRun, type Notification, planDeliveries } from './delivery-plan.js';
import { formatClockTime, isInQuietWindow, readClockTime, readQuietWindow } from './quiet-window.js';

const note = (recipient: string, subject: string, channel = 'email'): Notification => ({
  channel,
  recipient,
  subject,
  body: '',
});
const night = { from: 22 * 60, to: 7 * 60 };

describe('lmn quiet windows', () => {
  it('reads HH:MM-HH:MM and refuses malformed or empty windows', () => {
    expect(readQuietWindow('22:00-07:00')).toEqual({ ok: true, window: night });
    expect(readQuietWindow('22:00 - 07:00')).toEqual({ ok: true, window: night });
    expect(readQuietWindow('25:00-07:00')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/HH:MM-HH:MM/),
    });
    expect(readQuietWindow('7-8')).toMatchObject({ ok: false });
    expect(readQuietWindow('08:00-08:00')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/same time/),
    });
    expect(readClockTime('23:59')).toBe(1439);
    expect(formatClockTime(1440 + 5)).toBe('00:05');
  });

  it('holds windows that cross midnight on both sides of it', () => {
    expect(isInQuietWindow(night, readClockTime('23:30') ?? -1)).toBe(true);
    expect(isInQuietWindow(night, readClockTime('00:00') ?? -1)).toBe(true);
    expect(isInQuietWindow(night, readClockTime('06:59') ?? -1)).toBe(true);
    expect(isInQuietWindow(night, readClockTime('07:00') ?? -1)).toBe(false);
    expect(isInQuietWindow(night, readClockTime('21:59') ?? -1)).toBe(false);
    const lunch = { from: 12 * 60, to: 13 * 60 };
    expect(isInQuietWindow(lunch, 12 * 60 + 30)).toBe(true);
    expect(isInQuietWindow(lunch, 23 * 60)).toBe(false);
  });
});

describe('lmn delivery plan', () => {
  it('sends each notification on its own without a digest', () => {
    const plan = planDeliveries({
      notifications: [note('a', 'one'), note('a', 'two')],
      quiet: [],
      digest: 1,
      minuteOfDay: 600,
    });
    expect(plan.map((delivery) => delivery.subject)).toEqual(['one', 'two']);
  });

  it('batches per channel and recipient, n per message, keeping order', () => {
    const plan = planDeliveries({
      notifications: [
        note('a', '1'),
        note('b', '2'),
        note('a', '3'),
        note('a', '4'),
        note('a', '5'),
        note('a', '6', 'sms'),
      ],
      quiet: [],
      digest: 3,
      minuteOfDay: 600,
    });
    expect(
      plan.map((delivery) => [delivery.channel, delivery.recipient, delivery.count, delivery.subject]),
    ).toEqual([
      ['email', 'a', 3, 'Digest: 3 notifications'],
      ['email', 'b', 1, '2'],
      ['email', 'a', 1, '5'],
      ['sms', 'a', 1, '6'],
    ]);
    expect(plan[0]?.body).toBe('- 1\n- 3\n- 4');
  });

  it('holds every message until a quiet window ends and says so in the dry run', () => {
    const plan = planDeliveries({
      notifications: [note('ops@example.com', 'Disk 91%')],
      quiet: [night],
      digest: 1,
      minuteOfDay: 23 * 60,
    });
    expect(plan[0]).toMatchObject({ heldUntil: '07:00', quietWindow: '22:00-07:00' });
    expect(describeDryRun(plan)).toEqual([
      'dry run: no notify bridge, nothing was sent',
      'would send email to "ops@example.com": subject "Disk 91%" body "" (held until 07:00, quiet 22:00-07:00)',
      '1 message (1 notification), 1 held by quiet hours',
    ]);
    expect(
      planDeliveries({ notifications: [note('x', 'y')], quiet: [night], digest: 1, minuteOfDay: 12 * 60 })[0]
        ?.heldUntil,
    ).toBeUndefined();
  });
});
