import { createPhoneContactEndpoint, updatePhoneContactEndpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { phoneContactBody, phoneErrors, readablePhone, readPhone } from './phone-changes.ts';

describe('phoneContactBody', () => {
  it('reads a national number in the edition’s country and sends it internationally', () => {
    const body = phoneContactBody({ phone: '0170 1234567', type: 'mobile' }, 'de');
    expect(body).toEqual({ phone: '+49 170 1234567', type: 'mobile' });
    expect(createPhoneContactEndpoint.body.safeParse(body).success).toBe(true);
    expect(updatePhoneContactEndpoint.body.safeParse({ id: 4, ...body }).success).toBe(true);
  });

  it('keeps the country code a number names itself', () => {
    expect(phoneContactBody({ phone: '+43 664 1234567', type: 'mobile' }, 'de')).toEqual({
      phone: '+43 664 1234567',
      type: 'mobile',
    });
    expect(phoneContactBody({ phone: '01 42 68 53 00', type: 'landline' }, 'fr')).toEqual({
      phone: '+33 1 42 68 53 00',
      type: 'landline',
    });
  });

  it('sends nothing for an invalid number or kind of line', () => {
    expect(phoneContactBody({ phone: '0170', type: 'mobile' }, 'de')).toBeUndefined();
    expect(phoneContactBody({ phone: '0170 1234567', type: 'fax' }, 'de')).toBeUndefined();
  });
});

describe('phoneErrors', () => {
  it('names each field to fix', () => {
    expect(phoneErrors({ phone: '', type: '' }, 'de')).toEqual({
      phone: 'required',
      type: 'required',
    });
    expect(phoneErrors({ phone: '12', type: 'landline' }, 'de')).toEqual({ phone: 'phone' });
    expect(phoneErrors({ phone: '0170 1234567', type: 'mobile' }, 'de')).toEqual({});
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
