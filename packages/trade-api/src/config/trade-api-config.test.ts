import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTradeApiConfig } from './trade-api-config.ts';

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tradein-config-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('readTradeApiConfig', () => {
  it('defaults to SQLite in the data folder and the shop origin', () => {
    const folder = dataDir();
    const config = readTradeApiConfig({ DATA_DIR: folder });
    expect(config).toMatchObject({
      environment: 'development',
      databaseUrl: undefined,
      dataDir: folder,
      sqliteFile: join(folder, 'trade.sqlite'),
      smtpUrl: undefined,
      corsOrigins: [],
      publicOrigin: 'http://localhost:8080',
      bodyLimitBytes: 65_536,
      port: 8080,
    });
  });

  it('generates a JWT secret once, keeps it private, and reads it back on the next start', () => {
    const folder = dataDir();
    const first = readTradeApiConfig({ DATA_DIR: folder });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(folder, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(join(folder, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readTradeApiConfig({ DATA_DIR: folder }).jwtSecret).toBe(first.jwtSecret);
    expect(readTradeApiConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('uses JWT_SECRET when set and writes no file', () => {
    const folder = dataDir();
    const secret = 's'.repeat(40);
    expect(readTradeApiConfig({ DATA_DIR: folder, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(existsSync(join(folder, 'jwt-secret'))).toBe(false);
  });

  it('refuses a stored secret that is too short', () => {
    const folder = dataDir();
    writeFileSync(join(folder, 'jwt-secret'), 'short\n');
    expect(() => readTradeApiConfig({ DATA_DIR: folder })).toThrow(
      /jwt-secret: must hold at least 32/,
    );
  });

  it('reads PostgreSQL, SMTP, origins and the port', () => {
    const config = readTradeApiConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://trade:pw@db.internal:5432/trade',
      SMTP_URL: 'smtp://mail.internal:25',
      CORS_ORIGINS: ' https://partner.example , https://agan.example:8443 ,',
      PUBLIC_ORIGIN: 'https://shop.example',
      PORT: '9000',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      environment: 'production',
      databaseUrl: 'postgres://trade:pw@db.internal:5432/trade',
      smtpUrl: 'smtp://mail.internal:25',
      corsOrigins: ['https://partner.example', 'https://agan.example:8443'],
      publicOrigin: 'https://shop.example',
      port: 9000,
      logLevel: 'info',
    });
  });

  it('treats empty variables as unset', () => {
    const config = readTradeApiConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('lists every wrong value at once', () => {
    let message = '';
    try {
      readTradeApiConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: 'mysql://nope',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://mail',
        CORS_ORIGINS: 'https://ok.example,https://bad.example/path',
        PUBLIC_ORIGIN: 'localhost:8080',
        PORT: 'eighty',
        NODE_ENV: 'staging',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message.split('\n')[0]).toBe('Invalid trade API configuration:');
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'SMTP_URL',
      'CORS_ORIGINS.1',
      'PUBLIC_ORIGIN',
      'PORT',
      'NODE_ENV',
    ]) {
      expect(message).toMatch(new RegExp(`^- ${name.replace('.', '\\.')}: `, 'm'));
    }
    expect(message).not.toContain('CORS_ORIGINS.0');
  });

  it('derives the shop of every edition and mode from PUBLIC_ORIGIN and its port', () => {
    const local = readTradeApiConfig({ DATA_DIR: dataDir(), PORT: '9100' }).shopOrigins;
    expect(local.de.default).toBe('http://localhost:9100');
    expect(local.fr.default).toBe('http://fr.localhost:9100');
    expect(local.de.b2bWidget).toBe('http://b2b.localhost:9100');
    const production = readTradeApiConfig({
      DATA_DIR: dataDir(),
      PUBLIC_ORIGIN: 'https://www.tradein.de',
    }).shopOrigins;
    expect(production.it.default).toBe('https://www.tradein.it');
    expect(production.de.aganwidget).toBe('https://widget.agan.de');
  });

  it('takes the shops SHOP_ORIGINS names and derives the others', () => {
    const { shopOrigins } = readTradeApiConfig({
      DATA_DIR: dataDir(),
      PUBLIC_ORIGIN: 'https://www.tradein.de',
      SHOP_ORIGINS:
        '{"fr":{"default":"https://vendre.example"},"de":{"b2bWidget":"https://b2b.example:8443"}}',
    });
    expect(shopOrigins.fr.default).toBe('https://vendre.example');
    expect(shopOrigins.de.b2bWidget).toBe('https://b2b.example:8443');
    expect(shopOrigins.de.default).toBe('https://www.tradein.de');
    expect(shopOrigins.es.default).toBe('https://www.tradein.es');
  });

  it.each([
    ['not json', /^- SHOP_ORIGINS: must be JSON/m],
    ['{"xx":{"default":"https://a.example"}}', /^- SHOP_ORIGINS/m],
    ['{"fr":{"shop":"https://a.example"}}', /^- SHOP_ORIGINS/m],
    [
      '{"fr":{"default":"https://a.example/path"}}',
      /^- SHOP_ORIGINS\.fr\.default: must be an origin/m,
    ],
  ])('refuses SHOP_ORIGINS %s', (value, message) => {
    expect(() => readTradeApiConfig({ DATA_DIR: dataDir(), SHOP_ORIGINS: value })).toThrow(message);
  });
});
