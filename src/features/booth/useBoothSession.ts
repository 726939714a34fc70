import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { BoothSession } from './session/boothSession';

/**
 * The one hook that starts a booth session for this screen and ends it when the screen goes
 * (everything else React does with it is sending commands and reading the atoms it publishes).
 * Null on the first render, before the effect has made it.
 */
export function useBoothSession(): BoothSession | null {
  const store = useStore();
  const [session, setSession] = useState<BoothSession | null>(null);
  useEffect(() => {
    const s = new BoothSession(store);
    s.open();
    setSession(s);
    return () => {
      s.dispose();
      setSession(null);
    };
  }, [store]);
  return session;
}
