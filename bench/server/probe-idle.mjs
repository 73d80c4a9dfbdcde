// The probes' control: /healthz latency and RSS of an idle probe server over `--seconds` (10),
// on this machine as loaded as it is now, to read the other probes' figures against.
import { startProbeServer, startSampling } from './probe-support.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const server = await startProbeServer();
try {
  const sampling = startSampling(server);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  console.log(JSON.stringify({ idleSeconds: seconds, ...(await sampling.stop()) }));
} finally {
  await server.stop();
}
