import type { InputField } from './kinds/kind.js';
import { KINDS } from './kinds/registry.js';

/** What `listKinds()` tells about one kind. */
export interface KindInfo {
  kind: string;
  title: string;
  description: string;
  requiresAccount: boolean;
  inputs: InputField[];
}

/**
 * Every puzzle kind with its accepted input keys, their types, defaults and bounds.
 *
 * @example
 * listKinds().find((k) => k.kind === 'maze')?.inputs.map((i) => i.name);
 */
export function listKinds(): KindInfo[] {
  return KINDS.map((kind) => ({
    kind: kind.name,
    title: kind.title,
    description: kind.description,
    requiresAccount: kind.requiresAccount,
    inputs: kind.inputs.map((field) => structuredClone(field) as InputField),
  }));
}
