import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLegalDetails } from './legal-details-file.ts';

const completeFile = fileURLToPath(
  new URL('../../../../scripts/legal-details.test.json', import.meta.url),
);

describe('readLegalDetails', () => {
  it('keeps the development placeholders outside production', () => {
    const details = readLegalDetails({ NODE_ENV: 'test' });
    expect(details.de.placeholders).toContain('imprint.vatId');
    expect(readLegalDetails({}).at.imprint.registerCourt).toBe(
      'Amtsgericht Charlottenburg (Berlin)',
    );
  });

  it('refuses them in production, one line per edition and field', () => {
    expect(() => readLegalDetails({ NODE_ENV: 'production' })).toThrow(
      /placeholder legal details.*\n- edition at: imprint\.companyName is a placeholder\n/,
    );
  });

  it('applies the file LEGAL_DETAILS_FILE names, in production too', () => {
    const details = readLegalDetails({ NODE_ENV: 'production', LEGAL_DETAILS_FILE: completeFile });
    expect(details.fr.imprint.registerNumber).toBe('HRB 123456 B');
    expect(details.fr.placeholders).toEqual([]);
  });

  it('names a file it cannot read', () => {
    expect(() => readLegalDetails({ LEGAL_DETAILS_FILE: '/no/such/legal.json' })).toThrow(
      /^LEGAL_DETAILS_FILE: cannot read \/no\/such\/legal\.json/,
    );
  });
});
