import type { ReactNode } from 'react';
import { Button } from './button.tsx';

interface Loading {
  status: 'loading';
  /** What is loading, for screen readers (the skeleton shows it to the eye). */
  label: ReactNode;
  /** Placeholders in the shape of what comes, so nothing jumps when it arrives. */
  skeleton?: ReactNode;
}

interface Problem {
  status: 'problem';
  title: ReactNode;
  /** What the seller can do about it. */
  text?: ReactNode;
  /** The way on: try again, or somewhere that works. */
  action: ReactNode;
  onAction: () => void;
}

/** The screen's class beside `root`, so its own rules (skeleton sizes) apply. */
export type StatusViewProps = { className?: string } & (Loading | Problem);

/**
 * What a step shows instead of its content while the content loads, or when it could not be
 * loaded or does not exist: a busy skeleton, or an alert that says what to do with one button.
 */
export function StatusView(props: StatusViewProps) {
  const className = props.className === undefined ? 'root' : `root ${props.className}`;
  if (props.status === 'loading') {
    return (
      <section className={`${className} loading`} part="root" aria-busy="true">
        {props.skeleton}
        <output className="visually-hidden">{props.label}</output>
      </section>
    );
  }
  return (
    <section className={className} part="root">
      <div className="alert" part="alert" role="alert">
        <p className="alert-title">{props.title}</p>
        {props.text === undefined ? null : <p className="alert-text">{props.text}</p>}
        <Button onClick={props.onAction}>{props.action}</Button>
      </div>
    </section>
  );
}
