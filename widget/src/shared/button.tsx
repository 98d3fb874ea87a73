import type { ButtonHTMLAttributes } from 'react';

/** How a button stands out: the step's main action, any other action, or an action in text. */
export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** The element's `::part` names; `button` (plus `primary`) unless a caller names its own. */
  part?: string;
}

/**
 * The widget's one button: 44 px touch target, the theme's colours and focus ring
 * (`.button` in element/widget.css). Every action of every step renders through it.
 */
export function Button({
  variant = 'secondary',
  className,
  part,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = ['button', variant === 'secondary' ? '' : `button-${variant}`, className ?? '']
    .filter((name) => name !== '')
    .join(' ');
  return (
    <button
      {...props}
      type={type}
      className={classes}
      part={part ?? (variant === 'primary' ? 'button primary' : 'button')}
    />
  );
}
