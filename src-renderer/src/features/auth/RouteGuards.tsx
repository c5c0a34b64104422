import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { SignedInSession } from '../../app/useWorkstationSession';

/** Pages that need a user: without a session token, go to the login page. */
export function RequireSession() {
  const hasToken = useAppSelector((s) => s.session.hasToken);
  return hasToken ? (
    <SignedInSession>
      <Outlet />
    </SignedInSession>
  ) : (
    <Navigate to={PATHS.login} replace />
  );
}

/** Login and register: a user who already has a session goes straight to the projects. */
export function GuestOnly() {
  const hasToken = useAppSelector((s) => s.session.hasToken);
  return hasToken ? <Navigate to={PATHS.projects} replace /> : <Outlet />;
}
