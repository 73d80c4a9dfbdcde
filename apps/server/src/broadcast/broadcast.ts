declare module 'fastify' {
  interface FastifyInstance {
    /** The signals shared by every instance (in-process, Redis pub/sub or PostgreSQL NOTIFY). */
    broadcast: Broadcast;
  }
}

/**
 * One small signal: a flat object of ids, hashes, numbers and flags. It names what changed,
 * never a raw token, password or other secret — every instance on the bus (and Redis or
 * PostgreSQL itself) sees it.
 */
export type BroadcastMessage = Readonly<Record<string, string | number | boolean | null>>;

/** Called with each message of a channel, on every instance (the publishing one included). */
export type BroadcastHandler = (message: BroadcastMessage) => void;

/** The transports a {@link Broadcast} runs over. */
export type BroadcastTransport = 'in-process' | 'redis' | 'postgres';

/**
 * Fire-and-forget signals between the server instances sharing one database: what one instance
 * changed and the others must hear of at once (an identity to forget, a cancelled call, queued
 * work). Delivery is at most once: a message sent while the transport is down is lost, which is
 * why every user of it keeps a backstop (a cache lifetime, a slow poll) and may listen for
 * {@link Broadcast.onResume} to resynchronise.
 */
export interface Broadcast {
  readonly transport: BroadcastTransport;
  /**
   * Sends `message` to the subscribers of `channel` on every instance, this one included.
   * Rejects when the transport is down (the caller logs it: the backstop covers the loss).
   */
  publish(channel: string, message: BroadcastMessage): Promise<void>;
  /** Calls `handler` for each message of `channel`; returns the unsubscribe. */
  subscribe(channel: string, handler: BroadcastHandler): () => void;
  /** False while messages of other instances may be missed (the connection is down). */
  isLive(): boolean;
  /** Calls `listener` each time the transport is back after an outage; returns the unsubscribe. */
  onResume(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The largest encoded message (PostgreSQL's NOTIFY payload ends under 8000 bytes). */
export const BROADCAST_MESSAGE_MAX_BYTES = 4000;

const CHANNEL_NAME = /^[a-z][a-z0-9.-]{0,62}$/;

/** The envelope every transport carries: the channel and the message. */
interface Envelope {
  c: string;
  m: BroadcastMessage;
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isMessage(value: unknown): value is BroadcastMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(isScalar)
  );
}

/**
 * The wire form of `message` on `channel`; throws on a bad channel name, a nested or oversized
 * message (a bug of the caller, never user input).
 *
 * @example
 * encodeBroadcast('jobs.export', { jobId: 'j1' }); // '{"c":"jobs.export","m":{"jobId":"j1"}}'
 */
export function encodeBroadcast(channel: string, message: BroadcastMessage): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a broadcast channel name: ${channel}`);
  if (!isMessage(message)) throw new Error('A broadcast message is a flat object of scalars.');
  const wire = JSON.stringify({ c: channel, m: message } satisfies Envelope);
  if (Buffer.byteLength(wire) > BROADCAST_MESSAGE_MAX_BYTES)
    throw new Error(`A broadcast message is at most ${BROADCAST_MESSAGE_MAX_BYTES} bytes.`);
  return wire;
}

/**
 * Reads a wire form back; undefined for anything that is not one (never throws: the bus may
 * carry a newer instance's messages or garbage).
 *
 * @example
 * decodeBroadcast(encodeBroadcast('a', { id: 1 })); // { channel: 'a', message: { id: 1 } }
 */
export function decodeBroadcast(wire: string): { channel: string; message: BroadcastMessage } | undefined {
  try {
    const parsed: unknown = JSON.parse(wire);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { c, m } = parsed as Partial<Envelope>;
    if (typeof c !== 'string' || !isMessage(m)) return undefined;
    return { channel: c, message: m };
  } catch {
    return undefined;
  }
}
