import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../../../scripts/built-server.mjs';

/*
 * SIGTERM stops a node gracefully (docs/deployment.md): it takes no new connection, answers the
 * request in flight, and exits 0. Both production bundles: the shop server and the API node.
 */

/** One request over a raw socket whose body comes in two halves, so it is in flight between them. */
function halfSentRequest(port: number) {
  const body = JSON.stringify({
    edition: 'de',
    subject: 'other',
    name: 'Max Muster',
    email: 'max@example.org',
    message: 'Eine Frage zu meinem Handel',
  });
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  const half = Math.floor(body.length / 2);
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async sendFirstHalf() {
      await opened;
      socket.write(
        `POST /api/contact/messages HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    },
    sendRest() {
      socket.write(body.slice(half));
    },
    closed,
  };
}

/** Whether a new connection to `port` is refused. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe.each(['api', 'shop'] as const)('the %s bundle on SIGTERM', (bundle) => {
  it('answers the request in flight, takes no new connection, and exits 0', async () => {
    const server = await startBuiltServer({
      bundle,
      dataDirPrefix: 'tradein-graceful-',
      env: { LOG_LEVEL: 'info' },
    });
    try {
      const arrived = new Promise<void>((resolve) => {
        server.child.stdout?.on('data', (chunk: Buffer | string) => {
          const text = String(chunk);
          if (text.includes('incoming request') && text.includes('/api/contact/messages'))
            resolve();
        });
      });
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      const request = halfSentRequest(server.port);
      await request.sendFirstHalf();
      // The server has read the request's head: the request is in flight.
      await arrived;
      server.child.kill('SIGTERM');
      // Closing stops the listener at once; the half-sent request keeps its connection.
      const deadline = Date.now() + 5000;
      while (!(await refusesConnections(server.port)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await refusesConnections(server.port)).toBe(true);
      expect(server.child.exitCode).toBeNull();
      request.sendRest();
      const answer = await request.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('"ok":true');
      expect(await exited).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
