/**
 * A seeded pseudo-random generator: sfc32 seeded by the cyrb128 hash of the seed text. Only
 * 32-bit integer arithmetic, so the same seed gives the same sequence on every platform.
 * Generators receive one `Random` and pass it (or a `fork`) down — never `Math.random`.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** An independent generator derived from this one's seed and `label` (stable across refactors). */
  fork(label: string): Random;
  /** The seed this generator was created from. */
  readonly seed: string;
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/**
 * Creates a seeded generator.
 *
 * @example
 * const random = createRandom('puzzle-42');
 * random.int(1, 9); // the same on every machine for this seed
 */
export function createRandom(seed: string | number): Random {
  const seedText = String(seed);
  let [a, b, c, d] = cyrb128(seedText);
  const nextUint = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint();
  const random: Random = {
    seed: seedText,
    next: () => nextUint() / 4294967296,
    int(min, max) {
      if (max < min) throw new RangeError(`int(${min}, ${max}): max is below min`);
      return min + Math.floor(random.next() * (max - min + 1));
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('pick() from an empty array');
      return items[random.int(0, items.length - 1)] as (typeof items)[number];
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
    chance: (p) => random.next() < p,
    fork: (label) => createRandom(`${seedText}/${label}`),
  };
  return random;
}
