/**
 * A person's picture (DESIGN §4, §9): one image per person at `avatars/{uid}/avatar` in Cloud
 * Storage (or the local backend's files), at most 2 MB of PNG, JPEG, GIF or WebP — the limits the
 * Storage rules also enforce. Anyone signed in may see it (it shows beside their messages);
 * only its owner writes it. The path is fixed, so a conversation finds an author's picture from
 * their uid alone (customers cannot read staff profiles). The upload's schema is `avatarFileSchema`
 * in `schemas.ts`: this module stays free of zod, for the signed-in frame that shows avatars.
 */

/** The largest avatar: 2 MB, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image types an avatar may have. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Where a person's avatar is stored. */
export function avatarPath(uid: string): string {
  return `avatars/${uid}/avatar`;
}

/** Whether a stored path is someone's avatar. */
export function isAvatarPath(path: string): boolean {
  return /^avatars\/[^/]+\/avatar$/.test(path);
}
