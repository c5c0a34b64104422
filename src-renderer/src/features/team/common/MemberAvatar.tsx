import { Avatar, Space, Typography } from 'antd';

/** Only web addresses can be shown directly; object-store keys would need a signed URL first. */
const displayable = (avatar: string | null) => (avatar && /^https?:\/\//.test(avatar) ? avatar : undefined);

/** A person as lists show them: avatar (or their initial) and name. */
export function MemberAvatar({ name, avatar, size = 'small' }: { name: string; avatar: string | null; size?: 'small' | 'default' | 'large' | number }) {
  return (
    <Space size={8}>
      <Avatar size={size} src={displayable(avatar)} alt="">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography.Text>{name}</Typography.Text>
    </Space>
  );
}
