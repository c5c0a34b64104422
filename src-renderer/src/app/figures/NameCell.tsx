import { Typography } from 'antd';

/**
 * A name in a list (a person, a group, a batch: up to 64 characters, CJK as wide as two Latin
 * ones) on one line: past `maxWidth` it ends in an ellipsis and the whole name is in the
 * tooltip, so the other columns keep their room and the table never scrolls sideways.
 */
export function NameCell({ name, maxWidth = 240, strong }: { name: string; maxWidth?: number; strong?: boolean }) {
  return (
    <Typography.Text strong={strong} ellipsis={{ tooltip: name }} style={{ maxWidth }}>
      {name}
    </Typography.Text>
  );
}
