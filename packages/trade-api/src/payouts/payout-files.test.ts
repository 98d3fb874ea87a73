import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  decimalAmount,
  painNamespace,
  paypalPayoutsCsv,
  PayoutFileError,
  sepaCreditTransferXml,
  sepaText,
  type SepaBatch,
  type SepaTransfer,
} from './payout-files.ts';

const debtor = { name: 'Tradein GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

function transfer(overrides: Partial<SepaTransfer> = {}): SepaTransfer {
  return {
    endToEndId: 'T-2026-000001',
    creditorName: 'Jürgen Größe',
    iban: 'DE02120300000000202051',
    amountCents: 12_345,
    remittance: 'Ankauf T-2026-000001: Apple iPhone 13 128 GB',
    ...overrides,
  };
}

function batch(transfers: SepaTransfer[], overrides: Partial<SepaBatch> = {}): SepaBatch {
  return {
    messageId: 'PAYOUT-2026-11-27-1',
    createdAt: new Date('2026-11-27T10:15:00.000Z'),
    executionDate: '2026-11-30',
    debtor,
    transfers,
    ...overrides,
  };
}

/** The message parsed back, every value as text, transactions always a list. */
function parsed(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === 'CdtTrfTxInf',
  });
  return parser.parse(xml) as {
    Document: {
      '@_xmlns': string;
      CstmrCdtTrfInitn: {
        GrpHdr: { MsgId: string; NbOfTxs: string; CtrlSum: string; CreDtTm: string };
        PmtInf: {
          NbOfTxs: string;
          CtrlSum: string;
          ReqdExctnDt: { Dt: string };
          DbtrAcct: { Id: { IBAN: string } };
          DbtrAgt: { FinInstnId: { BICFI?: string } };
          CdtTrfTxInf: {
            PmtId: { EndToEndId: string };
            Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
            CdtrAgt?: { FinInstnId: { BICFI: string } };
            Cdtr: { Nm: string };
            CdtrAcct: { Id: { IBAN: string } };
            RmtInf: { Ustrd: string };
          }[];
        };
      };
    };
  };
}

/** An amount as written, back to cents, without floating point. */
const centsOf = (amount: string) => Number(amount.replace('.', ''));

describe('the SEPA credit transfer file (pain.001.001.09)', () => {
  it('is well-formed XML in the pain.001 namespace with header, our account and each transfer', () => {
    const xml = sepaCreditTransferXml(
      batch([
        transfer(),
        transfer({
          endToEndId: 'T-2026-000002',
          creditorName: 'Élodie Dupont & Fils',
          iban: 'FR1420041010050500013M02606',
          bic: 'psstfrppxxx',
          amountCents: 5,
        }),
      ]),
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const document = parsed(xml).Document;
    expect(document['@_xmlns']).toBe(painNamespace);
    const { GrpHdr, PmtInf } = document.CstmrCdtTrfInitn;
    expect(GrpHdr).toMatchObject({
      MsgId: 'PAYOUT-2026-11-27-1',
      NbOfTxs: '2',
      CtrlSum: '123.50',
      CreDtTm: '2026-11-27T10:15:00Z',
    });
    expect(PmtInf).toMatchObject({ NbOfTxs: '2', CtrlSum: '123.50' });
    expect(PmtInf.ReqdExctnDt.Dt).toBe('2026-11-30');
    expect(PmtInf.DbtrAcct.Id.IBAN).toBe('DE89370400440532013000');
    expect(PmtInf.DbtrAgt.FinInstnId.BICFI).toBe('COBADEFFXXX');
    const [first, second] = PmtInf.CdtTrfTxInf;
    expect(first).toMatchObject({
      PmtId: { EndToEndId: 'T-2026-000001' },
      Amt: { InstdAmt: { '#text': '123.45', '@_Ccy': 'EUR' } },
      Cdtr: { Nm: 'Juergen Groesse' },
      CdtrAcct: { Id: { IBAN: 'DE02120300000000202051' } },
      RmtInf: { Ustrd: 'Ankauf T-2026-000001: Apple iPhone 13 128 GB' },
    });
    expect(first?.CdtrAgt).toBeUndefined();
    expect(second).toMatchObject({
      Amt: { InstdAmt: { '#text': '0.05' } },
      CdtrAgt: { FinInstnId: { BICFI: 'PSSTFRPPXXX' } },
      Cdtr: { Nm: 'Elodie Dupont + Fils' },
    });
  });

  it('sums the amounts exactly in cents, however many and however small', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; cents never drift.
    const amounts = Array.from({ length: 997 }, (_, index) => ((index * 7919) % 100_000) + 1);
    const xml = sepaCreditTransferXml(
      batch(
        amounts.map((amountCents, index) =>
          transfer({ endToEndId: `T-2026-${String(index).padStart(6, '0')}`, amountCents }),
        ),
      ),
    );
    const { GrpHdr, PmtInf } = parsed(xml).Document.CstmrCdtTrfInitn;
    const expected = amounts.reduce((sum, cents) => sum + cents, 0);
    expect(centsOf(GrpHdr.CtrlSum)).toBe(expected);
    expect(GrpHdr.NbOfTxs).toBe('997');
    expect(
      PmtInf.CdtTrfTxInf.reduce((sum, entry) => sum + centsOf(entry.Amt.InstdAmt['#text']), 0),
    ).toBe(expected);
  });

  it('names every invalid payment and field, and writes nothing', () => {
    let refused: unknown;
    try {
      sepaCreditTransferXml(
        batch([
          transfer({ iban: 'DE02120300000000202052' }),
          transfer({ endToEndId: 'T-2026-000001', amountCents: 0 }),
          transfer({ endToEndId: 'T-2026-000003', bic: 'NOTABIC', creditorName: '€€€' }),
          transfer({ endToEndId: '/bad//id', amountCents: 12.5 }),
        ]),
      );
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(PayoutFileError);
    const problems = refused instanceof PayoutFileError ? refused.problems : [];
    expect(problems.map(({ index, field }) => `${index ?? '-'}:${field}`)).toEqual([
      '0:iban',
      '1:amountCents',
      '1:endToEndId',
      '2:creditorName',
      '2:bic',
      '3:amountCents',
      '3:endToEndId',
    ]);
  });

  it('refuses a batch without transfers, a bad execution day or a bad debtor account', () => {
    expect(() =>
      sepaCreditTransferXml(
        batch([], { executionDate: '30.11.2026', debtor: { ...debtor, iban: 'DE00' } }),
      ),
    ).toThrow('executionDate: must be a day as YYYY-MM-DD; transfers: a batch needs at least');
  });
});

describe('SEPA text', () => {
  it('spells umlauts out, drops accents and other characters, and cuts to the length', () => {
    expect(sepaText('Müller-Lüdenscheidt, Straße 5', 70)).toBe('Mueller-Luedenscheidt, Strasse 5');
    expect(sepaText('Ça va  “bien” @ 100 %', 70)).toBe('Ca va bien 100');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('writes cents as a decimal amount', () => {
    expect([0, 5, 99, 100, 123_456, 99_999_999_999].map(decimalAmount)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '1234.56',
      '999999999.99',
    ]);
  });
});

describe('the PayPal bulk payout file', () => {
  it('writes one line per payout as PayPal reads it', () => {
    const csv = paypalPayoutsCsv([
      {
        email: 'erika@example.com',
        amountCents: 12_345,
        reference: 'T-2026-000001',
        note: 'Ankauf',
      },
      {
        email: 'max@example.de',
        amountCents: 7,
        reference: 'T-2026-000002',
        note: 'Danke, "Max"',
      },
    ]);
    expect(csv).toBe(
      [
        'erika@example.com,"123,45",EUR,T-2026-000001,Ankauf,PAYPAL',
        'max@example.de,"0,07",EUR,T-2026-000002,"Danke, ""Max""",PAYPAL',
        '',
      ].join('\r\n'),
    );
  });

  it('names every invalid payout', () => {
    expect(() =>
      paypalPayoutsCsv([
        { email: 'not-an-address', amountCents: 100, reference: 'T-1', note: '' },
        { email: 'a@b.de', amountCents: -1, reference: 'T 2', note: '' },
        { email: 'c@d.de', amountCents: 100, reference: 'T-1', note: '' },
      ]),
    ).toThrow(
      'payment 1, email: not-an-address is not an e-mail address; payment 2, amountCents: must be a whole number of cents above 0 and at most 999,999,999.99 €; payment 2, reference: must be 1–30 characters, no spaces; payment 3, reference: is in this file twice',
    );
    expect(() => paypalPayoutsCsv([])).toThrow('payouts: a file needs at least one payout');
  });
});
