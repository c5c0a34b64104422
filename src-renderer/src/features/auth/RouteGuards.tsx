import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { SignedInSession } from '../../app/useWorkstationSession';
import { returnPath, returnStateFor } from './returnTo';

/** Pages that need a user: without a session token, go to the login page, which brings the visitor back here. */
export function RequireSession() {
  const hasToken = useAppSelector((s) => s.session.hasToken);
  const location = useLocation();
  return hasToken ? (
    <SignedInSession>
      <Outlet />
    </SignedInSession>
  ) : (
    <Navigate to={PATHS.login} replace state={returnStateFor(location)} />
  );
}

/** Login and register: a user who already has a session goes to the page they asked for, or the projects. */
export function GuestOnly() {
  const hasToken = useAppSelector((s) => s.session.hasToken);
  const { state } = useLocation();
  return hasToken ? <Navigate to={returnPath(state)} replace /> : <Outlet />;
}
