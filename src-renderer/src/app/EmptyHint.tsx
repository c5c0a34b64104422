import { Empty, Typography } from 'antd';

/** An empty list that says what it lacks and what to do next. */
export function EmptyHint({ title, hint, testId }: { title: string; hint: string; testId?: string }) {
  return (
    <Empty
      {...(testId ? { 'data-testid': testId } : {})}
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {title}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
            {hint}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
