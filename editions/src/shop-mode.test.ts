import { describe, expect, it } from 'vitest';
import {
  environmentSchema,
  environments,
  isB2BMode,
  shopModeSchema,
  shopModes,
} from './shop-mode.ts';

describe('shop modes', () => {
  it('lists the four modes of §1', () => {
    expect(shopModes).toEqual(['default', 'b2bWidget', 'agan', 'aganwidget']);
  });

  it.each(shopModes)('accepts %s', (mode) => {
    expect(shopModeSchema.safeParse(mode).success).toBe(true);
  });

  it.each(['b2bwidget', 'B2BWidget', 'aganWidget', '', 'widget'])('rejects %j', (mode) => {
    expect(shopModeSchema.safeParse(mode).success).toBe(false);
  });

  it.each([
    ['default', false],
    ['b2bWidget', true],
    ['agan', false],
    ['aganwidget', false],
  ] as const)('isB2BMode(%s) is %s', (mode, expected) => {
    expect(isB2BMode(mode)).toBe(expected);
  });
});

describe('environments', () => {
  it('lists production, test, stage and local', () => {
    expect(environments).toEqual(['production', 'test', 'stage', 'local']);
    expect(environmentSchema.safeParse('development').success).toBe(false);
  });
});
