import { Alert, App, Button, Flex, Layout, Menu, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { HEADER_WIDGETS, NAV_ENTRIES } from '../../app/areas';
import { endSession } from '../../app/session';
import { beginSignOut } from '../../app/authToken';
import { useErrorText } from '../../app/useErrorText';
import { useLiveUpdates } from '../../app/useLiveUpdates';
import { useUploadNowRequests } from '../../app/useUploadNowRequests';
import { useWorkstationSession } from '../../app/useWorkstationSession';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { useInfoQuery, useLogoutMutation } from '../auth/authApi';
import { useSignedInUser } from '../auth/useSignedInUser';
import { isServerUnreachable } from '../work/workspace/unreachable';
import { LoadFailure } from '../../app/LoadFailure';
import { PanelBoundary } from '../../app/resilience/PanelBoundary';
import { useCurrentTeam } from '../team/common/useCurrentTeam';
import { probeServer, useServerReach } from '../../app/serverReach';

const isUnauthorized = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 401;

/**
 * The frame of every logged-in page. It also checks the stored session: `/user/info` runs on
 * every start, and a 401 there ends the session (apiSlice), which sends the user to login.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { data: user, error: userError, refetch: refetchUser } = useInfoQuery();
  // With the server away, who is signed in is what this workstation remembers for the token.
  const signedIn = useSignedInUser();
  const reach = useServerReach();
  // Said once, here, for every page: the pages below do not repeat it as a failure of their own.
  const offline = signedIn !== undefined && (reach === 'away' || (userError !== undefined && isServerUnreachable(userError)));
  useLiveUpdates(user?.currentTeamId);
  useUploadNowRequests(user?.id);
  const { may, team } = useCurrentTeam();
  useWorkstationSession(user, { team: team ? { id: team.teamId, name: team.name } : null });
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const { pathname } = useLocation();
  // Asks the server now (reads wait for nothing while it is away), then the user again.
  const tryServer = () =>
    void probeServer().then((back) => {
      if (back) void refetchUser();
    });
  // Only what the role can use is offered (hidden while the role is unknown, as actions are).
  const nav = [{ key: 'projects', path: PATHS.projects, labelKey: 'shell.navProjects' }, ...NAV_ENTRIES.filter((e) => !e.requires || may(e.requires))];
  // The entry whose path is the longest prefix of where we are.
  const current = nav.filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];

  const onLogout = async () => {
    beginSignOut();
    try {
      await logout().unwrap();
    } catch (err) {
      // This device forgets the session either way; the user still learns the server did not hear it.
      if (!isUnauthorized(err)) void message.error(errorText(err));
    }
    dispatch(endSession());
    void navigate(PATHS.login, { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 24,
        }}
      >
        <Flex align="center" gap={16} style={{ height: '100%' }}>
          {/* The product's name keeps its line; the flexible space after it is what gives way. */}
          <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap', flex: 'none' }}>
            {t('app.name')}
          </Typography.Text>
          <div style={{ flex: 1 }} />
          {HEADER_WIDGETS.map((Widget, i) => (
            <PanelBoundary key={i} where={`header widget ${Widget.name}`} look="widget">
              <Widget />
            </PanelBoundary>
          ))}
          <LanguageSwitch />
          {/* A name may be 64 characters: it ends in an ellipsis, the whole of it in the tooltip. */}
          <Typography.Text strong ellipsis={{ tooltip: signedIn?.name }} style={{ maxWidth: 240 }} data-testid="current-user-name">
            {signedIn ? signedIn.name || signedIn.mobile : ''}
          </Typography.Text>
          <Button data-testid="logout" onClick={onLogout} loading={loggingOut}>
            {t('shell.logout')}
          </Button>
        </Flex>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
          <nav aria-label={t('shell.navLabel')}>
            <Menu
              mode="inline"
              selectedKeys={current ? [current.key] : []}
              items={nav.map((e) => ({ key: e.key, icon: 'icon' in e ? e.icon : undefined, label: t(e.labelKey), onClick: () => void navigate(e.path) }))}
              style={{ borderInlineEnd: 'none' }}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          {offline ? (
            <Alert
              type="info"
              showIcon
              data-testid="shell-offline"
              message={t('shell.offlineTitle')}
              description={t('shell.offlineText')}
              action={<Button size="small" onClick={tryServer}>{t('shell.offlineRetry')}</Button>}
              style={{ marginBottom: 16 }}
            />
          ) : (
            userError && !isUnauthorized(userError) && <LoadFailure title={t('shell.userLoadFailed')} error={userError} onRetry={() => void refetchUser()} />
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
