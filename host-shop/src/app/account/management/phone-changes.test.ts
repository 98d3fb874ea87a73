import { createPhoneContactEndpoint, updatePhoneContactEndpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { checkPhone, readablePhone, readPhone } from './phone-changes.ts';

describe('checkPhone', () => {
  it('reads a national number in the edition’s country and sends it internationally', () => {
    const check = checkPhone({ phone: '0170 1234567', type: 'mobile' }, 'de');
    expect(check).toEqual({ ok: true, body: { phone: '+49 170 1234567', type: 'mobile' } });
    const body = check.ok ? check.body : undefined;
    expect(createPhoneContactEndpoint.body.safeParse(body).success).toBe(true);
    expect(updatePhoneContactEndpoint.body.safeParse({ id: 4, ...body }).success).toBe(true);
  });

  it('keeps the country code a number names itself', () => {
    expect(checkPhone({ phone: '+43 664 1234567', type: 'mobile' }, 'de')).toEqual({
      ok: true,
      body: { phone: '+43 664 1234567', type: 'mobile' },
    });
    expect(checkPhone({ phone: '01 42 68 53 00', type: 'landline' }, 'fr')).toEqual({
      ok: true,
      body: { phone: '+33 1 42 68 53 00', type: 'landline' },
    });
  });

  it('names each field to fix, and sends nothing', () => {
    expect(checkPhone({ phone: '', type: '' }, 'de')).toEqual({
      ok: false,
      errors: { phone: 'required', type: 'required' },
    });
    expect(checkPhone({ phone: '12', type: 'landline' }, 'de')).toEqual({
      ok: false,
      errors: { phone: 'phone' },
    });
    expect(checkPhone({ phone: '0170 1234567', type: 'fax' }, 'de')).toEqual({
      ok: false,
      errors: { type: 'required' },
    });
  });

  it('refuses a number of international shape that no country has', () => {
    expect(checkPhone({ phone: '+99 1234 5678', type: 'mobile' }, 'de')).toEqual({
      ok: false,
      errors: { phone: 'phone' },
    });
  });
});

describe('readPhone', () => {
  it('reads the trimmed number and the kind of line', () => {
    const form = new FormData();
    form.set('phone', '  0170 1234567 ');
    form.set('type', 'landline');
    expect(readPhone(form)).toEqual({ phone: '0170 1234567', type: 'landline' });
    expect(readPhone(new FormData())).toEqual({ phone: '', type: '' });
  });
});

describe('readablePhone', () => {
  it('shows a stored number in international form, an unreadable one as stored', () => {
    expect(readablePhone('+491701234567', 'de')).toBe('+49 170 1234567');
    expect(readablePhone('+49 170-1234567', 'at')).toBe('+49 170 1234567');
    expect(readablePhone('+99 123', 'de')).toBe('+99 123');
  });
});
