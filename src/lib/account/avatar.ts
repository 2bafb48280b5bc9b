/**
 * Profile pictures (docs/auth-onboarding.md «Pictures»): the public `avatars` bucket holds them at
 * `{userId}/{uuid}.{ext}`; storage policies let a user write only their own folder. The bucket
 * enforces the same types and size; checking here first gives the user a message before uploading.
 */
export const AVATAR_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

export type AvatarType = keyof typeof AVATAR_TYPES;

/** 2 MB, the bucket's file_size_limit. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarProblem = 'type' | 'size';

/** Why a file cannot be a profile picture, or null when it can. */
export function avatarProblem(file: { type: string; size: number }): AvatarProblem | null {
  if (!Object.hasOwn(AVATAR_TYPES, file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
