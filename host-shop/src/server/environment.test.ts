import { describe, expect, it } from 'vitest';
import { readEnvironment } from './environment.ts';

describe('readEnvironment', () => {
  it('defaults to port 8080 on localhost, trusting no proxy', () => {
    expect(readEnvironment({})).toEqual({ PORT: 8080, HOST: 'localhost', TRUST_PROXY: false });
  });

  it('reads PORT and HOST', () => {
    expect(readEnvironment({ PORT: '9001', HOST: '0.0.0.0' })).toEqual({
      PORT: 9001,
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
    });
  });

  it('reads the proxies it trusts: addresses and ranges, or a hop count', () => {
    expect(readEnvironment({ TRUST_PROXY: '10.0.0.5,10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(readEnvironment({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnvironment({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it.each(['true', '0', 'proxy.internal', '10.0.0.0/40'])(
    'refuses TRUST_PROXY=%s naming the variable',
    (value) => {
      expect(() => readEnvironment({ TRUST_PROXY: value })).toThrow(
        /invalid server environment:\n\s+TRUST_PROXY: must be a number of proxy hops/,
      );
    },
  );

  it.each(['abc', '0', '70000', '80.5'])('rejects PORT=%s naming the variable', (port) => {
    expect(() => readEnvironment({ PORT: port })).toThrow(/invalid server environment:\n\s+PORT: /);
  });

  it('reads the URL of a separate trade API node', () => {
    expect(readEnvironment({ TRADE_API_URL: 'http://api.internal:8081' })).toMatchObject({
      TRADE_API_URL: 'http://api.internal:8081',
    });
  });

  it.each(['api.internal:8081', 'ftp://api.internal', 'not a url'])(
    'rejects TRADE_API_URL=%s naming the variable',
    (url) => {
      expect(() => readEnvironment({ TRADE_API_URL: url })).toThrow(
        /invalid server environment:\n\s+TRADE_API_URL: /,
      );
    },
  );
});
