import {
  apiErrorCode,
  maxSellerPhotoBytes,
  maxSellerPhotosPerLine,
  type SellerPhoto,
  type SellerPhotoList,
} from '@tradein/contract';
import { ApiHttpError, apiHttpStatus } from '@tradein/client-core';
import { atom, type ReadableAtom } from 'nanostores';

/** Why a photo was not added or removed, as the seller is told. */
export type PhotoProblem =
  'type' | 'tooLarge' | 'limit' | 'shipped' | 'session' | 'removeFailed' | 'failed';

/** A stored photo as the page shows it: its bytes as a `data:` URL once they are loaded. */
export interface PhotoTile {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** Null while the bytes load (a placeholder of the photo's shape is shown). */
  readonly url: string | null;
  /** A removal of it is under way. */
  readonly removing: boolean;
}

/** A chosen file on its way to the server. */
export interface PendingUpload {
  readonly key: number;
  readonly fileName: string;
  /** Share of the bytes sent, 0 to 1. */
  readonly progress: number;
}

/** A refusal, named by the file (or removal) it concerns. */
export interface PhotoNotice {
  readonly key: number;
  readonly fileName: string | null;
  readonly problem: PhotoProblem;
}

/** The photos of one device as its part of the page shows them. */
export interface LinePhotosState {
  readonly status: 'loading' | 'failed' | 'ready';
  readonly photos: readonly PhotoTile[];
  readonly uploads: readonly PendingUpload[];
  readonly notices: readonly PhotoNotice[];
  /** Photos may be added and removed (the parcel is not yet shipped). */
  readonly editable: boolean;
}

/** How the store reaches the trade API for one line (account-api.ts and photo-upload.ts). */
export interface SellerPhotoTransport {
  list(signal: AbortSignal): Promise<SellerPhotoList>;
  upload(
    file: Blob,
    onProgress: (share: number) => void,
    signal: AbortSignal,
  ): Promise<SellerPhotoList>;
  remove(photoId: string): Promise<SellerPhotoList>;
  /** The stored bytes of a photo (JPEG without metadata). */
  image(photo: SellerPhoto, signal: AbortSignal): Promise<Blob>;
}

/** What a store needs besides the transport. */
export interface SellerPhotoStoreOptions {
  transport: SellerPhotoTransport;
  /** A refused session: the page may show its login again. */
  onSessionEnded?: () => void;
  /** The URL an image element shows the bytes by; default: a `data:` URL. */
  imageUrl?: (blob: Blob) => Promise<string>;
}

/**
 * The bytes as a `data:` URL: the page's content security policy takes images from our origin
 * and `data:` only, and the photos need the bearer token, so no plain URL can show them.
 */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('unreadable image')));
    reader.readAsDataURL(blob);
  });
}

/** The photos of one device with the seller's actions on them. */
export interface SellerPhotoStore {
  readonly $state: ReadableAtom<LinePhotosState>;
  /** Loads the stored photos (again, after a failure). */
  load(): Promise<void>;
  /** Sends the chosen files one after another; refuses at once what cannot be taken. */
  addFiles(files: readonly File[]): Promise<void>;
  remove(photoId: string): Promise<void>;
  /** Takes a notice off the page. */
  dismiss(key: number): void;
  /** Stops what is under way; the store changes no more. */
  dispose(): void;
}

/** The problem an API refusal stands for. */
export function problemOf(error: unknown): PhotoProblem {
  const status = apiHttpStatus(error);
  if (status === 401 || (error instanceof Error && error.name === 'ApiAuthError')) return 'session';
  const code = error instanceof ApiHttpError ? error.body?.error.code : undefined;
  switch (code) {
    case apiErrorCode.photoType:
      return 'type';
    case apiErrorCode.photoTooLarge:
    case apiErrorCode.payloadTooLarge:
      return 'tooLarge';
    case apiErrorCode.photoLimit:
      return 'limit';
    case apiErrorCode.tradeShipped:
      return 'shipped';
    default:
      return status === 413 ? 'tooLarge' : 'failed';
  }
}

/**
 * The store of one device's photos: what is stored (shown from its own bytes, so the seller sees
 * exactly what was kept), the uploads under way with their progress, and what was refused and
 * why. A file over 10 MB, or one over the six a device may have, is refused before sending;
 * whether a file is a photo at all is the server's to say (it reads the content).
 */
export function createSellerPhotoStore(options: SellerPhotoStoreOptions): SellerPhotoStore {
  const { transport } = options;
  const imageUrl = options.imageUrl ?? dataUrlOf;
  const $state = atom<LinePhotosState>({
    status: 'loading',
    photos: [],
    uploads: [],
    notices: [],
    editable: false,
  });
  const lifetime = new AbortController();
  let nextKey = 1;
  let queue: Promise<void> = Promise.resolve();

  const update = (change: (state: LinePhotosState) => LinePhotosState) => {
    if (!lifetime.signal.aborted) $state.set(change($state.get()));
  };
  const notify = (fileName: string | null, problem: PhotoProblem) => {
    if (problem === 'session') options.onSessionEnded?.();
    const key = nextKey++;
    update((state) => ({
      ...state,
      // One notice per problem kind is enough; the newest names its file.
      notices: [
        ...state.notices.filter((notice) => notice.problem !== problem),
        { key, fileName, problem },
      ],
    }));
  };

  /** Loads the bytes of a stored photo into its tile. */
  const loadImage = async (photo: SellerPhoto) => {
    try {
      const url = await imageUrl(await transport.image(photo, lifetime.signal));
      update((state) => ({
        ...state,
        photos: state.photos.map((tile) => (tile.id === photo.id ? { ...tile, url } : tile)),
      }));
    } catch {
      // The tile keeps its placeholder; the photo itself is stored all the same.
    }
  };

  /** Shows the server's list: known tiles keep their bytes, new ones load theirs. */
  const show = (list: SellerPhotoList) => {
    const known = new Map($state.get().photos.map((tile) => [tile.id, tile]));
    update((state) => ({
      ...state,
      status: 'ready',
      editable: list.editable,
      photos: list.photos.map(
        (photo) =>
          known.get(photo.id) ?? {
            id: photo.id,
            width: photo.width,
            height: photo.height,
            url: null,
            removing: false,
          },
      ),
    }));
    for (const photo of list.photos) if (!known.has(photo.id)) void loadImage(photo);
  };

  const uploadOne = async (file: File, key: number) => {
    try {
      const list = await transport.upload(
        file,
        (progress) =>
          update((state) => ({
            ...state,
            uploads: state.uploads.map((upload) =>
              upload.key === key ? { ...upload, progress } : upload,
            ),
          })),
        lifetime.signal,
      );
      show(list);
    } catch (error) {
      if (lifetime.signal.aborted) return;
      const problem = problemOf(error);
      notify(file.name, problem);
      if (problem === 'shipped') update((state) => ({ ...state, editable: false }));
    } finally {
      update((state) => ({
        ...state,
        uploads: state.uploads.filter((upload) => upload.key !== key),
      }));
    }
  };

  return {
    $state,
    async load() {
      update((state) => ({ ...state, status: 'loading' }));
      try {
        show(await transport.list(lifetime.signal));
      } catch (error) {
        if (lifetime.signal.aborted) return;
        if (problemOf(error) === 'session') options.onSessionEnded?.();
        update((state) => ({ ...state, status: 'failed' }));
      }
    },
    addFiles(files) {
      for (const file of files) {
        const state = $state.get();
        if (state.photos.length + state.uploads.length >= maxSellerPhotosPerLine) {
          notify(file.name, 'limit');
          continue;
        }
        if (file.size > maxSellerPhotoBytes) {
          notify(file.name, 'tooLarge');
          continue;
        }
        const key = nextKey++;
        update((current) => ({
          ...current,
          uploads: [...current.uploads, { key, fileName: file.name, progress: 0 }],
        }));
        // One upload at a time, in the order chosen: the photos are stored in that order.
        queue = queue.then(() => uploadOne(file, key));
      }
      return queue;
    },
    async remove(photoId) {
      const marking = (removing: boolean) =>
        update((state) => ({
          ...state,
          photos: state.photos.map((tile) => (tile.id === photoId ? { ...tile, removing } : tile)),
        }));
      marking(true);
      try {
        show(await transport.remove(photoId));
      } catch (error) {
        marking(false);
        const problem = problemOf(error);
        notify(null, problem === 'failed' ? 'removeFailed' : problem);
        if (problem === 'shipped') update((state) => ({ ...state, editable: false }));
      }
    },
    dismiss(key) {
      update((state) => ({
        ...state,
        notices: state.notices.filter((notice) => notice.key !== key),
      }));
    },
    dispose() {
      lifetime.abort();
    },
  };
}
