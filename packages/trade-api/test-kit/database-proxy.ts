import { createServer, connect, type Server, type Socket } from 'node:net';
import { createDatabase, requestTimeouts } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import type { TestDatabase } from './test-databases.ts';

/*
 * A TCP proxy between the trade API and its PostgreSQL server that a test can break the way
 * production breaks: `stall()` holds every byte in both directions (a stopped or overloaded
 * server, a hung network), `refuse()` drops every connection and refuses new ones (a database
 * restarting), `restore()` brings it back. The database behind it keeps running for other tests.
 */

/** A proxy in front of one database. */
export interface DatabaseProxy {
  /** The database URL through the proxy. */
  readonly url: string;
  stall(): void;
  refuse(): Promise<void>;
  restore(): Promise<void>;
  /** Connections open through the proxy now. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a proxy to the database of `databaseUrl`, listening on a free loopback port. */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  let stalled = false;
  type Pair = { client: Socket; upstream: Socket };
  const pairs = new Set<Pair>();
  const link = ({ client, upstream }: Pair) => {
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
    upstream.resume();
  };
  // Unpiped and paused, bytes stay in the sockets' buffers and nothing reaches the other side.
  const hold = ({ client, upstream }: Pair) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };

  const onConnection = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    if (stalled) hold(pair);
    else link(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    });

  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    stall() {
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    async refuse() {
      await stopListening();
    },
    async restore() {
      if (!server.listening) {
        server = createServer(onConnection);
        await listen(port);
      }
      if (stalled) {
        stalled = false;
        for (const pair of pairs) link(pair);
      }
    },
    connections: () => pairs.size,
    close: stopListening,
  };
}

/**
 * A fresh migrated database on `engine` (PostgreSQL), and a serving handle that reaches it
 * through a breakable proxy with the serving timeouts; `base` reaches it directly.
 */
export async function databaseBehindProxy(
  engine: TestDatabase,
  handle: { postgresPoolSize?: number; log?: (message: string) => void } = {},
) {
  const base = await engine.create();
  await migrateToLatest(base);
  const url = engine.settings(base)['DATABASE_URL'];
  if (url === undefined) throw new Error('the test database has no URL');
  const proxy = await startDatabaseProxy(url);
  const db = createDatabase({
    databaseUrl: proxy.url,
    sqliteFile: ':memory:',
    timeouts: requestTimeouts,
    ...handle,
  });
  return {
    base,
    proxy,
    db,
    async close() {
      await db.destroy();
      await proxy.close();
      await engine.destroy(base);
    },
  };
}
