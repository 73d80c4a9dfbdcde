import { COLLECTION_NAME_PATTERN } from '@svc/gate';
import { CronExpressionParser } from 'cron-parser';
import { SERVER_EVENT_NAMES, type ServerEventName } from '../events/server-events.js';

/** The collection users store automations in (through `/db/automations`). */
export const AUTOMATION_COLLECTION = 'automations';
/** Most steps one automation may have. */
export const MAX_STEPS = 20;
/**
 * Most automations one user may keep (a create past it is 413 `GATE_QUOTA_EXCEEDED`): every
 * automation is a row the scheduler and the event triggers index, so one account cannot fill them.
 */
export const MAX_AUTOMATIONS_PER_USER = 100;

/** What starts an automation. */
export type AutomationTrigger =
  | { type: 'manual' }
  /** A five-field cron expression (minute hour day-of-month month day-of-week), in UTC. */
  | { type: 'schedule'; cron: string }
  /** `collection` limits a `gate.document.deleted` trigger to deletions in that collection. */
  | { type: 'event'; event: ServerEventName; collection?: string };

/** One step: a capability (by id or MCP name, e.g. `dream`) and its arguments. */
export interface AutomationStep {
  action: string;
  args: Record<string, unknown>;
}

/** An automation that passed {@link readAutomation}. */
export interface Automation {
  id: string;
  owner: string;
  name: string;
  trigger: AutomationTrigger;
  steps: AutomationStep[];
}

/** The answer of {@link readAutomation}. */
export type AutomationReading = { ok: true; automation: Automation } | { ok: false; problems: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of a cron expression, or none: five fields (no seconds), parsed by cron-parser. */
export function checkCron(cron: unknown): string[] {
  if (typeof cron !== 'string' || cron.trim().split(/\s+/).length !== 5)
    return ['trigger.cron must be a five-field cron expression, e.g. "*/15 * * * *".'];
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC' });
    return [];
  } catch (error) {
    return [`trigger.cron is not valid: ${(error as Error).message}`];
  }
}

function readTrigger(trigger: unknown, problems: string[]): AutomationTrigger | undefined {
  if (!isRecord(trigger)) {
    problems.push(
      'trigger must be { type: "manual" }, { type: "schedule", cron } or { type: "event", event }.',
    );
    return undefined;
  }
  switch (trigger.type) {
    case 'manual':
      return { type: 'manual' };
    case 'schedule': {
      const cronProblems = checkCron(trigger.cron);
      problems.push(...cronProblems);
      return cronProblems.length === 0 ? { type: 'schedule', cron: trigger.cron as string } : undefined;
    }
    case 'event':
      return readEventTrigger(trigger, problems);
    default:
      problems.push('trigger.type must be manual, schedule or event.');
      return undefined;
  }
}

function readEventTrigger(
  trigger: Record<string, unknown>,
  problems: string[],
): AutomationTrigger | undefined {
  const { event, collection } = trigger;
  if (typeof event !== 'string' || !(SERVER_EVENT_NAMES as readonly string[]).includes(event)) {
    problems.push(`trigger.event must be one of ${SERVER_EVENT_NAMES.join(', ')}.`);
    return undefined;
  }
  if (collection === undefined) return { type: 'event', event: event as ServerEventName };
  if (event !== 'gate.document.deleted') {
    problems.push('trigger.collection applies only to the event gate.document.deleted.');
    return undefined;
  }
  if (typeof collection !== 'string' || !COLLECTION_NAME_PATTERN.test(collection)) {
    problems.push('trigger.collection must be a collection name, e.g. "notes".');
    return undefined;
  }
  return { type: 'event', event, collection };
}

function readSteps(steps: unknown, problems: string[]): AutomationStep[] {
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_STEPS) {
    problems.push(`steps must be a list of 1 to ${MAX_STEPS} { action, args }.`);
    return [];
  }
  return steps.flatMap((step, index) => {
    if (!isRecord(step) || typeof step.action !== 'string' || !/^[A-Za-z0-9_.-]{1,200}$/.test(step.action)) {
      problems.push(
        `steps[${index}].action must name a capability (an id like dreamer.dream or a name like dream).`,
      );
      return [];
    }
    if (step.args !== undefined && !isRecord(step.args)) {
      problems.push(`steps[${index}].args must be an object.`);
      return [];
    }
    return [{ action: step.action, args: (step.args as Record<string, unknown> | undefined) ?? {} }];
  });
}

/**
 * Checks a stored `automations` document: `{ name, trigger, steps: [{ action, args }] }`.
 * Problems are data; whether each action exists for the owner is decided when a step runs.
 *
 * @example
 * readAutomation({ id, owner, body: { name: 'nightly', trigger: { type: 'schedule', cron: '0 3 * * *' }, steps: [{ action: 'dream', args: { topic: 'tea' } }] } });
 */
export function readAutomation(input: { id: string; owner: string; body: unknown }): AutomationReading {
  const problems: string[] = [];
  const body = isRecord(input.body) ? input.body : {};
  const name = body.name;
  if (typeof name !== 'string' || name.length === 0 || name.length > 200)
    problems.push('name must be a text of 1 to 200 characters.');
  const trigger = readTrigger(body.trigger, problems);
  const steps = readSteps(body.steps, problems);
  if (problems.length > 0 || trigger === undefined) return { ok: false, problems };
  return { ok: true, automation: { id: input.id, owner: input.owner, name: name as string, trigger, steps } };
}
