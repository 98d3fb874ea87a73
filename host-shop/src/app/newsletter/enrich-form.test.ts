import { describe, expect, it } from 'vitest';
import { enrichRequestOf, readEnrichForm } from './enrich-form.server.ts';

const emailHash = 'cd'.repeat(32);

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe('the enrich form', () => {
  it('sends the ticked topics always, name and salutation only when given', () => {
    expect(
      enrichRequestOf(
        emailHash,
        readEnrichForm(
          form([
            ['firstName', '  Lena '],
            ['salutation', 'ms'],
            ['interests', 'tips'],
            ['interests', 'offers'],
          ]),
        ),
      ),
    ).toEqual({
      body: { emailHash, firstName: 'Lena', salutation: 'ms', interests: ['offers', 'tips'] },
    });
    expect(enrichRequestOf(emailHash, readEnrichForm(form([['salutation', '']])))).toEqual({
      body: { emailHash, interests: [] },
    });
  });

  it('refuses a name the contract refuses, by field', () => {
    expect(
      enrichRequestOf(emailHash, readEnrichForm(form([['firstName', 'Lena www.example.org']]))),
    ).toEqual({ errors: { firstName: 'name' } });
    expect(
      enrichRequestOf(emailHash, readEnrichForm(form([['firstName', 'A'.repeat(101)]]))),
    ).toEqual({ errors: { firstName: 'tooLong' } });
  });

  it('refuses topics and salutations no form offers instead of dropping them', () => {
    expect(enrichRequestOf(emailHash, readEnrichForm(form([['interests', 'lottery']])))).toEqual({
      errors: { interests: 'invalid' },
    });
    expect(
      enrichRequestOf(
        emailHash,
        readEnrichForm(
          form([
            ['interests', 'news'],
            ['interests', 'news'],
          ]),
        ),
      ),
    ).toEqual({ errors: { interests: 'invalid' } });
    expect(enrichRequestOf(emailHash, readEnrichForm(form([['salutation', 'dr']])))).toEqual({
      errors: { salutation: 'invalid' },
    });
  });
});
