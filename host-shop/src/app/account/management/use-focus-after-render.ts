import { useCallback, useEffect, useState } from 'react';

/**
 * Moves the focus to an element once the next render has drawn it: the confirmation of a
 * change, the button that opened a form just closed, a form just opened. The target is named by
 * its id, since it often does not exist yet when the change is decided.
 */
export function useFocusAfterRender(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (target === null) return;
    document.getElementById(target.id)?.focus();
  }, [target]);
  // A new object each time, so focusing the same element twice moves the focus again.
  return useCallback((id: string) => setTarget({ id }), []);
}
