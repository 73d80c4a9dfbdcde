import { parentPort, workerData } from 'node:worker_threads';
import { executeScript } from '../execute-script.js';
import { boundRunResult } from './bound-result.js';
import type { RunMessage, WorkerMessage, WorkerSettings } from './protocol.js';
import { lowerThreadPriority } from './thread-priority.js';
import { createWorkerBridgeCaller } from './worker-bridge-caller.js';

// The sandbox thread: runs one script per message with the in-process interpreter; the
// host enforces wall-clock time (terminate) and memory (resourceLimits).
const port = parentPort;
if (port) {
  lowerThreadPriority((workerData as WorkerSettings | undefined)?.nice ?? 0);
  port.on('message', (message: RunMessage) => {
    if (message.type !== 'run') return;
    const bridges =
      message.bridgePort && message.signal
        ? createWorkerBridgeCaller({
            port: message.bridgePort,
            signal: message.signal,
            bridges: message.bridges,
            deadline: message.deadline,
          })
        : undefined;
    // Printed lines go to the host as the run goes, so they survive a terminated run.
    const onOutput = (lines: string[]): void => {
      const chunk: WorkerMessage = { type: 'output', id: message.id, lines };
      port.postMessage(chunk);
    };
    const result = executeScript(
      { mode: message.mode, source: message.source, input: message.input, limits: message.limits },
      bridges ? { bridges, onOutput } : { onOutput },
    );
    message.bridgePort?.close();
    // Output and value are bounded by the run's limits; messages are bounded here.
    const reply: WorkerMessage = { type: 'result', id: message.id, result: boundRunResult(result) };
    port.postMessage(reply);
  });
  const ready: WorkerMessage = { type: 'ready' };
  port.postMessage(ready);
}
