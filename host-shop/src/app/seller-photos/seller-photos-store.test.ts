import { randomUUID } from 'node:crypto';
import { ApiHttpError } from '@tradein/client-core';
import {
  apiErrorCode,
  maxSellerPhotoBytes,
  type SellerPhoto,
  type SellerPhotoList,
} from '@tradein/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  createSellerPhotoStore,
  problemOf,
  type SellerPhotoTransport,
} from './seller-photos-store.ts';

const target = { method: 'POST', path: '/api/trade/trades/:tradeNumber/items/:position/photos' };

/** A refusal of the trade API with its code. */
function refusal(status: number, code: string): ApiHttpError {
  return new ApiHttpError(target, status, { error: { code, message: 'refused' } });
}

function storedPhoto(): SellerPhoto {
  const id = randomUUID();
  return {
    id,
    position: 1,
    contentType: 'image/jpeg',
    sizeBytes: 1234,
    width: 640,
    height: 480,
    createdAt: '2026-03-02T09:00:00.000Z',
    path: `/api/trade/trades/T-2026-000001/items/1/photos/${id}`,
  };
}

/** A server of one line in memory: uploads take any file whose name does not say `refuse-`. */
function fakeServer(initial: SellerPhoto[] = [], editable = true) {
  const photos = [...initial];
  const list = (): SellerPhotoList => ({ position: 1, photos: [...photos], editable });
  const uploadRefusals = new Map<string, ApiHttpError>();
  const transport: SellerPhotoTransport = {
    list: vi.fn<SellerPhotoTransport['list']>(() => Promise.resolve(list())),
    upload: vi.fn<SellerPhotoTransport['upload']>((file, onProgress) => {
      onProgress(0.5);
      const refused = uploadRefusals.get((file as File).name);
      if (refused !== undefined) return Promise.reject(refused);
      photos.push(storedPhoto());
      return Promise.resolve(list());
    }),
    remove: vi.fn<SellerPhotoTransport['remove']>((photoId) => {
      const index = photos.findIndex((photo) => photo.id === photoId);
      if (index >= 0) photos.splice(index, 1);
      return Promise.resolve(list());
    }),
    image: vi.fn<SellerPhotoTransport['image']>((photo) => Promise.resolve(new Blob([photo.id]))),
  };
  return { transport, photos, uploadRefusals };
}

const imageUrl = async (blob: Blob) => `data:image/jpeg,${await blob.text()}`;
const photoFile = (name: string, size = 2048) => new File([new Uint8Array(size)], name);

describe('the store of a line’s photos', () => {
  it('shows the stored photos from their own bytes', async () => {
    const stored = [storedPhoto(), storedPhoto()];
    const { transport } = fakeServer(stored);
    const store = createSellerPhotoStore({ transport, imageUrl });
    await store.load();
    await vi.waitFor(() => expect(store.$state.get().photos.every((tile) => tile.url)).toBe(true));
    const state = store.$state.get();
    expect(state.status).toBe('ready');
    expect(state.editable).toBe(true);
    expect(state.photos.map((tile) => [tile.id, tile.url])).toEqual(
      stored.map((photo) => [photo.id, `data:image/jpeg,${photo.id}`]),
    );
  });

  it('uploads chosen files one after another and says what was refused, by file name', async () => {
    const server = fakeServer();
    server.uploadRefusals.set('notes.jpg', refusal(415, apiErrorCode.photoType));
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl });
    await store.load();
    const progress: number[] = [];
    store.$state.listen((state) => {
      for (const upload of state.uploads) progress.push(upload.progress);
    });

    await store.addFiles([photoFile('front.jpg'), photoFile('notes.jpg'), photoFile('back.png')]);
    const state = store.$state.get();
    expect(state.photos).toHaveLength(2);
    expect(state.uploads).toEqual([]);
    expect(state.notices.map(({ fileName, problem }) => ({ fileName, problem }))).toEqual([
      { fileName: 'notes.jpg', problem: 'type' },
    ]);
    expect(progress).toContain(0.5);
    expect(
      vi.mocked(server.transport.upload).mock.calls.map(([file]) => (file as File).name),
    ).toEqual(['front.jpg', 'notes.jpg', 'back.png']);

    const [notice] = state.notices;
    store.dismiss(notice?.key ?? 0);
    expect(store.$state.get().notices).toEqual([]);
  });

  it('refuses a file over 10 MB and a seventh photo without sending them', async () => {
    const server = fakeServer(Array.from({ length: 5 }, storedPhoto));
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl });
    await store.load();
    await store.addFiles([
      photoFile('huge.jpg', maxSellerPhotoBytes + 1),
      photoFile('sixth.jpg'),
      photoFile('seventh.jpg'),
    ]);
    expect(
      vi.mocked(server.transport.upload).mock.calls.map(([file]) => (file as File).name),
    ).toEqual(['sixth.jpg']);
    expect(
      store.$state.get().notices.map(({ fileName, problem }) => ({ fileName, problem })),
    ).toEqual([
      { fileName: 'huge.jpg', problem: 'tooLarge' },
      { fileName: 'seventh.jpg', problem: 'limit' },
    ]);
    expect(store.$state.get().photos).toHaveLength(6);
  });

  it('stops offering changes once the server says the parcel is shipped', async () => {
    const server = fakeServer([storedPhoto()]);
    server.uploadRefusals.set('late.jpg', refusal(409, apiErrorCode.tradeShipped));
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl });
    await store.load();
    await store.addFiles([photoFile('late.jpg')]);
    expect(store.$state.get().editable).toBe(false);
    expect(store.$state.get().notices.map((notice) => notice.problem)).toEqual(['shipped']);
  });

  it('removes a photo, and says so when it could not', async () => {
    const stored = [storedPhoto(), storedPhoto()];
    const server = fakeServer(stored);
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl });
    await store.load();
    await store.remove(stored[0]?.id ?? '');
    expect(store.$state.get().photos.map((tile) => tile.id)).toEqual([stored[1]?.id]);

    vi.mocked(server.transport.remove).mockRejectedValueOnce(new TypeError('offline'));
    await store.remove(stored[1]?.id ?? '');
    const state = store.$state.get();
    expect(state.photos.map((tile) => [tile.id, tile.removing])).toEqual([[stored[1]?.id, false]]);
    expect(state.notices.map((notice) => notice.problem)).toEqual(['removeFailed']);
  });

  it('reports a refused session and a failed load', async () => {
    const server = fakeServer();
    const onSessionEnded = vi.fn<() => void>();
    vi.mocked(server.transport.list).mockRejectedValueOnce(refusal(401, apiErrorCode.unauthorized));
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl, onSessionEnded });
    await store.load();
    expect(store.$state.get().status).toBe('failed');
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    await store.load();
    expect(store.$state.get().status).toBe('ready');
  });

  it('changes nothing after it is disposed', async () => {
    const server = fakeServer();
    const store = createSellerPhotoStore({ transport: server.transport, imageUrl });
    await store.load();
    const before = store.$state.get();
    store.dispose();
    await store.addFiles([photoFile('after.jpg')]);
    expect(store.$state.get()).toBe(before);
  });
});

describe('problemOf', () => {
  it.each([
    [refusal(415, apiErrorCode.photoType), 'type'],
    [refusal(413, apiErrorCode.photoTooLarge), 'tooLarge'],
    [refusal(413, apiErrorCode.payloadTooLarge), 'tooLarge'],
    [new ApiHttpError(target, 413, undefined), 'tooLarge'],
    [refusal(409, apiErrorCode.photoLimit), 'limit'],
    [refusal(409, apiErrorCode.tradeShipped), 'shipped'],
    [refusal(401, apiErrorCode.unauthorized), 'session'],
    [refusal(500, apiErrorCode.internalError), 'failed'],
    [new TypeError('Failed to fetch'), 'failed'],
  ])('reads %s as %s', (error, problem) => {
    expect(problemOf(error)).toBe(problem);
  });
});
