import { PATHS } from '../../app/paths';

/** What the login page is handed when a signed-out visitor opened a page that needs a user. */
export interface ReturnState {
  from: string;
}

const GUEST_PATHS: readonly string[] = [PATHS.login, PATHS.register, PATHS.forgotPassword];

/** The router state that carries the asked-for address (path and query) through the login page. */
export const returnStateFor = (location: { pathname: string; search: string }): ReturnState => ({ from: `${location.pathname}${location.search}` });

/**
 * Where to go once signed in: the address the visitor asked for (a link to a project's settings
 * survives the login, as in CVAT's or Label Studio's `?next=`), else the projects. Only an
 * in-app path is followed, and never back to a guest page.
 */
export function returnPath(state: unknown): string {
  const from = (state as Partial<ReturnState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return PATHS.projects;
  return GUEST_PATHS.some((p) => from === p || from.startsWith(`${p}?`)) ? PATHS.projects : from;
}
