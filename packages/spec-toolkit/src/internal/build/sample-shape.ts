/** What the samples merged so far say about one value; each present key is one JSON type seen. */
export interface SampleShape {
  nullable: boolean;
  object?: { count: number; properties: Map<string, { shape: SampleShape; count: number }> };
  array?: { items: SampleShape | undefined };
  /** `null` once two samples disagree on the format. */
  string?: { format: string | null | undefined };
  integer?: true;
  number?: true;
  boolean?: true;
}

/**
 * Combines what two samples of the same value say: types add up, object keys keep a
 * count of how many samples had them, and string formats survive only when they agree.
 *
 * @example
 * mergeShapes({ nullable: false, integer: true }, { nullable: true }); // { nullable: true, integer: true }
 */
export function mergeShapes(a: SampleShape, b: SampleShape): SampleShape {
  const out: SampleShape = { nullable: a.nullable || b.nullable };
  if (a.object || b.object) out.object = mergeObjects(a.object, b.object);
  if (a.array || b.array) {
    const left = a.array?.items;
    const right = b.array?.items;
    out.array = { items: left && right ? mergeShapes(left, right) : (left ?? right) };
  }
  if (a.string || b.string) {
    const left = a.string?.format;
    const right = b.string?.format;
    const format = a.string && b.string ? (left === right ? left : null) : (left ?? right);
    out.string = { format };
  }
  if (a.integer || b.integer) out.integer = true;
  if (a.number || b.number) out.number = true;
  if (a.boolean || b.boolean) out.boolean = true;
  return out;
}

function mergeObjects(
  a: SampleShape['object'],
  b: SampleShape['object'],
): NonNullable<SampleShape['object']> {
  if (!a || !b) return (a ?? b) as NonNullable<SampleShape['object']>;
  const properties = new Map(a.properties);
  for (const [key, right] of b.properties) {
    const left = properties.get(key);
    properties.set(
      key,
      left ? { shape: mergeShapes(left.shape, right.shape), count: left.count + right.count } : right,
    );
  }
  return { count: a.count + b.count, properties };
}
