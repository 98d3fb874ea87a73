import { describe, expect, it } from 'vitest';
import { contactSubjectCount, defaultPaymentType, payPalPaymentMethod } from './constants.ts';
import { editionCodes, editionCodeSchema } from './edition-code.ts';
import type { EditionCode } from './edition-code.ts';
import { getEdition } from './editions.ts';

describe('editionCodes', () => {
  it('lists the five editions', () => {
    expect(editionCodes).toEqual(['at', 'de', 'es', 'fr', 'it']);
  });

  it.each(['', 'DE', 'ch', 'en'])('the schema rejects %j', (code) => {
    expect(editionCodeSchema.safeParse(code).success).toBe(false);
  });
});

describe('getEdition', () => {
  it.each(['xx', 'DE', '', 'ch', '__proto__', 'toString', 'constructor'])(
    'throws "missing locale" for %j',
    (code) => {
      expect(() => getEdition(code)).toThrow(new Error('missing locale'));
    },
  );

  it.each(editionCodes)('returns a deeply frozen configuration for %s', (code) => {
    const config = getEdition(code);
    expect(getEdition(code)).toBe(config);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.routes)).toBe(true);
    expect(Object.isFrozen(config.helpWidget.contactSubjects)).toBe(true);
    expect(Object.isFrozen(config.helpWidget.contactSubjects[0])).toBe(true);
    expect(Object.isFrozen(config.hosts[0])).toBe(true);
    expect(() => {
      (config as { hasB2B: boolean }).hasB2B = !config.hasB2B;
    }).toThrow(TypeError);
  });
});

describe('edition values', () => {
  it.each([
    ['at', 'de-AT', 'de', 'Europe/Vienna', 'www.tradein.at', 'dd.MM.yy', 'Österreichische Post'],
    ['de', 'de-DE', 'de', 'Europe/Berlin', 'www.tradein.de', 'dd.MM.yy', 'DHL'],
    ['es', 'es-ES', 'es', 'Europe/Madrid', 'www.tradein.es', 'dd/MM/yy', 'SEUR'],
    ['fr', 'fr-FR', 'fr', 'Europe/Paris', 'www.tradein.fr', 'dd/MM/yy', 'Colissimo'],
    ['it', 'it-IT', 'it', 'Europe/Rome', 'www.tradein.it', 'dd/MM/yy', 'BRT'],
  ] as const)(
    '%s: %s, %s, %s, %s, %s, shipped with %s',
    (code, icuLocale, language, timeZone, domain, dateFormat, carrier) => {
      const config = getEdition(code);
      expect(config).toMatchObject({ code, icuLocale, language, timeZone, domain, dateFormat });
      expect(config.application).toBe(`tradein-${code}`);
      expect(config.sellShopUrl).toBe(`https://${domain}`);
      expect(config.buyShopLink).toBe(`https://shop.tradein.${code}`);
      expect(config.search).toEqual({
        manufacturerAggregationIndex: `manufacturer_aggregation_${code}`,
        devicesIndex: `devices_${code}`,
      });
      expect(config.streetForm).toBe(
        code === 'de' || code === 'at' ? 'streetAndHouseNumber' : 'oneLine',
      );
      expect(config.footerShippingLogo.carrier).toBe(carrier);
      expect(config.footerShippingLogo.imagePath).toMatch(/^\/images\/shipping\/[a-z-]+\.svg$/);
      expect(config.footerShippingLogo.alt).not.toBe('');
      expect(config.landingPages.consumer).toBe(`TI_${code.toUpperCase()}_CONSUMER`);
    },
  );

  it.each(editionCodes)('%s preselects payment type 13 and knows PayPal as 2', (code) => {
    const config = getEdition(code);
    expect(config.selectedPaymentType).toBe(defaultPaymentType);
    expect(config.paymentTypes).toEqual({ DirectDebitSwift: 13, Paypal: payPalPaymentMethod });
  });

  it.each(editionCodes)('%s writes mail from and to its own domain', (code) => {
    const { contact } = getEdition(code);
    expect(contact.fromAddress).toBe(`noreply@tradein.${code}`);
    expect(contact.toAddress).toMatch(new RegExp(`@tradein\\.${code}$`));
    expect(contact.fromName).toMatch(/^tradein /);
  });

  it('enables B2B, the B2B partner contact and the B2B landing page in de only', () => {
    const withB2B = editionCodes.filter((code) => getEdition(code).hasB2B);
    expect(withB2B).toEqual(['de']);
    expect(getEdition('de').contact.b2bpartner).toMatchObject({
      fromAddress: 'noreply@tradein.de',
      fromName: 'tradein Business',
      toAddress: 'b2b@tradein.de',
    });
    expect(getEdition('de').landingPages).toEqual({
      consumer: 'TI_DE_CONSUMER',
      b2b: 'TI_DE_B2B',
      agan: 'AGAN_DE',
    });
    for (const code of ['at', 'es', 'fr', 'it'] as const) {
      expect(getEdition(code).contact.b2bpartner).toBeUndefined();
      expect(getEdition(code).landingPages.b2b).toBeNull();
      expect(getEdition(code).landingPages.agan).toBeNull();
    }
  });

  it.each(editionCodes)('%s overrides the iPhone and iPad category titles', (code) => {
    const { popTitleException } = getEdition(code);
    expect(popTitleException.iphone).toContain('iPhone');
    expect(popTitleException.ipad).toContain('iPad');
  });

  it.each(editionCodes)('%s has a Dynamic Yield site id and eKomi scripts of its own', (code) => {
    const { dynamicYield, ekomi } = getEdition(code);
    expect(dynamicYield.siteId).toMatch(/^[0-9]{7}$/);
    expect(ekomi.sealScriptUrl).toMatch(new RegExp(`^https://.*tradein-${code}\\.js$`));
    expect(ekomi.sliderScriptUrl).toMatch(new RegExp(`^https://.*tradein-${code}\\.js$`));
  });

  it('gives every edition a distinct Dynamic Yield site id and help widget keys', () => {
    const configs = editionCodes.map(getEdition);
    const ids = configs.map((config) => config.dynamicYield.siteId);
    const keys = configs.flatMap((c) => [c.helpWidget.chatApiKey, c.helpWidget.ticketApiKey]);
    expect(new Set(ids).size).toBe(5);
    expect(new Set(keys).size).toBe(10);
  });

  it.each(editionCodes)('%s shows social buttons exactly when it has some', (code) => {
    const config = getEdition(code);
    expect(config.socialMediaButtons.length > 0).toBe(config.hasSocialMediaButtons);
    for (const button of config.socialMediaButtons) {
      expect(button.url).toMatch(new RegExp(`^https://www\\.${button.network}\\.com/`));
    }
  });
});

function keysOf(code: EditionCode): string[] {
  return getEdition(code).helpWidget.contactSubjects.map((subject) => subject.key);
}

function labelsOf(code: EditionCode): string[] {
  return getEdition(code).helpWidget.contactSubjects.map((subject) => subject.label);
}

describe('contact subjects', () => {
  it.each(editionCodes)('%s offers ten subjects with the same stable keys', (code) => {
    expect(keysOf(code)).toHaveLength(contactSubjectCount);
    expect(keysOf(code)).toEqual(keysOf('de'));
  });

  it('labels them in the edition language: German for de and at, translated elsewhere', () => {
    expect(labelsOf('at')).toEqual(labelsOf('de'));
    const languages = ['de', 'es', 'fr', 'it'] as const;
    for (const [index] of keysOf('de').entries()) {
      const perLanguage = languages.map((code) => labelsOf(code)[index]);
      expect(new Set(perLanguage).size).toBe(languages.length);
    }
    expect(labelsOf('de')[9]).toBe('Sonstiges');
    expect(labelsOf('es')[9]).toBe('Otros');
    expect(labelsOf('fr')[9]).toBe('Autre demande');
    expect(labelsOf('it')[9]).toBe('Altro');
  });
});
