import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editionCodes } from './edition-code.ts';
import { editionConfigSchema } from './edition-config-schema.ts';
import { deEdition } from './configs/de.ts';
import { getEdition } from './editions.ts';
import {
  legalDetailsByEdition,
  parseLegalDetailsFile,
  placeholderProblems,
  resolveLegalDetails,
} from './legal-details.ts';

/** The complete file the test setups give a production start (scripts/built-server.mjs). */
const testFile = new URL('../../scripts/legal-details.test.json', import.meta.url);

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('did not throw');
}

describe('the development values of the editions', () => {
  it.each(editionCodes)('mark every invented legal field of %s as a placeholder', (code) => {
    const details = resolveLegalDetails(getEdition(code));
    // Only the country and the service address are the edition's own, not invented.
    const expected = [
      'imprint.companyName',
      'imprint.streetAddress',
      'imprint.postalCode',
      'imprint.city',
      'imprint.registerCourt',
      'imprint.registerNumber',
      'imprint.vatId',
      'imprint.managingDirectors',
      'imprint.phone',
      'contact.phone',
      'contact.hours',
      ...(code === 'de' ? ['contact.b2bpartner.phone', 'contact.b2bpartner.hours'] : []),
    ];
    expect(details.placeholders.toSorted()).toEqual(expected.toSorted());
    expect(details.imprint.email).toBe(getEdition(code).contact.toAddress);
    // One company runs every edition's shop.
    expect(details.imprint.country).toBe('DE');
  });

  it('are shown unwrapped outside production', () => {
    const { imprint, contact } = resolveLegalDetails(getEdition('de'));
    expect(imprint.streetAddress).toBe('Musterstraße 1');
    expect(imprint.managingDirectors).toEqual(['Erika Mustermann', 'Max Mustermann']);
    expect(contact.hours[0]).toEqual({
      from: 'monday',
      to: 'friday',
      opens: '09:00',
      closes: '18:00',
    });
    expect(contact.b2bpartner?.phone).toBe('+493023125100');
  });

  it('name edition and field of each placeholder', () => {
    const problems = placeholderProblems(legalDetailsByEdition());
    expect(problems).toContain('edition de: imprint.registerNumber is a placeholder');
    expect(problems).toContain('edition it: contact.hours is a placeholder');
    expect(problems).toHaveLength(5 * 11 + 2);
  });
});

describe("an operator's legal details file", () => {
  it('replaces every placeholder of every edition (the test setups’ file)', () => {
    const file = parseLegalDetailsFile(readFileSync(testFile, 'utf8'), 'legal-details.test.json');
    const details = legalDetailsByEdition(file);
    expect(placeholderProblems(details)).toEqual([]);
    expect(details.at.imprint.registerNumber).toBe('HRB 123456 B');
    expect(details.at.imprint.phone).toBe('+43151234567');
    expect(details.de.contact.b2bpartner?.hours).toHaveLength(1);
  });

  it('may replace some fields and leave the others to the configuration', () => {
    const details = legalDetailsByEdition({ fr: { imprint: { vatId: 'DE123456789' } } });
    expect(details.fr.imprint.vatId).toBe('DE123456789');
    expect(details.fr.placeholders).not.toContain('imprint.vatId');
    expect(details.fr.placeholders).toContain('imprint.registerNumber');
  });

  it.each([
    [
      { de: { imprint: { phone: '030 123456' } } },
      'de.imprint.phone: must be an international number',
    ],
    [{ de: { imprint: { vatID: 'DE123' } } }, 'de.imprint: Unrecognized key: "vatID"'],
    [{ xx: {} }, 'xx'],
    [
      {
        es: {
          contact: { hours: [{ from: 'friday', to: 'monday', opens: '09:00', closes: '18:00' }] },
        },
      },
      'es.contact.hours.0.to: from must not come after to',
    ],
    [
      {
        it: {
          contact: { hours: [{ from: 'monday', to: 'friday', opens: '18:00', closes: '09:00' }] },
        },
      },
      'it.contact.hours.0.closes: must close after it opens',
    ],
    [{ at: { imprint: { managingDirectors: [] } } }, 'at.imprint.managingDirectors'],
  ])('refuses %j naming the field', (json, message) => {
    const error = errorOf(() => parseLegalDetailsFile(JSON.stringify(json), '/etc/legal.json'));
    expect(error.message).toMatch(/^invalid legal details file \/etc\/legal\.json:\n/);
    expect(error.message).toContain(message);
  });

  it('refuses text that is not JSON, naming the file', () => {
    expect(errorOf(() => parseLegalDetailsFile('{ de: ', 'legal.json')).message).toMatch(
      /^invalid legal details file legal\.json: not JSON/,
    );
  });

  it('refuses a B2B partner contact for an edition without one', () => {
    expect(
      errorOf(() =>
        legalDetailsByEdition({ fr: { contact: { b2bpartner: { phone: '+33112345678' } } } }),
      ).message,
    ).toContain('fr.contact.b2bpartner is set, but edition fr has no B2B partner contact');
  });
});

describe('the legal fields of the edition schema', () => {
  it('refuses a placeholder of the wrong form, naming the field', () => {
    const broken = structuredClone(deEdition) as Record<string, unknown>;
    broken['imprint'] = { ...deEdition.imprint, vatId: { placeholder: '' } };
    const result = editionConfigSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(
      result.error?.issues
        .map((issue) => issue.path.join('.'))
        .some((path) => path.startsWith('imprint.vatId')),
    ).toBe(true);
  });

  it('refuses a day that is in two opening periods', () => {
    const broken = structuredClone(deEdition) as Record<string, unknown>;
    broken['contact'] = {
      ...deEdition.contact,
      hours: [
        { from: 'monday', to: 'friday', opens: '09:00', closes: '12:00' },
        { from: 'friday', to: 'friday', opens: '14:00', closes: '18:00' },
      ],
    };
    expect(editionConfigSchema.safeParse(broken).success).toBe(false);
  });
});
