import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Moves the focus to the first refused field of a form once the errors are drawn, so keyboard and
 * screen-reader users land where they must act. Call the returned function after setting errors.
 */
export function useFirstErrorFocus(): [RefObject<HTMLFormElement | null>, () => void] {
  const form = useRef<HTMLFormElement | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [round]);
  return [form, () => setRound((value) => value + 1)];
}
