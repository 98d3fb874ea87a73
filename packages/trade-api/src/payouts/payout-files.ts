import { XMLBuilder } from 'fast-xml-parser';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/*
 * The files a payouts clerk hands to the bank and to PayPal (docs/payouts.md): a SEPA credit
 * transfer in ISO 20022 `pain.001.001.09` XML, and the CSV that PayPal's bulk payouts take.
 * Amounts are integer cents throughout and are summed exactly; a file is written only when
 * every payment in it is valid, otherwise the problems name the payment and the field.
 */

/** The namespace of the credit transfer message version we write. */
export const painNamespace = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Our account the transfers are paid from (from the configuration). */
export interface PayoutDebtor {
  name: string;
  iban: string;
  /** Optional in SEPA; written when given. */
  bic?: string;
}

/** One transfer to a seller's bank account. */
export interface SepaTransfer {
  /** Unique per payment, at most 35 characters: the trade number. */
  endToEndId: string;
  creditorName: string;
  iban: string;
  bic?: string;
  amountCents: number;
  /** What the seller's statement shows, at most 140 characters. */
  remittance: string;
}

/** A batch of transfers executed together. */
export interface SepaBatch {
  /** Unique per file, at most 35 characters. */
  messageId: string;
  createdAt: Date;
  /** The day the bank is to execute the transfers, `YYYY-MM-DD`. */
  executionDate: string;
  debtor: PayoutDebtor;
  transfers: readonly SepaTransfer[];
}

/** One payout to a seller's PayPal account. */
export interface PaypalPayout {
  email: string;
  amountCents: number;
  /** PayPal's customer id column: the trade number (at most 30 characters, no spaces). */
  reference: string;
  /** The note the seller reads, at most 400 characters. */
  note: string;
}

/** What is wrong with one payment of a file (index from 0) or the batch itself (no index). */
export interface PayoutFileProblem {
  index?: number;
  field: string;
  message: string;
}

/** A payout file that cannot be written; lists every problem. */
export class PayoutFileError extends Error {
  constructor(readonly problems: readonly PayoutFileProblem[]) {
    super(
      problems
        .map((problem) =>
          problem.index === undefined
            ? `${problem.field}: ${problem.message}`
            : `payment ${problem.index + 1}, ${problem.field}: ${problem.message}`,
        )
        .join('; '),
    );
    this.name = 'PayoutFileError';
  }
}

/** Letters SEPA's basic character set cannot carry, written the way German banks spell them. */
const transliterations: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  '&': '+',
};

/**
 * A text in the SEPA basic Latin character set (`a-z A-Z 0-9 / - ? : ( ) . , ' +` and space),
 * as every bank in the scheme must accept it: umlauts spelled out, other accents dropped, any
 * other character a space; runs of spaces folded; cut to `maxLength`.
 */
export function sepaText(text: string, maxLength: number): string {
  const spelled = [...text].map((character) => transliterations[character] ?? character).join('');
  return spelled
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

/** An identifier SEPA accepts: its character set, 1–35 long, no leading, trailing or double `/`. */
function isSepaIdentifier(id: string): boolean {
  return (
    /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(id) &&
    !id.startsWith('/') &&
    !id.endsWith('/') &&
    !id.includes('//')
  );
}

/** Whole cents as the message writes an amount: `1234` → `12.34`. */
export function decimalAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The largest amount of one transfer in a SEPA credit transfer: 999,999,999.99 €. */
const maxTransferCents = 99_999_999_999;

function checkAmount(cents: number, index: number, problems: PayoutFileProblem[]): void {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > maxTransferCents) {
    problems.push({
      index,
      field: 'amountCents',
      message: 'must be a whole number of cents above 0 and at most 999,999,999.99 €',
    });
  }
}

/** The IBAN in electronic format when it is valid; otherwise a problem. */
function checkedIban(
  iban: string,
  index: number | undefined,
  problems: PayoutFileProblem[],
): string {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic)) {
    problems.push({
      ...(index === undefined ? {} : { index }),
      field: 'iban',
      message: `${iban} is not a valid IBAN`,
    });
  }
  return electronic;
}

function checkedBic(
  bic: string | undefined,
  index: number | undefined,
  problems: PayoutFileProblem[],
): string | undefined {
  if (bic === undefined || bic.trim() === '') return undefined;
  const upper = bic.trim().toUpperCase();
  if (!isValidBIC(upper)) {
    problems.push({
      ...(index === undefined ? {} : { index }),
      field: 'bic',
      message: `${bic} is not a valid BIC`,
    });
  }
  return upper;
}

/** A financial institution: by BIC, or "not provided" (SEPA lets the IBAN alone route). */
function agent(bic: string | undefined) {
  return { FinInstnId: bic === undefined ? { Othr: { Id: 'NOTPROVIDED' } } : { BICFI: bic } };
}

/**
 * A SEPA credit transfer initiation (`pain.001.001.09`): one group header with the number of
 * transfers and their exact control sum, one payment information block from our account, one
 * transaction per transfer. Throws {@link PayoutFileError} naming every invalid payment
 * (amount, IBAN checksum, BIC, identifiers, a name that is empty in SEPA's character set).
 */
export function sepaCreditTransferXml(batch: SepaBatch): string {
  const problems: PayoutFileProblem[] = [];
  if (!isSepaIdentifier(batch.messageId)) {
    problems.push({ field: 'messageId', message: 'must be 1–35 SEPA characters' });
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.executionDate)) {
    problems.push({ field: 'executionDate', message: 'must be a day as YYYY-MM-DD' });
  }
  if (batch.transfers.length === 0) {
    problems.push({ field: 'transfers', message: 'a batch needs at least one transfer' });
  }
  const debtorName = sepaText(batch.debtor.name, 70);
  if (debtorName === '') problems.push({ field: 'debtor.name', message: 'must not be empty' });
  const debtorIban = checkedIban(batch.debtor.iban, undefined, problems);
  const debtorBic = checkedBic(batch.debtor.bic, undefined, problems);

  const endToEndIds = new Set<string>();
  let controlCents = 0;
  const transactions = batch.transfers.map((transfer, index) => {
    checkAmount(transfer.amountCents, index, problems);
    controlCents += transfer.amountCents;
    if (!isSepaIdentifier(transfer.endToEndId)) {
      problems.push({ index, field: 'endToEndId', message: 'must be 1–35 SEPA characters' });
    } else if (endToEndIds.has(transfer.endToEndId)) {
      problems.push({ index, field: 'endToEndId', message: 'is in this batch twice' });
    }
    endToEndIds.add(transfer.endToEndId);
    const name = sepaText(transfer.creditorName, 70);
    if (name === '') problems.push({ index, field: 'creditorName', message: 'must not be empty' });
    const iban = checkedIban(transfer.iban, index, problems);
    const bic = checkedBic(transfer.bic, index, problems);
    return {
      PmtId: { EndToEndId: transfer.endToEndId },
      Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': decimalAmount(transfer.amountCents) } },
      ...(bic === undefined ? {} : { CdtrAgt: agent(bic) }),
      Cdtr: { Nm: name },
      CdtrAcct: { Id: { IBAN: iban } },
      RmtInf: { Ustrd: sepaText(transfer.remittance, 140) },
    };
  });
  // Only a sum of valid amounts can be too large; an invalid amount is named above.
  if (
    !problems.some((problem) => problem.field === 'amountCents') &&
    !Number.isSafeInteger(controlCents)
  ) {
    problems.push({ field: 'transfers', message: 'the sum of the amounts is too large' });
  }
  if (problems.length > 0) throw new PayoutFileError(problems);

  const count = String(batch.transfers.length);
  const controlSum = decimalAmount(controlCents);
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': painNamespace,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.messageId,
          CreDtTm: batch.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          NbOfTxs: count,
          CtrlSum: controlSum,
          InitgPty: { Nm: debtorName },
        },
        PmtInf: {
          PmtInfId: batch.messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.executionDate },
          Dbtr: { Nm: debtorName },
          DbtrAcct: { Id: { IBAN: debtorIban } },
          DbtrAgt: agent(debtorBic),
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  });
  return builder.build(document) as string;
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** PayPal's limit of payouts per uploaded file. */
const paypalFileLimit = 5000;

/**
 * PayPal's bulk payout file: no header; per payout the recipient's e-mail, the amount with a
 * decimal comma in quotes (PayPal's form for euros), `EUR`, the trade number as customer id,
 * the note, and the wallet `PAYPAL`. Throws {@link PayoutFileError} naming every invalid payout.
 */
export function paypalPayoutsCsv(payouts: readonly PaypalPayout[]): string {
  const problems: PayoutFileProblem[] = [];
  if (payouts.length === 0) {
    problems.push({ field: 'payouts', message: 'a file needs at least one payout' });
  }
  if (payouts.length > paypalFileLimit) {
    problems.push({
      field: 'payouts',
      message: `PayPal takes at most ${paypalFileLimit} per file`,
    });
  }
  const references = new Set<string>();
  const lines = payouts.map((payout, index) => {
    checkAmount(payout.amountCents, index, problems);
    if (!/^[^\s@,"]+@[^\s@,"]+\.[^\s@,"]+$/.test(payout.email)) {
      problems.push({ index, field: 'email', message: `${payout.email} is not an e-mail address` });
    }
    if (!/^\S{1,30}$/.test(payout.reference)) {
      problems.push({ index, field: 'reference', message: 'must be 1–30 characters, no spaces' });
    } else if (references.has(payout.reference)) {
      problems.push({ index, field: 'reference', message: 'is in this file twice' });
    }
    references.add(payout.reference);
    const amount = decimalAmount(payout.amountCents).replace('.', ',');
    const note = payout.note.replace(/\s+/g, ' ').trim().slice(0, 400);
    return [payout.email, `"${amount}"`, 'EUR', payout.reference, csvField(note), 'PAYPAL'].join(
      ',',
    );
  });
  if (problems.length > 0) throw new PayoutFileError(problems);
  return `${lines.join('\r\n')}\r\n`;
}
