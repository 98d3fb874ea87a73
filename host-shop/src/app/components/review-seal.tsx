import { Trans } from '@lingui/react/macro';

/**
 * The eKomi review seal as the shop draws it itself: a star mark, the words and a link to the
 * edition's review page at eKomi (a new tab, which the link's name says). It needs no script,
 * so it looks the same whether or not the visitor allowed eKomi's widgets (statistics and
 * marketing).
 */
export function ReviewSeal({ reviewPageUrl }: { reviewPageUrl: string }) {
  return (
    <div className="review-seal">
      <svg
        className="review-seal__mark"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M24 10.5l4.1 8.4 9.2 1.3-6.7 6.5 1.6 9.2-8.2-4.3-8.2 4.3 1.6-9.2-6.7-6.5 9.2-1.3z"
          fill="currentColor"
        />
      </svg>
      <p className="review-seal__title">
        <Trans>Verified customer reviews</Trans>
      </p>
      <a className="review-seal__link" href={reviewPageUrl} target="_blank" rel="noopener">
        <Trans>Read our reviews on eKomi</Trans>{' '}
        <span className="visually-hidden">
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    </div>
  );
}
