import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTradeApiConfig } from './trade-api-config.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tradein-trust-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const read = (trustProxy: string | undefined) =>
  readTradeApiConfig({ DATA_DIR: dataDir, TRUST_PROXY: trustProxy }).trustProxy;

describe('TRUST_PROXY', () => {
  it.each([undefined, '', '  '])('trusts no proxy when unset or empty (%j)', (value) => {
    expect(read(value)).toBe(false);
  });

  it('reads a hop count', () => {
    expect(read('1')).toBe(1);
    expect(read(' 2 ')).toBe(2);
  });

  it('reads addresses and CIDR ranges of both IP versions, and named ranges', () => {
    expect(read('10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8,loopback,uniquelocal')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
      'uniquelocal',
    ]);
  });

  it.each([
    ['true', '"true"'],
    ['*', '"\\*"'],
    ['proxy.internal', '"proxy.internal"'],
    ['10.0.0.5,,10.0.0.6', 'an empty entry'],
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['10.0.0.256', '"10.0.0.256"'],
    ['1.5', '"1.5"'],
    ['-1', '"-1"'],
  ])('refuses %j at start, naming the variable and the wrong entry', (value, named) => {
    expect(() => read(value)).toThrow(
      new RegExp(
        `Invalid trade API configuration:\\n- TRUST_PROXY: must be a number of proxy hops .*not an address or range: ${named}`,
      ),
    );
  });

  it.each(['0', '11', '99999'])('refuses the hop count %s', (value) => {
    expect(() => read(value)).toThrow(/- TRUST_PROXY: must be a number of proxy hops \(1 to 10\)/);
  });
});

describe('fastifyTrustProxy', () => {
  it('passes no trust and lists as they are', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.5'])).toEqual(['10.0.0.5']);
  });

  it('turns a hop count into trust of that many nearest addresses', () => {
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a function');
    expect([0, 1, 2, 3].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false, false]);
  });
});
