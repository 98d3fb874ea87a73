// Starts the built shop server exactly as `npm start` does and checks that every local edition
// host answers with its edition and shop mode. Prints a closing "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';

const hosts = [
  ['localhost', 'de', 'default'],
  ['de.localhost', 'de', 'default'],
  ['at.localhost', 'at', 'default'],
  ['es.localhost', 'es', 'default'],
  ['fr.localhost', 'fr', 'default'],
  ['it.localhost', 'it', 'default'],
  ['b2b.localhost', 'de', 'b2bWidget'],
  ['agan.localhost', 'de', 'agan'],
  ['aganwidget.localhost', 'de', 'aganwidget'],
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function get(port, host, path) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

const port = await freePort();
const server = spawn(process.execPath, ['host-shop/dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exited = false;
server.on('exit', () => (exited = true));

const deadline = Date.now() + 20_000;
for (;;) {
  try {
    await get(port, 'localhost', '/');
    break;
  } catch (error) {
    if (exited || Date.now() > deadline) {
      console.error('server did not start:', error.message);
      server.kill();
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let passed = 0;
let failed = 0;
for (const [host, edition, mode] of hosts) {
  const { status, body } = await get(port, host, '/');
  const ok =
    status === 200 &&
    body.includes(`data-edition="${edition}"`) &&
    body.includes(`data-shop-mode="${mode}"`);
  if (ok) passed += 1;
  else failed += 1;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} http://${host}:${port}/ → ${status} edition=${edition} mode=${mode}`,
  );
}
const missing = await get(port, 'localhost', '/no-such-page');
if (missing.status === 404) passed += 1;
else failed += 1;
console.log(`${missing.status === 404 ? 'ok  ' : 'FAIL'} unknown path → ${missing.status}`);

server.kill('SIGTERM');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
