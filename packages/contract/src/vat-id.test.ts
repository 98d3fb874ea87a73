import { describe, expect, it } from 'vitest';
import { vatIdExamples } from './vat-id-examples.ts';
import { checkVatId, normalizeVatId, vatIdPrefixes, vatIdSchema } from './vat-id.ts';

function reasonOf(vatId: string): unknown {
  const parsed = vatIdSchema.safeParse(vatId);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return issue?.code === 'custom' ? issue.params?.['reason'] : issue?.code;
}

describe('VAT IDs of the EU member states', () => {
  it('has an example for each of the 27 member states', () => {
    expect(vatIdExamples.map((example) => example.prefix).toSorted()).toEqual(
      [...vatIdPrefixes].toSorted(),
    );
    expect(vatIdPrefixes).toHaveLength(27);
  });

  describe.each(vatIdExamples)('$country ($prefix)', ({ prefix, valid, wrongCheckDigits }) => {
    it(`accepts ${valid}`, () => {
      expect(checkVatId(valid)).toEqual({ prefix, problem: undefined });
      expect(vatIdSchema.safeParse(valid).success).toBe(true);
    });

    it(`refuses ${wrongCheckDigits}: the check digits do not match`, () => {
      expect(checkVatId(wrongCheckDigits)).toEqual({ prefix, problem: 'vatIdCheckDigits' });
      expect(reasonOf(wrongCheckDigits)).toBe('vatIdCheckDigits');
    });

    it(`refuses ${prefix}1: not the length of ${prefix}`, () => {
      expect(checkVatId(`${prefix}1`)).toEqual({ prefix, problem: 'vatIdFormat' });
      expect(reasonOf(`${prefix}1`)).toBe('vatIdFormat');
    });
  });

  it('refuses a number without the prefix of a member state', () => {
    for (const vatId of [
      '136695976',
      'GR094012834',
      'GB980780684',
      'CHE123456788',
      'XI980780684',
    ]) {
      expect(checkVatId(vatId).problem).toBe('vatIdCountry');
      expect(reasonOf(vatId)).toBe('vatIdCountry');
    }
  });

  it("checks a number by its own country's rules only", () => {
    // A valid German number with an Austrian prefix is no Austrian number.
    expect(checkVatId('AT136695976').problem).toBe('vatIdFormat');
  });

  it('reads spaces, dots, dashes and lower case as typed', () => {
    expect(normalizeVatId(' de 136.695-976 ')).toBe('DE136695976');
    expect(normalizeVatId('nl 1217.45417.b01')).toBe('NL121745417B01');
    expect(vatIdSchema.safeParse('de 136 695 976').success).toBe(true);
  });

  it('refuses an overlong input before reading it', () => {
    expect(vatIdSchema.safeParse(`DE${'1'.repeat(40)}`).success).toBe(false);
  });
});
