// @vitest-environment happy-dom
import type { ApiClient } from '@tradein/client-core';
import { tradeLabelEndpoint } from '@tradein/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadLabel, labelFileName, objectUrlLifetimeMs, saveFile } from './label-download.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('labelFileName', () => {
  it('names the file like the attachment of the confirmation mail', () => {
    expect(labelFileName('T-2026-000123')).toBe('label-T-2026-000123.pdf');
  });
});

describe('downloadLabel', () => {
  it("fetches the trade's label as a blob and saves it under its file name", async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const call = vi.fn<() => Promise<Blob>>(() => Promise.resolve(pdf));
    const save = vi.fn<(blob: Blob, fileName: string) => void>();
    await downloadLabel(
      { environment: 'production', call } as unknown as ApiClient,
      'T-2026-000123',
      save,
    );
    expect(call).toHaveBeenCalledWith(tradeLabelEndpoint, {
      params: { tradeNumber: 'T-2026-000123' },
      responseType: 'blob',
    });
    expect(save).toHaveBeenCalledWith(pdf, 'label-T-2026-000123.pdf');
  });

  it('saves nothing when the call fails', async () => {
    const refused = new Error('HTTP 404');
    const call = vi.fn<() => Promise<Blob>>(() => Promise.reject(refused));
    const save = vi.fn<(blob: Blob, fileName: string) => void>();
    await expect(
      downloadLabel(
        { environment: 'production', call } as unknown as ApiClient,
        'T-2026-000123',
        save,
      ),
    ).rejects.toBe(refused);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('saveFile', () => {
  it('clicks a download link to an object URL once, removes it and frees the URL later', () => {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

    saveFile(blob, 'label-T-2026-000123.pdf');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:label', download: 'label-T-2026-000123.pdf', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    // Kept while the browser starts the download, then freed.
    vi.advanceTimersByTime(objectUrlLifetimeMs - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:label');
  });
});
