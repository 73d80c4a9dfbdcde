// A minimal SSE client on raw node:http with a keep-alive Agent (one socket): the least client
// work between the request and the first bytes, so the time measured is mostly the server's.
import http from 'node:http';

/** One keep-alive connection per target, reused by every request. */
export function createConnection() {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

/**
 * POSTs `body` (an object, sent as JSON) to `url` and reads the event stream to its end. Resolves
 * with milliseconds from sending the request to the response headers, to the first `event: start` bytes, to the first
 * `event: done` bytes and to the end of the response; rejects on a non-200 status or an
 * `event: error`.
 */
export function timeStream({ agent, url, headers = {}, body }) {
  const payload = JSON.stringify(body);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    let headersMs;
    let startMs;
    let doneMs;
    const started = performance.now();
    const request = http.request(
      {
        agent,
        method: 'POST',
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: {
          ...headers,
          accept: 'text/event-stream',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        headersMs = performance.now() - started;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const now = performance.now();
          text += chunk;
          if (startMs === undefined && text.includes('event: start\n')) startMs = now - started;
          if (doneMs === undefined && text.includes('event: done\n')) doneMs = now - started;
        });
        response.on('end', () => {
          const endMs = performance.now() - started;
          if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}: ${text}`));
          if (text.includes('event: error\n'))
            return reject(new Error(`the run failed: ${text.slice(-500)}`));
          if (startMs === undefined || doneMs === undefined) {
            return reject(new Error(`stream ended without start and done: ${text.slice(0, 500)}`));
          }
          resolve({ headersMs, startMs, doneMs, endMs, bytes: Buffer.byteLength(text) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
