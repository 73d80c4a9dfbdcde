/** The eight reading directions, clockwise from up. */
export const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** A reading direction, as a compass point. */
export type Direction = (typeof DIRECTIONS)[number];

/** The default: every word reads forwards (left to right, downwards or diagonally so). */
export const FORWARD_DIRECTIONS: readonly Direction[] = ['NE', 'E', 'SE', 'S'];

/** Row and column steps of each direction. */
export const DIRECTION_STEPS: Record<Direction, readonly [number, number]> = {
  N: [-1, 0],
  NE: [-1, 1],
  E: [0, 1],
  SE: [1, 1],
  S: [1, 0],
  SW: [1, -1],
  W: [0, -1],
  NW: [-1, -1],
};

/**
 * The direction reading the same cells backwards.
 *
 * @example
 * reverseDirection('NE'); // 'SW'
 */
export function reverseDirection(direction: Direction): Direction {
  return DIRECTIONS[(DIRECTIONS.indexOf(direction) + 4) % 8] as Direction;
}

/**
 * The direction from one cell to another on a straight line, or null when they are not aligned.
 *
 * @example
 * readDirection([0, 0], [2, 2]); // 'SE'
 */
export function readDirection(
  from: readonly [number, number],
  to: readonly [number, number],
): Direction | null {
  const dr = to[0] - from[0];
  const dc = to[1] - from[1];
  if ((dr === 0 && dc === 0) || (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc))) return null;
  return (
    DIRECTIONS.find(
      (d) => DIRECTION_STEPS[d][0] === Math.sign(dr) && DIRECTION_STEPS[d][1] === Math.sign(dc),
    ) ?? null
  );
}
