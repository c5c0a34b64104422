import { VideoCameraOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** A length in seconds as a video player shows it: 0:02.5 under ten seconds, 1:05, 1:02:03. */
export function videoClock(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  const whole = Math.round(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * A video item where a picture would be: a film icon with its frames and its length. The file
 * is a video, not a picture a browser draws, and decoding one for a tile would cost a whole
 * decoder per tile (the workspace decodes its frames: docs/video.md).
 */
export function VideoFace({ frames, duration, large = false }: { frames: number; duration: number | undefined; large?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const text = t('viewer.videoFace', { count: frames, duration: duration === undefined ? '…' : videoClock(duration) });
  return (
    <div
      role="img"
      aria-label={text}
      data-testid="video-face"
      style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8, background: token.colorFillSecondary, padding: 8, boxSizing: 'border-box' }}
    >
      <VideoCameraOutlined style={{ fontSize: large ? 64 : 36, color: token.colorTextSecondary }} />
      <Typography.Text type="secondary" style={{ fontSize: large ? 14 : 12, textAlign: 'center' }}>
        {text}
      </Typography.Text>
    </div>
  );
}
