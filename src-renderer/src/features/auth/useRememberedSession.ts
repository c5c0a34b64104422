import { useEffect, useState } from 'react';
import type { RememberedSession } from '../../../../src-shared/ipc';
import { readToken } from '../../app/authToken';
import { workstation } from '../../host';

/** One question per token while the server is away, whichever parts of the page ask. */
const asked = new Map<string, Promise<RememberedSession | null>>();

/**
 * What this workstation remembers of the page's token (`session.restore`: the user, and their
 * team as the server last said), asked only while `wanted` (the server cannot be reached; asking
 * also sets the main process's session with it, docs/offline-day.md). Null until it answers, and
 * when it knows nothing of the token.
 */
export function useRememberedSession(wanted: boolean): RememberedSession | null {
  const [found, setFound] = useState<RememberedSession | null>(null);
  useEffect(() => {
    const token = readToken();
    if (!wanted || !token) return;
    let alive = true;
    let answer = asked.get(token.value);
    if (!answer) {
      answer = workstation.invoke('session.restore', { tokenName: token.name, tokenValue: token.value }).catch(() => null);
      asked.set(token.value, answer);
    }
    void answer.then((s) => alive && setFound(s));
    return () => {
      alive = false;
      // Asked again the next time the server goes: what it remembers may have changed meanwhile (another team).
      asked.delete(token.value);
    };
  }, [wanted]);
  return found;
}
