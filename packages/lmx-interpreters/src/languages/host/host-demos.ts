import type { BundledDemo } from '../../demos/bundled-demo.js';

/**
 * The bundled demos of the host modes, served beside `BUNDLED_DEMOS`. They run only for an admin with `SVC_LMX_HOST_MODES`
 * set (`lmnet` also needs `127.0.0.1` on `SVC_LMX_NET_ALLOWED_HOSTS`, `lmk` and `lmd` an X display).
 *
 * @example
 * HOST_DEMOS.map((demo) => demo.mode); // ['lms', 'lmk', 'lmd', 'lmnet', 'lmt']
 */
export const HOST_DEMOS: readonly BundledDemo[] = [
  {
    id: 'lms-system',
    mode: 'lms',
    title: 'What machine is this?',
    description: 'Runs two commands without a shell and branches on an exit code.',
    source: [
      'RUN "uname -s"',
      'RUN "sh -c \'exit 3\'" -> check',
      'if check.exitCode != 0',
      '  print "the check failed with", check.exitCode',
      'end',
    ].join('\n'),
  },
  {
    id: 'lmk-type',
    mode: 'lmk',
    title: 'Type into the focused window',
    description: 'Types a line and presses Return in whatever window has the focus.',
    source: ['TYPE "hello from lmk"', 'KEY Return'].join('\n'),
  },
  {
    id: 'lmd-windows',
    mode: 'lmd',
    title: 'List the windows and take a screenshot',
    description: 'Lists the visible windows of the X display and captures it as a PNG in the run directory.',
    source: ['WINDOWS -> list', 'print len(list), "windows"', 'SCREENSHOT "desk.png"'].join('\n'),
  },
  {
    id: 'lmnet-health',
    mode: 'lmnet',
    title: 'Check a service',
    description: "Asks this server's health route and probes its port (127.0.0.1 must be allow-listed).",
    source: [
      'GET "{{input.base}}/healthz" -> health',
      'print health.status',
      'PORT "127.0.0.1" input.port',
    ].join('\n'),
    input: { base: 'http://127.0.0.1:3000', port: 3000 },
  },
  {
    id: 'lmt-every',
    mode: 'lmt',
    title: 'A small timer',
    description: 'Waits, then ticks three times 100 ms apart, all inside the run time bound.',
    source: [
      'AFTER 50ms DO print "started" END',
      'EVERY 100ms TIMES 3 DO print "tick", tick END',
      'print elapsed() >= 350',
    ].join('\n'),
  },
];
