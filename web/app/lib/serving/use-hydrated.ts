import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * False during the server render and the hydration pass, true afterwards: lets a control be a
 * plain link or form without JavaScript and a button once scripts run.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}
