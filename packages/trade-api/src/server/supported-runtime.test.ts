import { describe, expect, it } from 'vitest';
import { minimumNodeMajor, unsupportedNodeReason } from './supported-runtime.ts';

describe('supported Node.js', () => {
  it('accepts Node 24 and every later release line', () => {
    for (const version of ['v24.0.0', 'v24.21.0', 'v25.1.0', 'v26.10.0', '24.21.0']) {
      expect(unsupportedNodeReason(version)).toBeUndefined();
    }
  });

  it('refuses older release lines, naming the running version and the way out', () => {
    expect(minimumNodeMajor).toBe(24);
    for (const version of ['v20.20.2', 'v22.21.0', 'v23.11.1', 'v4.0.0']) {
      const reason = unsupportedNodeReason(version);
      expect(reason).toContain(`this is Node.js ${version}`);
      expect(reason).toContain('npm start');
    }
  });

  it('refuses a version it cannot read rather than guessing', () => {
    for (const version of ['', 'v', 'vNext', 'v24', 'lts/krypton']) {
      expect(unsupportedNodeReason(version)).toBeDefined();
    }
  });

  it('is the version this test runs on', () => {
    expect(unsupportedNodeReason(process.version)).toBeUndefined();
  });
});
