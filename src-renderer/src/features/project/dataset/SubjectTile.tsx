import { memo, useEffect, useState } from 'react';
import { Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubjectItem } from '../../../../../src-shared/api/subject';
import { useSignedUrlQuery } from '../api/projectDataApi';
import { TILE_WIDTH } from './gridGeometry';
import { VideoFace } from './VideoFace';

/** A tile asks for its image only after staying in view this long, so a fast scroll past it costs nothing. */
const SETTLE_MS = 120;

/**
 * One subject: its first frame through a signed URL (a video item: its frames and length, not
 * the file as a picture), its name, and its frame count for sequences; a click or Enter opens it.
 */
export const SubjectTile = memo(function SubjectTile({ subject, onOpen }: { subject: SubjectItem | undefined; onOpen?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [settled, setSettled] = useState(false);
  // A video's object is the video file: never asked for as a picture.
  const key = subject?.recordType === 'video' ? undefined : subject?.firstFrame.key;
  useEffect(() => {
    if (!key) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  const { data: signed } = useSignedUrlQuery(key ?? '', { skip: !key || !settled });

  const box = { width: TILE_WIDTH, height: TILE_WIDTH, borderRadius: token.borderRadius, background: token.colorFillTertiary, overflow: 'hidden', position: 'relative' as const };
  if (!subject) {
    return <div style={box}><Skeleton.Image active style={{ width: TILE_WIDTH, height: TILE_WIDTH }} /></div>;
  }
  return (
    <figure
      style={{ width: TILE_WIDTH, margin: 0, cursor: onOpen ? 'pointer' : undefined }}
      data-testid="subject-tile"
      title={subject.name}
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={onOpen ? t('viewer.openItem', { name: subject.name }) : undefined}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (onOpen && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onOpen();
        }
      }}
    >
      <div style={box}>
        {subject.recordType === 'video' && <VideoFace frames={subject.frameCount} duration={subject.duration} />}
        {signed && (
          <img
            src={signed.url}
            alt={subject.name}
            loading="lazy"
            decoding="async"
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            data-testid="subject-thumbnail"
          />
        )}
        {subject.recordType === 'frame' && (
          <Tag style={{ position: 'absolute', top: 6, left: 6 }}>{t('project.data.frames', { count: subject.frameCount })}</Tag>
        )}
      </div>
      <Typography.Text ellipsis style={{ display: 'block', width: TILE_WIDTH, fontSize: 12, lineHeight: '24px' }}>
        {subject.name}
      </Typography.Text>
    </figure>
  );
});
