/** The host bridges a script may reach, by name. */
export type BridgeName = 'tools' | 'install' | 'db' | 'ai' | 'adapters' | 'host';

/** Every bridge name, in catalogue order. */
export const BRIDGE_NAMES: readonly BridgeName[] = ['tools', 'install', 'db', 'ai', 'adapters', 'host'];
