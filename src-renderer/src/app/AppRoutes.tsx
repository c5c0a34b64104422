import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { GuestOnly, RequireSession } from '../features/auth/RouteGuards';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { AppShell } from '../features/projects/AppShell';
import { ProjectListPage } from '../features/projects/ProjectListPage';
import { PATHS } from './paths';
import { AREA_ROUTES, PROJECT_TABS } from './areas';
import { ProjectLayout } from '../features/projects/ProjectLayout';

/**
 * Hash routes: the desktop app is loaded from file://, where only the part after # can change
 * without a reload (the browser host serves the same build and behaves the same).
 */
export function AppRoutes() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path={PATHS.login} element={<LoginPage />} />
          <Route path={PATHS.register} element={<RegisterPage />} />
          <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        </Route>
        <Route element={<RequireSession />}>
          <Route element={<AppShell />}>
            <Route path={PATHS.projects} element={<ProjectListPage />} />
            {PROJECT_TABS.length > 0 && (
              <Route path="projects/:projectId" element={<ProjectLayout />}>
                {PROJECT_TABS.map((tab) =>
                  tab.segment === '' ? <Route key="home" index element={tab.element} /> : <Route key={tab.segment} path={`${tab.segment}/*`} element={tab.element} />,
                )}
              </Route>
            )}
            {AREA_ROUTES.filter((r) => !r.fullScreen).map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Route>
          {AREA_ROUTES.filter((r) => r.fullScreen).map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={PATHS.projects} replace />} />
      </Routes>
    </HashRouter>
  );
}
