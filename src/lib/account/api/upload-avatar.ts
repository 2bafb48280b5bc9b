import { AppError, toAppError } from '../../errors';
import { supabase } from '../../supabase';
import { AVATAR_TYPES, avatarProblem, type AvatarType } from '../avatar';

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
