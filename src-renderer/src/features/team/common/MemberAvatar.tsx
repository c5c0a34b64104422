import { Avatar, Space, Typography } from 'antd';
import { useAvatarUrlQuery } from '../api/profileApi';

/**
 * A user's avatar (or their initial while it loads, or when they have none). Avatars are images
 * the team server holds; the picture comes through a signed URL it hands to those who work
 * with the user.
 */
export function UserAvatar({ userId, name, avatar, size = 'small' }: { userId: number; name: string; avatar: string | null; size?: 'small' | 'default' | 'large' | number }) {
  const { data } = useAvatarUrlQuery({ userId, avatar: avatar ?? '' }, { skip: avatar === null });
  return (
    <Avatar size={size} src={avatar !== null ? data?.url : undefined} alt="">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** A person as lists show them: avatar (or their initial) and name. */
export function MemberAvatar({ userId, name, avatar, size = 'small' }: { userId: number; name: string; avatar: string | null; size?: 'small' | 'default' | 'large' | number }) {
  return (
    <Space size={8}>
      <UserAvatar userId={userId} name={name} avatar={avatar} size={size} />
      {/* Names run to 64 characters: one line, the whole name in the tooltip. */}
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 200 }}>
        {name}
      </Typography.Text>
    </Space>
  );
}
