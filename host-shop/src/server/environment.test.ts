import { describe, expect, it } from 'vitest';
import { readEnvironment } from './environment.ts';

describe('readEnvironment', () => {
  it('defaults to port 8080 on localhost', () => {
    expect(readEnvironment({})).toEqual({ PORT: 8080, HOST: 'localhost' });
  });

  it('reads PORT and HOST', () => {
    expect(readEnvironment({ PORT: '9001', HOST: '0.0.0.0' })).toEqual({
      PORT: 9001,
      HOST: '0.0.0.0',
    });
  });

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
