/**
 * A person's picture, or their initials when they have none (DESIGN §9). Decorative: the name is
 * always written beside it, so screen readers skip it.
 */
import Avatar from 'antd/es/avatar';
import { useAvatarUrlQuery } from '@/lib/store/avatars-api';

/** Up to two initials of a name, upper-cased ("Priya Shah" → "PS"). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * @param uid whose picture.
 * @param name their display name (for the initials).
 * @param hasPhoto false when their profile says they have none (no request is made); unknown
 *   (undefined) asks the backend, as a conversation must for authors whose profile it cannot read.
 * @param size in px (antd's default 32).
 */
export function PersonAvatar({
  uid,
  name,
  hasPhoto,
  size,
}: {
  uid: string;
  name: string;
  hasPhoto?: boolean;
  size?: number;
}) {
  const { data: url } = useAvatarUrlQuery(uid, { skip: hasPhoto === false || uid === '' });
  const src = hasPhoto === false ? undefined : (url ?? undefined);
  return (
    <Avatar
      aria-hidden
      size={size}
      src={src}
      alt=""
      style={src ? undefined : { backgroundColor: '#2f54eb', color: '#fff', flex: 'none' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
