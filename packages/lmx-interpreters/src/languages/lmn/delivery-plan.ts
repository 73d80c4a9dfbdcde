import { findQuietWindow, formatClockTime, formatQuietWindow, type QuietWindow } from './quiet-window.js';

/** One `NOTIFY` that was reached (its `WHEN`, if any, held). */
export interface Notification {
  readonly channel: string;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
}

/** One message to deliver: a single notification or a digest of several. */
export interface Delivery {
  readonly channel: string;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  /** How many notifications the message carries (more than 1 for a digest). */
  readonly count: number;
  /** `HH:MM` when quiet hours hold the message, with the window that holds it. */
  readonly heldUntil?: string;
  readonly quietWindow?: string;
}

/**
 * Turns the notifications of a run into messages. With `digest` n > 1, notifications to
 * the same channel and recipient are batched in order, n per message; a batch of one is
 * sent as it is. When `minuteOfDay` lies in a quiet window, every message is held until
 * that window ends. Messages keep the order of their first notification.
 *
 * @example
 * planDeliveries({ notifications: [{ channel: 'email', recipient: 'a@b', subject: 'hi', body: '' }], quiet: [], digest: 1, minuteOfDay: 600 });
 * // [{ channel: 'email', recipient: 'a@b', subject: 'hi', body: '', count: 1 }]
 */
export function planDeliveries(options: {
  notifications: readonly Notification[];
  quiet: readonly QuietWindow[];
  digest: number;
  minuteOfDay: number;
}): Delivery[] {
  const size = Math.max(1, Math.floor(options.digest));
  const open = new Map<string, Notification[]>();
  const batches: Notification[][] = [];
  for (const notification of options.notifications) {
    const key = JSON.stringify([notification.channel, notification.recipient]);
    let batch = open.get(key);
    if (!batch || batch.length >= size) {
      batch = [];
      open.set(key, batch);
      batches.push(batch);
    }
    batch.push(notification);
  }
  const window = findQuietWindow(options.quiet, options.minuteOfDay);
  const hold = window
    ? { heldUntil: formatClockTime(window.to), quietWindow: formatQuietWindow(window) }
    : {};
  return batches.map((batch) => ({ ...toMessage(batch), ...hold }));
}

function toMessage(batch: Notification[]): Omit<Delivery, 'heldUntil' | 'quietWindow'> {
  const first = batch[0] as Notification;
  if (batch.length === 1) return { ...first, count: 1 };
  return {
    channel: first.channel,
    recipient: first.recipient,
    subject: `Digest: ${batch.length} notifications`,
    body: batch.map((item) => `- ${item.subject}${item.body ? `: ${item.body}` : ''}`).join('\n'),
    count: batch.length,
  };
}

/**
 * Prints the dry run: a first line saying nothing was sent, one line per message, and a
 * summary line.
 *
 * @example
 * describeDryRun([]); // ['dry run: no notify bridge, nothing was sent', '0 messages (0 notifications)']
 */
export function describeDryRun(deliveries: readonly Delivery[]): string[] {
  const lines = ['dry run: no notify bridge, nothing was sent'];
  for (const delivery of deliveries) {
    const held = delivery.heldUntil
      ? ` (held until ${delivery.heldUntil}, quiet ${delivery.quietWindow})`
      : '';
    const what =
      delivery.count > 1
        ? `a digest of ${delivery.count}: ${JSON.stringify(delivery.body.split('\n'))}`
        : `subject ${JSON.stringify(delivery.subject)} body ${JSON.stringify(delivery.body)}`;
    lines.push(`would send ${delivery.channel} to ${JSON.stringify(delivery.recipient)}: ${what}${held}`);
  }
  const notifications = deliveries.reduce((sum, delivery) => sum + delivery.count, 0);
  const heldCount = deliveries.filter((delivery) => delivery.heldUntil).length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  lines.push(
    `${plural(deliveries.length, 'message')} (${plural(notifications, 'notification')})${heldCount ? `, ${heldCount} held by quiet hours` : ''}`,
  );
  return lines;
}
