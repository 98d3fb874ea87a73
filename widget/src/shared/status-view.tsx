import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { useWidgetServices } from './widget-services.tsx';

/** A store that loads what its screen shows, once asked to. */
interface LoadingStore<State> {
  $load: ReadableAtom<State>;
  load(): Promise<void>;
}

/** Loads a screen's store when the screen mounts (again for a new store); returns its state. */
export function useLoad<State>(store: LoadingStore<State>): State {
  useEffect(() => {
    void store.load();
  }, [store]);
  return useStore(store.$load);
}

/** What a step shows until its content is there, by the state of its load. */
export interface StatusViewProps {
  /** The screen's class beside `root`, so its own rules (skeleton sizes) apply. */
  className?: string;
  status: 'loading' | 'error' | 'not-found';
  /** What is loading, for screen readers (the skeleton shows it to the eye). */
  loading: ReactNode;
  /** Placeholders in the shape of what comes, so nothing jumps when it arrives. */
  skeleton?: ReactNode;
  /** What could not be loaded; the seller can try again. */
  failed: ReactNode;
  onRetry: () => void;
  /** What does not exist, and why; the seller can search instead. */
  notFound?: ReactNode;
  notFoundText?: ReactNode;
}

/** An alert that says what happened and offers the one way on. */
function Problem(props: {
  className: string;
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
  onAction: () => void;
}) {
  return (
    <section className={props.className} part="root">
      <div className="alert" part="alert" role="alert">
        <p className="alert-title">{props.title}</p>
        {props.text === undefined ? null : <p className="alert-text">{props.text}</p>}
        <Button onClick={props.onAction}>{props.action}</Button>
      </div>
    </section>
  );
}

/**
 * What a step shows instead of its content while the content loads, when it could not be
 * loaded (try again) or when it does not exist (search instead).
 */
export function StatusView(props: StatusViewProps) {
  const { flow } = useWidgetServices();
  const className = props.className === undefined ? 'root' : `root ${props.className}`;
  if (props.status === 'loading') {
    return (
      <section className={`${className} loading`} part="root" aria-busy="true">
        {props.skeleton}
        <output className="visually-hidden">{props.loading}</output>
      </section>
    );
  }
  if (props.status === 'not-found' && props.notFound !== undefined) {
    return (
      <Problem
        className={className}
        title={props.notFound}
        text={props.notFoundText}
        action={<Trans>Search for a device</Trans>}
        onAction={() => flow.replace({ screen: 'search' })}
      />
    );
  }
  return (
    <Problem
      className={className}
      title={props.failed}
      text={<Trans>Check your connection and try again.</Trans>}
      action={<Trans>Try again</Trans>}
      onAction={props.onRetry}
    />
  );
}
