import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../app/relativeTime';

/** One note as the notes centre and the workspace show it: who, when, its tags, then what it says. */
export function NoteLine({ author, at, content, tags }: { author: string; at: number; content: string; tags?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} style={{ width: '100%' }}>
      <Flex gap={6} align="center" wrap>
        <Typography.Text strong>{author}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {relativeTime(at, t)}
        </Typography.Text>
        {tags}
      </Flex>
      <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{content}</Typography.Paragraph>
    </Flex>
  );
}
