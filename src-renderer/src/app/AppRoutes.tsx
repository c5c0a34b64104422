import type { ReactNode } from 'react';
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
import { UnknownProjectPage } from '../features/projects/ProjectDeadEnds';
import { RouteBoundary } from './resilience/PanelBoundary';

/** Every routed page gets its own error boundary: a page that fails leaves the shell and its navigation working. */
const page = (element: ReactNode) => <RouteBoundary>{element}</RouteBoundary>;

/**
 * Hash routes: the desktop app is loaded from file://, where only the part after # can change
 * without a reload (the browser host serves the same build and behaves the same).
 */
export function AppRoutes() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path={PATHS.login} element={page(<LoginPage />)} />
          <Route path={PATHS.register} element={page(<RegisterPage />)} />
          <Route path={PATHS.forgotPassword} element={page(<ForgotPasswordPage />)} />
        </Route>
        <Route element={<RequireSession />}>
          <Route element={<AppShell />}>
            <Route path={PATHS.projects} element={page(<ProjectListPage />)} />
            {PROJECT_TABS.length > 0 && (
              <Route path="projects/:projectId" element={page(<ProjectLayout />)}>
                {PROJECT_TABS.map((tab) =>
                  tab.segment === '' ? <Route key="home" index element={page(tab.element)} /> : <Route key={tab.segment} path={`${tab.segment}/*`} element={page(tab.element)} />,
                )}
                <Route path="*" element={<UnknownProjectPage />} />
              </Route>
            )}
            {AREA_ROUTES.filter((r) => !r.fullScreen).map((r) => (
              <Route key={r.path} path={r.path} element={page(r.element)} />
            ))}
          </Route>
          {AREA_ROUTES.filter((r) => r.fullScreen).map((r) => (
            <Route key={r.path} path={r.path} element={page(r.element)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={PATHS.projects} replace />} />
      </Routes>
    </HashRouter>
  );
}
