import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startBuiltServer } from '../../../scripts/built-server.mjs';

/** The production bundles `npm start` and `npm run start:api` run (`npm run build` writes them). */
const bundles = {
  shop: fileURLToPath(new URL('../../dist/server/main.js', import.meta.url)),
  api: fileURLToPath(new URL('../../../packages/trade-api/dist/api/api-node.js', import.meta.url)),
} as const;

/** The complete file the test setups give every production start. */
const completeFile = fileURLToPath(
  new URL('../../../scripts/legal-details.test.json', import.meta.url),
);

const folder = mkdtempSync(join(tmpdir(), 'tradein-legal-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The complete file without one field of one edition. */
function fileWithout(edition: string, field: string): string {
  const file = JSON.parse(readFileSync(completeFile, 'utf8')) as Record<
    string,
    { imprint: Record<string, unknown> }
  >;
  delete file[edition]?.imprint[field];
  const path = join(folder, `without-${edition}-${field}.json`);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

/** Starts a bundle in production mode and waits for it to exit; its exit code and stderr. */
async function failedStart(
  bundle: keyof typeof bundles,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bundles[bundle]], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, `data-${bundle}`),
      LOG_LEVEL: 'warn',
      LEGAL_DETAILS_FILE: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, stderr };
}

describe.each(['shop', 'api'] as const)('a production start of the %s bundle', (bundle) => {
  it('refuses the development placeholders, naming edition and field', async () => {
    const { code, stderr } = await failedStart(bundle, {});
    expect(code).toBe(1);
    expect(stderr).toContain('refusing a production start with placeholder legal details');
    expect(stderr).toContain('edition de: imprint.registerNumber is a placeholder');
    expect(stderr).toContain('edition it: contact.hours is a placeholder');
  }, 30_000);

  it('refuses a file that leaves one field a placeholder, naming just that one', async () => {
    const { code, stderr } = await failedStart(bundle, {
      LEGAL_DETAILS_FILE: fileWithout('fr', 'vatId'),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('- edition fr: imprint.vatId is a placeholder\n');
    expect(stderr).not.toContain('registerNumber');
  }, 30_000);

  it('refuses a wrong value in the file, naming the file and the field', async () => {
    const path = join(folder, `wrong-phone-${bundle}.json`);
    writeFileSync(path, JSON.stringify({ es: { contact: { phone: '91 123 45 67' } } }));
    const { code, stderr } = await failedStart(bundle, { LEGAL_DETAILS_FILE: path });
    expect(code).toBe(1);
    expect(stderr).toContain(`invalid legal details file ${path}:`);
    expect(stderr).toContain('- es.contact.phone: must be an international number');
  }, 30_000);

  it('starts with a complete file', async () => {
    const server = await startBuiltServer({
      bundle,
      env: { LEGAL_DETAILS_FILE: completeFile },
      dataDirPrefix: 'tradein-legal-start-',
      readLogs: false,
    });
    try {
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
