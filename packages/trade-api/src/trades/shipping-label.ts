import { msg } from '@lingui/core/macro';
import { addressInputSchema } from '@tradein/contract';
import { editionCodeSchema, getEdition, type EditionCode } from '@tradein/editions';
import { isValidPostalCode } from '@tradein/editions/client';
import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { code128Modules } from './code128.ts';
import { postalAddressLines } from './postal-address.ts';
import { receivingAddressLines } from './receiving-addresses.ts';

/** What the label prints. */
export interface ShippingLabelInput {
  edition: EditionCode;
  tradeNumber: string;
  /** Sender address lines (the customer), as {@link senderLines} makes them. */
  sender: readonly string[];
  deviceCount: number;
  /** The selling company's VAT ID of a business trade, printed under the sender; null if none. */
  vatId?: string | null;
}

/** The parts of one label line that passed their rules, joined by spaces. */
function joined(...parts: (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined).join(' ');
}

/** The fields of an address, each checked with its own rule. */
type AddressField = keyof typeof addressInputSchema.shape;

/**
 * The sender lines of a label from the address stored with a trade (its JSON snapshot), in the
 * order and form of the edition's country ({@link postalAddressLines}), then the country code.
 * Each part is printed only if it passes the rule a request must pass today (names as names,
 * lines without web addresses, the postal code of the country): a trade stored before a rule, or
 * written around the API, must not get an advertisement printed in our name. What fails is left
 * out; the rest still tells the carrier where the parcel comes from.
 */
export function senderLines(snapshot: string, edition: EditionCode): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(snapshot);
  } catch {
    return [];
  }
  const stored =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const passing = (field: AddressField): string | undefined => {
    const value = stored[field];
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return addressInputSchema.shape[field].safeParse(value).success ? value.trim() : undefined;
  };
  const country = editionCodeSchema.safeParse(stored['country']);
  const zip = passing('zip');
  const validZip =
    country.success && zip !== undefined && isValidPostalCode(country.data, zip) ? zip : undefined;
  const name = joined(passing('firstName'), passing('lastName'));
  const lines = postalAddressLines(
    {
      recipient: [name, passing('company')],
      street: passing('street'),
      houseNumber: passing('houseNumber'),
      addition: passing('addressAddition'),
      postalCode: validZip,
      city: passing('city'),
    },
    edition,
  );
  return country.success ? [...lines, country.data.toUpperCase()] : lines;
}

/**
 * The standard PDF fonts speak WinAnsi only: letters outside it (emoji, Cyrillic, …) become
 * "?" rather than failing the whole label.
 */
function printable(font: PDFFont, text: string): string {
  return [...text]
    .map((character) => {
      try {
        font.encodeText(character);
        return character;
      } catch {
        return '?';
      }
    })
    .join('');
}

function drawLines(
  page: PDFPage,
  font: PDFFont,
  lines: readonly string[],
  x: number,
  top: number,
  size: number,
): number {
  let y = top;
  for (const line of lines) {
    page.drawText(printable(font, line), { x, y, size, font });
    y -= size * 1.3;
  }
  return y;
}

/** Draws Code 128 bars of the text with rectangles; returns nothing, fills `width` exactly. */
function drawBarcode(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const modules = code128Modules(text);
  const moduleWidth = width / modules.length;
  let start = -1;
  for (let index = 0; index <= modules.length; index += 1) {
    const dark = modules[index] === '1';
    if (dark && start < 0) start = index;
    if (!dark && start >= 0) {
      page.drawRectangle({
        x: x + start * moduleWidth,
        y,
        width: (index - start) * moduleWidth,
        height,
        color: rgb(0, 0, 0),
      });
      start = -1;
    }
  }
}

/**
 * The A6 shipping label of a trade: carrier of the edition, sender (the customer), our
 * receiving address, the trade number as text and as a Code 128 barcode, texts in the
 * edition's language.
 */
export async function renderShippingLabel(input: ShippingLabelInput): Promise<Uint8Array> {
  const i18n = i18nForEdition(input.edition);
  const edition = getEdition(input.edition);
  const carrier = edition.footerShippingLogo.carrier;
  const { tradeNumber, deviceCount } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(i18n._(msg`Shipping label ${tradeNumber}`));
  pdf.setLanguage(edition.icuLocale);
  const page = pdf.addPage(PageSizes.A6);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = PageSizes.A6;
  const margin = 18;

  page.drawRectangle({ x: 0, y: height - 40, width, height: 40, color: rgb(0.1, 0.1, 0.1) });
  page.drawText(printable(bold, carrier), {
    x: margin,
    y: height - 27,
    size: 16,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText(printable(regular, i18n._(msg`Postage paid`)), {
    x: width - margin - 80,
    y: height - 25,
    size: 9,
    font: regular,
    color: rgb(1, 1, 1),
  });

  let y = height - 58;
  page.drawText(printable(bold, i18n._(msg`Sender`)), { x: margin, y, size: 8, font: bold });
  const vatId = input.vatId ?? null;
  const sender = vatId === null ? input.sender : [...input.sender, i18n._(msg`VAT ID ${vatId}`)];
  y = drawLines(page, regular, sender, margin, y - 11, 8);

  y -= 8;
  page.drawText(printable(bold, i18n._(msg`Recipient`)), { x: margin, y, size: 9, font: bold });
  y = drawLines(page, bold, receivingAddressLines(input.edition), margin, y - 14, 12);

  y -= 6;
  page.drawText(printable(bold, i18n._(msg`Trade number`)), { x: margin, y, size: 8, font: bold });
  page.drawText(input.tradeNumber, { x: margin, y: y - 18, size: 16, font: bold });
  drawBarcode(page, input.tradeNumber, margin, 58, width - 2 * margin, 50);
  page.drawText(input.tradeNumber, { x: margin, y: 46, size: 8, font: regular });
  page.drawText(
    printable(
      regular,
      i18n._(
        msg`${deviceCount} device(s). Pack them safely and ship free of charge with ${carrier}.`,
      ),
    ),
    { x: margin, y: 24, size: 6.5, font: regular, maxWidth: width - 2 * margin },
  );
  return pdf.save();
}
