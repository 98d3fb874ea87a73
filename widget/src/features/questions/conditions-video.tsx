import { Trans, useLingui } from '@lingui/react/macro';
import { getClientEdition, type EditionCode } from '@tradein/editions/client';
import { useState } from 'react';

/** A conditions video and its captions, in one language. */
export interface ConditionsVideoMedia {
  readonly language: string;
  readonly video: string;
  readonly captions: string;
  /** Length as shown next to the link, m:ss. */
  readonly duration: string;
}

// Files beside this module: the build fingerprints them and resolves them against the chunk's
// own URL, so they load from the widget's origin on a partner's page too.
// Rendered by scripts/make-conditions-video.mjs.
const videosByLanguage: Readonly<Record<string, ConditionsVideoMedia>> = {
  de: {
    language: 'de',
    video: new URL('./media/conditions-de.webm', import.meta.url).href,
    captions: new URL('./media/conditions-de.vtt', import.meta.url).href,
    duration: '0:28',
  },
};

/** The conditions video of an edition, when it has one (`hasConditionsVideo`) in its language. */
export function conditionsVideoFor(edition: EditionCode): ConditionsVideoMedia | undefined {
  const { hasConditionsVideo, language } = getClientEdition(edition);
  return hasConditionsVideo ? videosByLanguage[language] : undefined;
}

/**
 * The video that shows how to judge a device's condition, folded away under a link: nothing is
 * downloaded until the seller opens it, and the questions keep their place on small screens.
 */
export function ConditionsVideo({ edition }: { edition: EditionCode }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const media = conditionsVideoFor(edition);
  if (media === undefined) return null;
  const { duration } = media;
  const captionsLabel =
    new Intl.DisplayNames(i18n.locales ?? i18n.locale, { type: 'language' }).of(media.language) ??
    media.language;
  return (
    <details
      className="conditions-video"
      part="conditions-video"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="conditions-video-summary">
        <Trans>Video: how to judge the condition ({duration})</Trans>
      </summary>
      {open && (
        <video
          className="conditions-video-player"
          controls
          preload="metadata"
          crossOrigin="anonymous"
          width={640}
          height={360}
          src={media.video}
        >
          <track
            kind="captions"
            srcLang={media.language}
            label={captionsLabel}
            src={media.captions}
            default
          />
        </video>
      )}
    </details>
  );
}
