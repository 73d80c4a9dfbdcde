import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAllowed, isHostAllowed, NetAccessError, probePort, resolveAllowed } from './net-access.js';

let server: Server;
let port: number;
const bounds = { timeoutMs: 3000, maxBytes: 64 * 1024, maxRedirects: 3 };

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const redirect = (location: string): void => void response.writeHead(302, { location }).end();
    switch (url.pathname) {
      case '/hello':
        response.end('hello');
        break;
      case '/echo': {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => response.end(JSON.stringify({ method: request.method, body })));
        break;
      }
      case '/big':
        response.end('x'.repeat(200_000));
        break;
      case '/loop':
        redirect('/loop');
        break;
      case '/hop':
        redirect('/hello');
        break;
      case '/away':
        redirect('http://localhost:1/secret');
        break;
      case '/slow':
        setTimeout(() => response.end('late'), 2000);
        break;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const allow = { entries: ['127.0.0.1'] };

describe('network access from scripts', () => {
  it('reads an allowed host and sends a POST body', async () => {
    const hello = await fetchAllowed(allow, { method: 'GET', url: `http://127.0.0.1:${port}/hello` }, bounds);
    expect(hello).toMatchObject({ status: 200, body: 'hello', truncated: false, redirects: 0 });
    const echo = await fetchAllowed(
      allow,
      { method: 'POST', url: `http://127.0.0.1:${port}/echo`, body: '{"a":1}' },
      bounds,
    );
    expect(JSON.parse(echo.body)).toEqual({ method: 'POST', body: '{"a":1}' });
  });

  it('refuses hosts off the allow-list, also when a redirect points there', async () => {
    await expect(
      fetchAllowed({ entries: [] }, { method: 'GET', url: `http://127.0.0.1:${port}/hello` }, bounds),
    ).rejects.toMatchObject({
      code: 'E_HOST_NET_FORBIDDEN',
    });
    await expect(
      fetchAllowed(allow, { method: 'GET', url: `http://127.0.0.1:${port}/away` }, bounds),
    ).rejects.toThrow(/localhost:1 is not on the network allow-list/);
  });

  it('follows a bounded number of redirects', async () => {
    const hop = await fetchAllowed(allow, { method: 'GET', url: `http://127.0.0.1:${port}/hop` }, bounds);
    expect(hop).toMatchObject({ status: 200, body: 'hello', redirects: 1 });
    await expect(
      fetchAllowed(allow, { method: 'GET', url: `http://127.0.0.1:${port}/loop` }, bounds),
    ).rejects.toThrow(/More than 3 redirects/);
  });

  it('caps the size and the time of an answer', async () => {
    const big = await fetchAllowed(
      allow,
      { method: 'GET', url: `http://127.0.0.1:${port}/big` },
      { ...bounds, maxBytes: 1000 },
    );
    expect(big.truncated).toBe(true);
    expect(big.body).toHaveLength(1000);
    await expect(
      fetchAllowed(
        allow,
        { method: 'GET', url: `http://127.0.0.1:${port}/slow` },
        { ...bounds, timeoutMs: 200 },
      ),
    ).rejects.toThrow(/did not answer within 200 ms/);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    await expect(fetchAllowed(allow, { method: 'GET', url: 'file:///etc/passwd' }, bounds)).rejects.toThrow(
      /Only http/,
    );
    await expect(
      fetchAllowed(allow, { method: 'GET', url: `http://u:p@127.0.0.1:${port}/` }, bounds),
    ).rejects.toThrow(/credentials/);
    await expect(fetchAllowed(allow, { method: 'GET', url: 'not a url' }, bounds)).rejects.toBeInstanceOf(
      NetAccessError,
    );
  });

  it('resolves and probes only allowed hosts', async () => {
    expect(await resolveAllowed({ entries: ['localhost'] }, 'localhost')).toContain('127.0.0.1');
    await expect(resolveAllowed(allow, 'localhost')).rejects.toMatchObject({ code: 'E_HOST_NET_FORBIDDEN' });
    expect(await probePort(allow, '127.0.0.1', port, 1000)).toBe('open');
    server.close(); // keeps existing sockets; the port stops accepting
    expect(await probePort(allow, '127.0.0.1', port, 1000)).toBe('closed');
    await expect(probePort(allow, '127.0.0.1', 70_000, 1000)).rejects.toThrow(/not a port/);
  });

  it('matches allow-list entries with and without ports', () => {
    expect(isHostAllowed({ entries: ['127.0.0.1:8080'] }, '127.0.0.1', 8080)).toBe(true);
    expect(isHostAllowed({ entries: ['127.0.0.1:8080'] }, '127.0.0.1', 8081)).toBe(false);
    expect(isHostAllowed({ entries: ['[::1]:3000'] }, '[::1]', 3000)).toBe(true);
    expect(isHostAllowed({ entries: ['API.example.com'] }, 'api.example.com.', 443)).toBe(true);
  });
});
