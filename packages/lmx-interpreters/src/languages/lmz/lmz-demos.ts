import type { BundledDemo } from '../../demos/bundled-demo.js';

/**
 * More bundled `lmz` demos (listed in `BUNDLED_DEMOS`, golden output in `src/demos/golden/`).
 *
 * @example
 * lmzDemos[0]?.source;
 */
export const lmzDemos: readonly BundledDemo[] = [
  {
    id: 'lmz-order-pipeline',
    mode: 'lmz',
    title: 'An order pipeline',
    description:
      'Rules with WHERE and wildcards react to orders, emit follow-up events and keep a running total.',
    source: [
      'LET revenue = 0',
      'ON order.paid DO',
      '  revenue = revenue + amount',
      '  EMIT invoice.send {order: id, to: email}',
      'END',
      'ON order.paid WHERE amount > 100 DO EMIT vip.notice {order: id} END',
      'ON invoice.* DO PRINT "invoice for order", order, "to", to END',
      'ON vip.notice DO PRINT "thank-you card for order", order END',
      'EMIT order.paid {id: 1, amount: 150, email: "ana@example.com"}',
      'EMIT order.paid {id: 2, amount: 40, email: "bo@example.com"}',
      'PRINT "revenue", revenue',
    ].join('\n'),
  },
];
