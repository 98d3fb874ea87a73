import { describe, expect, it } from 'vitest';
import { modelNameOf } from './model-name.ts';

describe('modelNameOf', () => {
  it('drops the variant the name ends in', () => {
    expect(modelNameOf({ name: 'Apple iPhone 13 128 GB', variant: '128 GB' })).toBe(
      'Apple iPhone 13',
    );
  });

  it('keeps a name that does not end in its variant, or has none', () => {
    expect(modelNameOf({ name: 'Apple iPhone 13', variant: '' })).toBe('Apple iPhone 13');
    expect(modelNameOf({ name: 'Sony Alpha 7 IV', variant: 'Body' })).toBe('Sony Alpha 7 IV');
    // A variant that is only the end of a word is not cut off.
    expect(modelNameOf({ name: 'Nokia 3310', variant: '10' })).toBe('Nokia 3310');
    expect(modelNameOf({ name: '128 GB', variant: '128 GB' })).toBe('128 GB');
  });
});
