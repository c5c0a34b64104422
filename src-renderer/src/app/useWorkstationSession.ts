import { useEffect } from 'react';
import type { UserInfo } from '../../../src-shared/api/user';
import { workstation } from '../host';
import { readToken } from './authToken';

/**
 * Hands the signed-in session to the main process, whose services (storage transfers, log
 * shipping) call the server as this user. Runs when the user's info arrives and again when it
 * changes. The shell of signed-in pages runs this, so leaving it (logout, an expired session)
 * tells the main process to stop using the token.
 */
export function useWorkstationSession(user: UserInfo | undefined): void {
  useEffect(() => {
    const token = readToken();
    if (!user || !token) return;
    void workstation
      .invoke('session.set', { tokenName: token.name, tokenValue: token.value, user: { id: user.id, name: user.name, mobile: user.mobile } })
      .catch((err: unknown) => console.error('the workstation did not take the session', err)); // transfers will say "not signed in"; keep the cause
  }, [user]);
  useEffect(
    () => () => {
      void workstation.invoke('session.clear', {}).catch((err: unknown) => console.error('the workstation did not drop the session', err));
    },
    [],
  );
}
