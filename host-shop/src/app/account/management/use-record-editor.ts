import { useState, type ReactNode } from 'react';
import { useConfirmation } from './change-notices.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/**
 * The open, closed and saved state of a section that changes records in place (addresses, phone
 * numbers, the main address): which form is open (`null`: none), the confirmation of the last
 * change (the focus goes to it, and the records load again), and the focus back on the button
 * that opened a form the customer cancelled.
 */
export function useRecordEditor<Open>(reload: () => void) {
  const confirmation = useConfirmation();
  const focusAfterRender = useFocusAfterRender();
  const [open, setOpen] = useState<Open | null>(null);
  return {
    open,
    confirmation,
    /** Opens a form; the confirmation of an earlier change goes. */
    start(form: Open) {
      confirmation.clear();
      setOpen(form);
    },
    /** Closes the open form unsaved, the focus on the element with id `returnTo`. */
    cancel(returnTo: string) {
      setOpen(null);
      focusAfterRender(returnTo);
    },
    /** Closes the saved form, loads the records again and confirms the change. */
    saved(message: ReactNode) {
      setOpen(null);
      reload();
      confirmation.confirm(message);
    },
  };
}
