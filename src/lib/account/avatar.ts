import { AppError, toAppError } from '../errors';
import { supabase } from '../supabase';

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

/** Uploads the picture into the user's folder and resolves with its public URL. */
export async function uploadAvatar(userId: string, file: File): Promise<string> {
  if (avatarProblem(file) !== null) throw new AppError('unknown', { cause: avatarProblem(file) });
  const extension = AVATAR_TYPES[file.type as AvatarType];
  const path = `${userId}/${crypto.randomUUID()}.${extension}`;
  const bucket = (await supabase.storage()).from('avatars');
  const { error } = await bucket.upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error);
  return bucket.getPublicUrl(path).data.publicUrl;
}
