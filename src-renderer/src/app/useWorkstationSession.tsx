import { useEffect, type ReactNode } from 'react';
import type { SessionTeam, WorkstationSession } from '../../../src-shared/ipc';
import { workstation } from '../host';
import { readToken } from './authToken';
import { setLogUser } from './log';

/**
 * Hands the signed-in session to the main process, whose services (storage transfers, log
 * shipping, the annotation journal) call the server as this user. Runs when the user's info
 * arrives, when it changes, and when the page says which project and task are in front of the
 * user (for the logs). SignedInSession drops it when the user signs out.
 */
export function useWorkstationSession(user: WorkstationSession['user'] | undefined, context: { projectId?: number; taskId?: number; team?: SessionTeam | null } = {}): void {
  const { projectId, taskId } = context;
  // The team is remembered with the token, so a start with the server away still names it; without one the main process keeps what it knew.
  const teamId = context.team?.id;
  const teamName = context.team?.name;
  useEffect(() => {
    if (user) setLogUser({ id: user.id, name: user.name });
    const token = readToken();
    if (!user || !token) return;
    void workstation
      .invoke('session.set', {
        tokenName: token.name,
        tokenValue: token.value,
        user: { id: user.id, name: user.name, mobile: user.mobile },
        ...(projectId ? { projectId } : {}),
        ...(taskId ? { taskId } : {}),
        ...(teamId !== undefined && teamName !== undefined ? { team: { id: teamId, name: teamName } } : {}),
      })
      .catch((err: unknown) => console.error('the workstation did not take the session', err)); // transfers will say "not signed in"; keep the cause
  }, [user, projectId, taskId, teamId, teamName]);
}

/**
 * Wraps every signed-in page (the shell's and the full-screen workspace): when it goes (logout,
 * an expired session) the main process stops using the token. Moving between pages keeps it.
 */
export function SignedInSession({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Read now: by the time the page leaves, the sign-out has dropped the token, and the host
    // must still know whose session to end (another browser may be signed in on it).
    const token = readToken();
    return () => {
      void workstation.invoke('session.clear', token ? { tokenValue: token.value } : {}).catch((err: unknown) => console.error('the workstation did not drop the session', err));
    };
  }, []);
  return children;
}
