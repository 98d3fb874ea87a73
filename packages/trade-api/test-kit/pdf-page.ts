import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The first page of a PDF (a shipping label, a credit note) as a test reads it: every content
 * stream decoded to text, and the page's size in points.
 */
export async function firstPdfPage(
  bytes: Uint8Array,
): Promise<{ text: string; size: [number, number] }> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => pdf.context.lookup(ref))
      : [contents];
  const text = streams
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
        : '',
    )
    .join('\n');
  const { width, height } = page.getSize();
  return { text, size: [width, height] };
}

/** How the standard fonts write a text into a content stream: upper-case hex. */
export function hexOf(text: string): string {
  return Buffer.from(text, 'latin1').toString('hex').toUpperCase();
}
