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
});
