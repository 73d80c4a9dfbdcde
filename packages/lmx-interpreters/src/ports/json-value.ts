/**
 * JSON data as it crosses the run's edge: what bridges take and answer, and a run's `value`.
 * It lives with the ports (the lowest floor) so they never import the interpreter's core.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
