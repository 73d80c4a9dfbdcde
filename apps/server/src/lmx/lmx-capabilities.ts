import type { RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import {
  BridgeError,
  type HostBridge,
  LANGUAGE_CATALOGUE,
  type RunResult,
  type ScriptBridges,
  type ScriptRunner,
} from '@svc/lmx-interpreters';
import {
  type Capability,
  type CapabilitySurface,
  defineCapability,
} from '../capabilities/capability-types.js';
import type { HostModesConfig } from '../config/host-modes-config.js';
import type { ScriptBridgeFactory } from './bridges/script-bridge-factory.js';
import { type HostSession, openHostSession } from './host/host-session.js';

/** What the script engine's capabilities run on. */
export interface LmxCapabilityOptions {
  runner: ScriptRunner;
  /** The wall-clock bound of one run (`SVC_LMX_TIME_MS`). */
  timeMs: number;
  /** Runs one user may have in flight (`SVC_LMX_USER_CONCURRENCY`). */
  userConcurrency: number;
  /** Runs per minute per user (`SVC_LMX_RUNS_PER_MINUTE`). */
  runsPerMinute: number;
  hostModes: HostModesConfig;
  /** The server's environment, read only for the names `SVC_LMX_SHELL_ENV` allows. */
  environment: Readonly<Record<string, string | undefined>>;
  /** Makes the `tools`, `install`, `db`, `ai` and `adapters` bridges of one run for its user; absent, those modes refuse. */
  bridges?: ScriptBridgeFactory;
}

interface RunArgs {
  mode: string;
  source: string;
  input?: unknown;
}

/**
 * Surfaces whose runs get no `tools`/`install`/`db`/`ai`/`adapters` bridges: the `lmx`
 * adapter (the adapter route, as the seed fixes) and a script calling `lmx.run` from inside a
 * script (`adapter()`, `USE`), so runs never nest bridges or escape a run's budgets.
 */
export const BRIDGELESS_SURFACES: ReadonlySet<CapabilitySurface> = new Set(['adapter-route', 'lmx', 'lma']);

const HOST_MODES = new Set(
  LANGUAGE_CATALOGUE.filter((entry) => entry.hostMode).map((entry) => entry.id as string),
);

/**
 * Why `user` may not run host modes here, or undefined when they may: host modes need an
 * admin **and** `SVC_LMX_HOST_MODES`, and the answer names whichever is missing.
 *
 * @example
 * hostModeRefusal(member, config); // 'host modes need an admin (you are not one)'
 */
export function hostModeRefusal(user: RequestUser | null, hostModes: HostModesConfig): string | undefined {
  const admin = user?.roles.includes('admin') ?? false;
  const missing = [
    ...(admin ? [] : ['an admin caller']),
    ...(hostModes.enabled ? [] : ['SVC_LMX_HOST_MODES=1 on the server']),
  ];
  return missing.length === 0 ? undefined : `host modes need ${missing.join(' and ')}`;
}

/**
 * The host bridge of one run over its host session: failures reach the script with their
 * message; a host or port off the network allow-list is the typed refusal `E_FORBIDDEN`.
 */
function toHostBridge(session: HostSession): HostBridge {
  const relay = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'E_HOST_NET_FORBIDDEN') throw new BridgeError((error as Error).message, 'E_FORBIDDEN');
      throw new BridgeError(`${code ? `${code}: ` : ''}${(error as Error).message}`);
    }
  };
  // Actions that answer nothing answer null to the script.
  const relayDone = async (work: () => Promise<void>): Promise<null> => {
    await relay(work);
    return null;
  };
  return {
    run: ({ command }) => relay(() => session.run(command)),
    windows: () => relay(() => session.windows()),
    focus: ({ title }) => relay(() => session.focus(title)),
    screenshot: ({ name }) => relay(() => session.screenshot(name)),
    type: ({ text }) => relayDone(() => session.type(text)),
    key: ({ combo }) => relayDone(() => session.key(combo)),
    pointer: ({ x, y, button }) =>
      relayDone(() => (button === undefined ? session.move(x, y) : session.click(x, y, button))),
    http: ({ method, url, body, contentType }) =>
      relay(() => (method === 'POST' ? session.post(url, body ?? '', contentType) : session.get(url))),
    dns: ({ host }) => relay(() => session.dns(host)),
    port: ({ host, port }) => relay(() => session.port(host, port)),
  };
}

/**
 * The script engine's capability `lmx.run`: one script in one of the sixteen modes, in the
 * sandboxed worker pool, bounded by `timeMs`. Host modes run only for an admin with host modes
 * enabled (`GATE_FORBIDDEN` naming what is missing); their host actions are appended to the
 * result's `trace`. A script's own failure is a result (`ok: false`), not an error.
 *
 * @example
 * for (const capability of createLmxCapabilities({ runner, timeMs: 5000, hostModes, environment: process.env })) registry.register(capability);
 */
export function createLmxCapabilities(options: LmxCapabilityOptions): Capability[] {
  return [
    defineCapability<RunArgs, RunResult>({
      id: 'lmx.run',
      plane: 'adapter',
      title: 'Run a script',
      description:
        'Runs a script in one of the sixteen small languages (lmx, lmy, lmm, lmc, lmz, lmn, lmg, lma, lmi, lmq, lmai, …) in a sandboxed, time-bounded worker, with bridges acting as the caller. Answers { ok, mode, output, value?, error?, usage?, trace?, durationMs }.',
      input: {
        type: 'object',
        required: ['mode', 'source'],
        additionalProperties: false,
        properties: {
          mode: {
            type: 'string',
            enum: LANGUAGE_CATALOGUE.map((entry) => entry.id),
            description: 'The language id.',
          },
          source: { type: 'string', maxLength: 200_000, description: 'The script text.' },
          input: { description: 'Any JSON value, readable by the script as `input`.' },
        },
      },
      policy: {
        access: 'account',
        meter: 'tool:lmx.run',
        rateLimit: { max: options.runsPerMinute, windowMs: 60_000, per: 'user' },
        concurrency: { perUser: options.userConcurrency },
      },
      timeoutMs: options.timeMs + 5000,
      async run(args, context) {
        let session: HostSession | undefined;
        // Made per run for this caller, never cached: the bridges act as the requesting user.
        const perRun =
          options.bridges && context.user && !BRIDGELESS_SURFACES.has(context.surface)
            ? options.bridges(context.user)
            : undefined;
        const bridges: ScriptBridges = { ...perRun?.bridges };
        if (HOST_MODES.has(args.mode)) {
          const refusal = hostModeRefusal(context.user, options.hostModes);
          if (refusal) {
            throw new GateError('GATE_FORBIDDEN', `${args.mode} is a host mode: ${refusal}.`, {
              details: { scriptCode: 'E_FORBIDDEN', mode: args.mode },
            });
          }
          session = await openHostSession({
            user: { id: (context.user as RequestUser).id },
            mode: args.mode,
            config: options.hostModes,
            log: context.log,
            environment: options.environment,
            deadline: Date.now() + options.timeMs,
          });
          bridges.host = toHostBridge(session);
        }
        try {
          const result = await options.runner.run({
            mode: args.mode,
            source: args.source,
            ...(args.input === undefined ? {} : { input: args.input }),
            limits: { timeMs: options.timeMs },
            bridges,
            // A use that timed out or whose caller left is dropped from the runner's line, or
            // its worker terminated, so its concurrency slot is free at once.
            signal: context.signal,
          });
          const report = perRun?.report();
          const trace = [
            ...(result.trace ?? []),
            ...(report?.trace ?? []),
            ...(session?.trace().map((entry) => ({ ...entry })) ?? []),
          ];
          return {
            ...result,
            ...(trace.length > 0 ? { trace } : {}),
            ...(report?.usage ? { usage: report.usage } : {}),
          };
        } finally {
          await session?.close();
        }
      },
    }),
  ];
}
