import type { IdentityInvalidationMessage, IdentityInvalidations } from '@svc/gate';
import type { Broadcast, BroadcastMessage } from '../broadcast/broadcast.js';

/** The broadcast channel of identity-cache invalidations. */
export const IDENTITY_CHANNEL = 'identity';

/** Where failed publishes are reported (a pino logger fits). */
interface InvalidationLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/** Reads a message of the identity channel back; undefined for anything else. */
function toInvalidation(message: BroadcastMessage): IdentityInvalidationMessage | undefined {
  const { kind, userId, credentialId, hash } = message;
  if (kind === 'user' && typeof userId === 'string') return { kind, userId };
  if (kind === 'credential' && typeof credentialId === 'string') return { kind, credentialId };
  if (kind === 'credential-hash' && typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash))
    return { kind, hash };
  return undefined;
}

/**
 * The gate's {@link IdentityInvalidations} over the server's broadcast (channel `identity`): an
 * API key revoked, a logout, a role or password change on one instance clears the identity
 * cache of every instance. A publish that fails (the bus is down) is logged; the gate then
 * trusts cached identities for a second at most until the bus is back, and clears its cache
 * when it resumes.
 *
 * @example
 * const gate = createServerGate({ …, invalidations: createBroadcastIdentityInvalidations(broadcast, app.log) });
 */
export function createBroadcastIdentityInvalidations(
  broadcast: Broadcast,
  log: InvalidationLog,
): IdentityInvalidations {
  return {
    publish(message) {
      broadcast.publish(IDENTITY_CHANNEL, message).catch((error: unknown) => {
        log.warn(
          { err: error, kind: message.kind },
          'identity invalidation not broadcast; other instances rely on the cache lifetime',
        );
      });
    },
    subscribe(listener) {
      broadcast.subscribe(IDENTITY_CHANNEL, (message) => {
        const invalidation = toInvalidation(message);
        if (invalidation) listener.received(invalidation);
      });
      broadcast.onResume(() => listener.resumed());
    },
    isLive: () => broadcast.isLive(),
  };
}
