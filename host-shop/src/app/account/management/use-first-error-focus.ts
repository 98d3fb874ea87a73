import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * What takes the focus after a refusal: the first refused field, or the first choice of a refused
 * radio group (the group names the error, its inputs are not marked), else the form's alert.
 */
const firstErrorSelector = '[aria-invalid="true"], fieldset[aria-describedby] input';

/**
 * Moves the focus to the first refused field of a form once the errors are drawn, so keyboard and
 * screen-reader users land where they must act; without a refused field, to the form's alert.
 * Call the returned function after setting errors.
 */
export function useFirstErrorFocus(): [RefObject<HTMLFormElement | null>, () => void] {
  const form = useRef<HTMLFormElement | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round === 0) return;
    const target =
      form.current?.querySelector<HTMLElement>(firstErrorSelector) ??
      form.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [round]);
  return [form, () => setRound((value) => value + 1)];
}
