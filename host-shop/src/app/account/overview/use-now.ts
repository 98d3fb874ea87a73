import { useEffect, useState } from 'react';

/** How often the time is renewed: a countdown in days turns within a minute of midnight. */
const renewalMs = 60_000;

/** The current time, renewed every minute while the component is shown. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), renewalMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}
