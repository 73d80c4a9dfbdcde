/**
 * A stack for iterative walks that keeps its backing array from walk to walk: `pop` reads below
 * the top instead of shortening the array (which V8 trims, so the next walk would grow it
 * again, allocating on every run of a large document). `release` drops what a finished walk
 * left readable, so a reused stack never keeps an old document alive.
 *
 * @example
 * const stack = new ScratchStack();
 * stack.push(root);
 * while (stack.size > 0) visit(stack.pop(), stack);
 * stack.release();
 */
export class ScratchStack {
  private readonly items: unknown[] = [];
  private top = 0;
  /** The highest `top` since the last `release`: the slots that may still hold values. */
  private used = 0;

  /** How many values are on the stack. */
  get size(): number {
    return this.top;
  }

  push(value: unknown): void {
    if (this.top === this.items.length) this.items.push(value);
    else this.items[this.top] = value;
    this.top++;
    if (this.top > this.used) this.used = this.top;
  }

  /** The value on top, removed (undefined on an empty stack). */
  pop(): unknown {
    if (this.top === 0) return undefined;
    this.top--;
    return this.items[this.top];
  }

  /** Empties the stack and forgets the values it held, keeping its capacity. */
  release(): void {
    this.items.fill(undefined, 0, this.used);
    this.top = 0;
    this.used = 0;
  }
}
