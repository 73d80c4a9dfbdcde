/** The one error shape's `error` member: `{ error: { code, message, details? } }` on every surface. */
export interface ErrorPayload {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}
