import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.tsx';

describe('passwordStrength', () => {
  it('is 0 for nothing and 1 for what the contract refuses', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('short1')).toBe(1);
    expect(passwordStrength('onlyletters')).toBe(1);
  });

  it('rises with length and kinds of characters', () => {
    expect(passwordStrength('letters1')).toBe(2);
    expect(passwordStrength('lettersonly12')).toBe(3);
    expect(passwordStrength('Letters-1')).toBe(3);
    expect(passwordStrength('Correct-Horse-7')).toBe(4);
  });
});
