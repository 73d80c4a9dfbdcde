/** What the host passes to every bridge call. */
export interface BridgeCallOptions {
  /** Aborted when the run ends (result, time limit, crash): stop the work and let go. */
  signal: AbortSignal;
  /** Epoch ms by which the answer must arrive; the run's own deadline. */
  deadline: number;
}
