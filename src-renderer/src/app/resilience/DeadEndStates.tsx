import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Where the one button of a dead-end state leads, and what it says. */
interface WayOut {
  to: string;
  label: string;
}

/**
 * A page the caller's role may not use, opened by its address (an old link, a role just
 * lowered): it says so and whom to ask, and offers a way on, instead of a page of failures.
 */
export function AccessDenied({ reason, wayOut }: { reason: string; wayOut: WayOut }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('resilience.deniedTitle')}
      subTitle={reason}
      extra={<Button onClick={() => void navigate(wayOut.to)}>{wayOut.label}</Button>}
      data-testid="access-denied"
    />
  );
}

/** An address that leads nowhere (a mistyped link, a deleted project): say so, offer a way on. */
export function NotFound({ title, hint, wayOut }: { title?: string; hint?: string; wayOut: WayOut }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title ?? t('resilience.notFoundTitle')}
      subTitle={hint ?? t('resilience.notFoundHint')}
      extra={<Button onClick={() => void navigate(wayOut.to)}>{wayOut.label}</Button>}
      data-testid="not-found"
    />
  );
}
