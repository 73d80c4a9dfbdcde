import type { Value } from './values.js';

/**
 * The runtime storage of one function activation (or of the top level): slots indexed by
 * the numbers a {@link Scope} handed out at compile time. An unset slot is `undefined`.
 */
export interface Frame {
  slots: (Value | undefined)[];
  parent: Frame | undefined;
}

/** Where a name lives: `depth` frames up, slot `index`. */
export interface SlotAddress {
  depth: number;
  index: number;
}

/**
 * Compile-time names of one function (or the top level), resolved to slot numbers so
 * evaluation never looks names up by string. A nested function's scope has its
 * enclosing scope as parent; its frames are chained the same way.
 *
 * @example
 * ```ts
 * const top = new Scope();
 * top.declare('total'); // 0
 * new Scope(top).resolve('total'); // { depth: 1, index: 0 }
 * ```
 */
export class Scope {
  private readonly names = new Map<string, number>();

  constructor(readonly parent?: Scope) {}

  /** Declares a name (idempotent) and returns its slot. */
  declare(name: string): number {
    const existing = this.names.get(name);
    if (existing !== undefined) return existing;
    const index = this.names.size;
    this.names.set(name, index);
    return index;
  }

  /** True when the name is declared in this scope itself. */
  hasOwn(name: string): boolean {
    return this.names.has(name);
  }

  resolve(name: string): SlotAddress | undefined {
    let scope: Scope | undefined = this;
    let depth = 0;
    while (scope) {
      const index = scope.names.get(name);
      if (index !== undefined) return { depth, index };
      scope = scope.parent;
      depth++;
    }
    return undefined;
  }

  /** The number of slots a frame of this scope needs. */
  get size(): number {
    return this.names.size;
  }

  /** The declared names, in slot order. */
  get declared(): string[] {
    return [...this.names.keys()];
  }

  /** Every name visible here: this scope's, then its parents'. */
  visibleNames(): string[] {
    const names: string[] = [];
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) names.push(...scope.names.keys());
    return names;
  }

  /** A fresh frame for this scope. */
  createFrame(parent?: Frame): Frame {
    return { slots: new Array<Value | undefined>(this.names.size), parent };
  }
}
