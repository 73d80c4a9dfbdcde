import { lmcDemos } from '../languages/lmc/lmc-demos.js';
import { lmgDemos } from '../languages/lmg/lmg-demos.js';
import { lmnDemos } from '../languages/lmn/lmn-demos.js';
import { lmzDemos } from '../languages/lmz/lmz-demos.js';
import type { BundledDemo } from './bundled-demo.js';

export type { BundledDemo };

/**
 * The bundled demos, at least one per built language; each runs and its output is
 * pinned by a golden test (`src/demos/golden/<id>.txt`).
 *
 * @example
 * ```ts
 * const demo = BUNDLED_DEMOS.find((item) => item.mode === 'lmx');
 * await runScript({ mode: demo.mode, source: demo.source, input: demo.input });
 * ```
 */
export const BUNDLED_DEMOS: readonly BundledDemo[] = [
  {
    id: 'lmx-fizzbuzz',
    mode: 'lmx',
    title: 'FizzBuzz and a word count',
    description: 'Loops, functions, conditions, maps and templates in the general logic language.',
    source: `fn fizzbuzz(n)
  if n % 15 == 0 return "FizzBuzz"
  elif n % 3 == 0 return "Fizz"
  elif n % 5 == 0 return "Buzz"
  end
  return str(n)
end

let line = []
for n in range(1, 16) push(line, fizzbuzz(n)) end
print join(line, " ")

let counts = {}
for word in split(lower(input.text), " ")
  counts[word] = (counts[word] or 0) + 1
end
for word in sort(keys(counts))
  print "{{word}}: {{counts[word]}}"
end
return counts
`,
    input: { text: 'the cat and the hat and the bat' },
  },
  {
    id: 'lmx-primes',
    mode: 'lmx',
    title: 'Primes with a sieve',
    description: 'A while loop over a list used as a sieve, and a recursive function.',
    source: `fn sieve(limit)
  let marks = []
  for i in range(limit + 1) push(marks, true) end
  let primes = []
  let n = 2
  while n <= limit
    if marks[n]
      push(primes, n)
      let multiple = n * n
      while multiple <= limit
        marks[multiple] = false
        multiple = multiple + n
      end
    end
    n = n + 1
  end
  return primes
end

fn gcd(a, b)
  if b == 0 return a end
  return gcd(b, a % b)
end

print sieve(50)
print "gcd(84, 36) = {{gcd(84, 36)}}"
`,
  },
  {
    id: 'lmy-invoice',
    mode: 'lmy',
    title: 'An invoice sheet',
    description: 'Named values written in any order and computed in dependency order.',
    source: `total: round(subtotal + tax, 2)
tax: subtotal * rate
subtotal: price * quantity
price: input.price
quantity: input.quantity
rate: 0.2
label: "{{quantity}} × {{price}} + {{rate * 100}}% tax = {{total}}"
`,
    input: { price: 12.5, quantity: 3 },
  },
  {
    id: 'lmm-statistics',
    mode: 'lmm',
    title: 'Statistics and matrices',
    description: 'Vectors, summary statistics, a matrix product and a determinant.',
    source: `v = [3, 1, 4, 1, 5, 9, 2, 6]
mean(v)
median(v)
round(stdev(v), 3)
v * 2
a = [[1, 2], [3, 4]]
a * [[0, 1], [1, 0]]
det(a)
transpose(a)
`,
  },
  {
    id: 'lmc-travel',
    mode: 'lmc',
    title: 'Units, percentages and dates',
    description: 'Conversions across units, a percentage and calendar arithmetic.',
    source: `3 ft + 20 cm in m
100 °C in °F
1 GiB in MB
200 + 15%
date("2026-01-31") + 1 month
`,
  },
  {
    id: 'lmz-orders',
    mode: 'lmz',
    title: 'Event rules',
    description: 'Rules with WHERE conditions that react to events and emit new ones.',
    source: `ON order.paid WHERE amount > 100 DO EMIT vip.notice {id: event.id} END
ON vip.notice DO
  PRINT "VIP order", id
END
EMIT order.paid {id: 7, amount: 150}
EMIT order.paid {id: 8, amount: 20}
`,
  },
  {
    id: 'lmn-disks',
    mode: 'lmn',
    title: 'Disk alerts with a digest',
    description: 'Notifications batched by DIGEST, as a dry run without a notify bridge.',
    source: `DIGEST 2
FOR disk IN input.disks
  NOTIFY email TO "ops@example.com" SUBJECT "{{disk.name}} at {{disk.used}}%" WHEN disk.used > 80
END
`,
    input: {
      now: '10:00',
      disks: [
        { name: 'sda', used: 91 },
        { name: 'sdb', used: 20 },
        { name: 'sdc', used: 85 },
        { name: 'sdd', used: 99 },
      ],
    },
  },
  {
    id: 'lmg-grid',
    mode: 'lmg',
    title: 'A two-cell grid',
    description: 'Cells defined by specialConfig, their dependency graph and a run in dependency order.',
    source: `{"cells":[{"id":"a","specialConfig":{"code":"2"}},{"id":"b","specialConfig":{"code":"a * 21"}}]}
GRAPH
RUN
`,
  },
  // lmx-B: the richer demos of lmc, lmz, lmn and lmg live beside their languages.
  ...lmcDemos,
  ...lmzDemos,
  ...lmnDemos,
  ...lmgDemos,
];
