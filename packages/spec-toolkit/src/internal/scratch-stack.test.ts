import { describe, expect, it } from 'vitest';
import { ScratchStack } from './scratch-stack.js';

describe('ScratchStack', () => {
  it('pops in reverse order and keeps working after a release', () => {
    const stack = new ScratchStack();
    for (const value of [1, 2, 3]) stack.push(value);
    expect([stack.pop(), stack.pop()]).toEqual([3, 2]);
    stack.push(4);
    expect(stack.size).toBe(2);
    expect([stack.pop(), stack.pop(), stack.pop()]).toEqual([4, 1, undefined]);
    stack.release();
    stack.push('again');
    expect(stack.pop()).toBe('again');
  });

  it('holds no value after a release, so a reused stack keeps no document alive', () => {
    const stack = new ScratchStack();
    const documents = [{ a: 1 }, { b: 2 }];
    for (const value of documents) stack.push(value);
    stack.pop();
    stack.pop();
    stack.release();
    const items = (stack as unknown as { items: unknown[] }).items;
    expect(items.every((item) => item === undefined)).toBe(true);
    expect(items.length).toBe(2);
  });
});
