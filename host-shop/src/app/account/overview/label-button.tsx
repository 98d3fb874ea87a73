import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { accountApi } from '../account-api.ts';
import { endRefusedSession, endsSession } from '../session.ts';
import { downloadLabel, labelFileName } from './label-download.ts';

/**
 * The button that saves a trade's shipping label as `label-<tradeNumber>.pdf`, with what
 * happened said in a status line (preparing, saved, failed with what to do).
 */
export function LabelButton({ tradeNumber }: { tradeNumber: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'saved' | 'failed'>('idle');
  const loading = useRef(false);
  const fileName = labelFileName(tradeNumber);

  async function save() {
    // A ref, not the state: a double click lands before the state of the first one is drawn.
    if (loading.current) return;
    loading.current = true;
    setState('loading');
    const api = accountApi();
    try {
      await downloadLabel(api, tradeNumber);
      setState('saved');
    } catch (error) {
      if (endsSession(error)) {
        void endRefusedSession(api);
        return;
      }
      setState('failed');
    } finally {
      loading.current = false;
    }
  }

  return (
    <div className="label-button">
      <button
        type="button"
        className="button"
        aria-disabled={state === 'loading'}
        onClick={() => void save()}
      >
        <Trans>
          Download the shipping label{' '}
          <span className="visually-hidden">of trade {tradeNumber}</span> (PDF)
        </Trans>
      </button>
      <output className={state === 'failed' ? 'notice notice--error' : 'field-hint'}>
        {state === 'loading' ? <Trans>Preparing your label…</Trans> : null}
        {state === 'saved' ? (
          <Trans>
            Your label {fileName} is being downloaded. Print it, stick it on your parcel and hand
            the parcel to the carrier.
          </Trans>
        ) : null}
        {state === 'failed' ? (
          <Trans>
            We could not load your label. Check your connection and try again, or print the label
            attached to your confirmation e-mail.
          </Trans>
        ) : null}
      </output>
    </div>
  );
}
