import { Trans } from '@lingui/react/macro';
import { LabelButton } from './label-button.tsx';
import type { AttentionItem } from './trades-overview.ts';

/**
 * The trades that wait for the seller, each with what to do next and the button that does it:
 * review a revised offer (opens the trade's detail at its decision), or save the shipping label.
 */
export function NeedsAttention({
  items,
  onReview,
}: {
  items: readonly AttentionItem[];
  /** Opens a trade's detail and moves the focus to its revised offer. */
  onReview(tradeNumber: string): void;
}) {
  if (items.length === 0) {
    return (
      <p className="attention-calm">
        <Trans>
          Nothing to do for you right now. We write to you by e-mail as soon as one of your trades
          needs you.
        </Trans>
      </p>
    );
  }
  return (
    <ul className="attention-list">
      {items.map(({ kind, trade }) => {
        const { tradeNumber } = trade;
        return (
          <li key={`${kind}-${tradeNumber}`} className="attention-item" data-kind={kind}>
            {kind === 'clarification' ? (
              <>
                <h3>
                  {tradeNumber}: <Trans>Decide on the revised offer</Trans>
                </h3>
                <p>
                  <Trans>
                    We checked your devices and revised the offer. Accept it, or get your devices
                    back.
                  </Trans>
                </p>
                <button type="button" className="button" onClick={() => onReview(tradeNumber)}>
                  <Trans>
                    Review the revised offer{' '}
                    <span className="visually-hidden">of trade {tradeNumber}</span>
                  </Trans>
                </button>
              </>
            ) : (
              <>
                <h3>
                  {tradeNumber}: <Trans>Send us your parcel</Trans>
                </h3>
                <p>
                  <Trans>
                    Print the shipping label, stick it on your parcel with the devices and hand the
                    parcel to the carrier.
                  </Trans>
                </p>
                <LabelButton tradeNumber={tradeNumber} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
