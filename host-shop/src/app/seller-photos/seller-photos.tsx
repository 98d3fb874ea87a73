import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { maxSellerPhotosPerLine, sellerPhotoUploadTypes } from '@tradein/contract';
import { useEffect, useId, useMemo, type ChangeEvent } from 'react';
import { accountApi } from '../account/account-api.ts';
import { endRefusedSession } from '../account/session.ts';
import { accountPhotoTransport } from './seller-photo-transport.ts';
import {
  createSellerPhotoStore,
  type LinePhotosState,
  type PhotoNotice,
  type SellerPhotoStore,
} from './seller-photos-store.ts';

/** A device of the trade, as the photos name it. */
interface PhotoLine {
  position: number;
  name: string;
}

/** What the file picker offers: the formats the server takes (it checks the content itself). */
const acceptedTypes = sellerPhotoUploadTypes.join(',');

/** A session refused for an upload: a logged-in page shows its login form again. */
function sessionEnded(): void {
  void endRefusedSession(accountApi());
}

/**
 * The seller's own photos of each device of a trade, before the parcel is sent: up to six per
 * device, picked from the phone's camera or files, with a preview of what was stored (without
 * location or other hidden data), the progress of each upload, removal, and a clear word on
 * every refusal. Used on the thank-you page (headings from h2) and in the account's trade detail
 * (from h4).
 */
export function SellerPhotos({
  tradeNumber,
  lines,
  headingLevel,
}: {
  tradeNumber: string;
  lines: readonly PhotoLine[];
  headingLevel: 2 | 4;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  return (
    <section className="trade-section seller-photos" aria-labelledby={headingId}>
      <Heading id={headingId}>
        <Trans>Photos of your devices</Trans>
      </Heading>
      <p className="field-hint">
        <Trans>
          Before you send your parcel you may add up to {maxSellerPhotosPerLine} photos of each
          device: they help our team when checking it. JPEG, PNG or WebP, at most 10 MB each. We
          remove the location and all other hidden data from every photo.
        </Trans>
      </p>
      {lines.map((line) => (
        <LinePhotos
          key={line.position}
          tradeNumber={tradeNumber}
          line={line}
          headingLevel={headingLevel}
        />
      ))}
    </section>
  );
}

/** The photos of one device: the store of the line, drawn. */
function LinePhotos({
  tradeNumber,
  line,
  headingLevel,
}: {
  tradeNumber: string;
  line: PhotoLine;
  headingLevel: 2 | 4;
}) {
  const store = useMemo(
    () =>
      createSellerPhotoStore({
        transport: accountPhotoTransport(tradeNumber, line.position),
        onSessionEnded: sessionEnded,
      }),
    [tradeNumber, line.position],
  );
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  const state = useStore(store.$state);
  const Heading = headingLevel === 2 ? 'h3' : 'h5';
  return (
    <div
      className="seller-photos__line"
      data-position={line.position}
      aria-busy={state.status === 'loading' || state.uploads.length > 0}
    >
      <Heading>{line.name}</Heading>
      <LineBody state={state} store={store} name={line.name} />
    </div>
  );
}

function LineBody({
  state,
  store,
  name,
}: {
  state: LinePhotosState;
  store: SellerPhotoStore;
  name: string;
}) {
  const { t } = useLingui();
  const inputId = useId();
  if (state.status === 'loading') {
    return (
      <output className="seller-photos__loading">
        <span className="seller-photos__placeholder" aria-hidden="true" />
        <span className="visually-hidden">
          <Trans>Loading the photos of {name}…</Trans>
        </span>
      </output>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <Trans>
            We could not load the photos of {name}. Check your connection and try again.
          </Trans>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void store.load()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }

  const count = state.photos.length;
  const room = maxSellerPhotosPerLine - count - state.uploads.length;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // Cleared, so the same file can be chosen again after a refusal.
    event.currentTarget.value = '';
    void store.addFiles(files);
  };

  return (
    <>
      {count + state.uploads.length === 0 ? null : (
        <ul className="seller-photos__grid">
          {state.photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li key={photo.id} className="seller-photos__tile" data-photo-id={photo.id}>
                {photo.url === null ? (
                  <>
                    <span className="seller-photos__placeholder" aria-hidden="true" />
                    <span className="visually-hidden">
                      <Trans>
                        Photo {number} of {name}, loading
                      </Trans>
                    </span>
                  </>
                ) : (
                  <img
                    src={photo.url}
                    width={photo.width}
                    height={photo.height}
                    alt={t`Photo ${number} of ${name}`}
                  />
                )}
                {state.editable ? (
                  <button
                    type="button"
                    className="button button--secondary seller-photos__remove"
                    aria-disabled={photo.removing}
                    onClick={() => {
                      if (!photo.removing) void store.remove(photo.id);
                    }}
                  >
                    <Trans>
                      Remove{' '}
                      <span className="visually-hidden">
                        photo {number} of {name}
                      </span>
                    </Trans>
                  </button>
                ) : null}
              </li>
            );
          })}
          {state.uploads.map((upload) => {
            const fileName = upload.fileName;
            const percent = Math.round(upload.progress * 100);
            return (
              <li key={upload.key} className="seller-photos__tile seller-photos__tile--pending">
                <span className="seller-photos__placeholder" aria-hidden="true" />
                <progress max={100} value={percent} aria-label={t`Uploading ${fileName}`} />
                <span className="field-hint">
                  <Trans>Uploading… {percent} %</Trans>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {state.notices.map((notice) => (
        <NoticeLine key={notice.key} notice={notice} onDismiss={() => store.dismiss(notice.key)} />
      ))}
      {state.editable ? (
        <div className="seller-photos__add">
          {room > 0 ? (
            <>
              <input
                id={inputId}
                className="seller-photos__input"
                type="file"
                accept={acceptedTypes}
                multiple
                onChange={choose}
              />
              <label htmlFor={inputId} className="button button--secondary">
                <Trans>
                  Add photos <span className="visually-hidden">of {name}</span>
                </Trans>
              </label>
            </>
          ) : null}
          <p className="field-hint">
            <Trans>
              {count} of {maxSellerPhotosPerLine} photos added
            </Trans>
          </p>
        </div>
      ) : (
        <p className="field-hint">
          <Trans>Your parcel is on its way: these photos can no longer be changed.</Trans>
        </p>
      )}
    </>
  );
}

/** A refusal in the seller's words, with the file it concerns and what to do. */
function NoticeLine({ notice, onDismiss }: { notice: PhotoNotice; onDismiss(): void }) {
  return (
    <div
      className="notice notice--error seller-photos__notice"
      role="alert"
      data-problem={notice.problem}
    >
      <p>
        {notice.fileName === null ? null : (
          <>
            <strong className="seller-photos__file">{notice.fileName}</strong>{' '}
          </>
        )}
        <NoticeText problem={notice.problem} />
      </p>
      <button type="button" className="button button--secondary" onClick={onDismiss}>
        <Trans>OK</Trans>
      </button>
    </div>
  );
}

function NoticeText({ problem }: { problem: PhotoNotice['problem'] }) {
  switch (problem) {
    case 'type':
      return (
        <Trans>
          This file is not a photo we can take: only JPEG, PNG or WebP photos can be added.
        </Trans>
      );
    case 'tooLarge':
      return <Trans>This photo is larger than 10 MB. Please choose a smaller one.</Trans>;
    case 'limit':
      return (
        <Trans>
          Not added: a device can have at most {maxSellerPhotosPerLine} photos. Remove one first.
        </Trans>
      );
    case 'shipped':
      return <Trans>Your parcel is on its way: photos can no longer be added or removed.</Trans>;
    case 'session':
      return <Trans>Your session has ended. Please log in again to add photos.</Trans>;
    case 'removeFailed':
      return <Trans>The photo could not be removed. Check your connection and try again.</Trans>;
    case 'failed':
      return <Trans>This photo could not be uploaded. Check your connection and try again.</Trans>;
  }
}
