import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

interface Loading {
  status: 'loading';
  /** What is loading, for screen readers (the skeleton shows it to the eye). */
  label: ReactNode;
  /** Placeholders in the shape of what comes, so nothing jumps when it arrives. */
  skeleton?: ReactNode;
}

interface Failed {
  status: 'failed';
  /** What could not be loaded. */
  title: ReactNode;
  onRetry: () => void;
}

interface NotFound {
  status: 'not-found';
  /** What does not exist. */
  title: ReactNode;
  text?: ReactNode;
  /** Starts a new search, the way on from something that is gone. */
  onSearch: () => void;
}

/** The screen's class beside `root`, so its own rules (skeleton sizes) apply. */
export type StatusViewProps = { className?: string } & (Loading | Failed | NotFound);

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
  const className = props.className === undefined ? 'root' : `root ${props.className}`;
  switch (props.status) {
    case 'loading':
      return (
        <section className={`${className} loading`} part="root" aria-busy="true">
          {props.skeleton}
          <output className="visually-hidden">{props.label}</output>
        </section>
      );
    case 'failed':
      return (
        <Problem
          className={className}
          title={props.title}
          text={<Trans>Check your connection and try again.</Trans>}
          action={<Trans>Try again</Trans>}
          onAction={props.onRetry}
        />
      );
    case 'not-found':
      return (
        <Problem
          className={className}
          title={props.title}
          text={props.text}
          action={<Trans>Search for a device</Trans>}
          onAction={props.onSearch}
        />
      );
  }
}
