import { useEffect, useState } from 'react';
import type { WorkstationSession } from '../../../../src-shared/ipc';
import { readToken } from '../../app/authToken';
import { isServerUnreachable } from '../work/workspace/unreachable';
import { workstation } from '../../host';
import { useInfoQuery } from './authApi';

/** Who is signed in, as far as the workstation's session needs: id, name, mobile. */
export type SignedInUser = WorkstationSession['user'];

/**
 * The signed-in user: the server's answer (GET /user/info), or, when the server cannot be
 * reached (a start with it away), the user this workstation remembers for the page's token
 * (`session.restore`, which also sets the main process's session with it, so the journal sends
 * as them once the server is back). Undefined until one of them answers.
 */
export function useSignedInUser(): SignedInUser | undefined {
  const { data, error } = useInfoQuery();
  const [remembered, setRemembered] = useState<SignedInUser | null>(null);
  const unreachable = error !== undefined && isServerUnreachable(error);
  useEffect(() => {
    const token = readToken();
    if (!unreachable || !token) return;
    let alive = true;
    workstation.invoke('session.restore', { tokenName: token.name, tokenValue: token.value }).then(
      (found) => alive && found && setRemembered(found.user),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [unreachable]);
  return data ?? remembered ?? undefined;
}
