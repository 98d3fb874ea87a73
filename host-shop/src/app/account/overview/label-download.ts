import type { ApiClient } from '@tradein/client-core';
import { tradeLabelEndpoint } from '@tradein/contract';

/**
 * How long a saved file's object URL is kept. The browser reads it once the download starts,
 * after the click's task; freed at once, some browsers cancel the download.
 */
export const objectUrlLifetimeMs = 40_000;

/** The file name of a trade's shipping label, as the confirmation mail attaches it. */
export function labelFileName(tradeNumber: string): string {
  return `label-${tradeNumber}.pdf`;
}

/**
 * Saves a file the page holds in memory under a name: a temporary link to an object URL with
 * `download`, clicked once; the URL is revoked after `objectUrlLifetimeMs`.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
  }
}

/**
 * Fetches a trade's shipping label (the bearer call answers a PDF) and saves it as
 * `label-<tradeNumber>.pdf`. Rejects with the call's error.
 */
export async function downloadLabel(
  api: ApiClient,
  tradeNumber: string,
  save: (blob: Blob, fileName: string) => void = saveFile,
): Promise<void> {
  const blob = await api.call(tradeLabelEndpoint, {
    params: { tradeNumber },
    responseType: 'blob',
  });
  save(blob, labelFileName(tradeNumber));
}
