import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '../../api/invoke-function';
import type { MediaRow } from '../types';
import { useInvalidateMedia } from './invalidate-media';

export type ImageStyle = 'vivid' | 'natural';
export type CreateImageInput = {
  organizationId: string;
  prompt: string;
  negatives?: string;
  style: ImageStyle;
};

/** Draws an image from a description (create-image) and returns its new media row. */
export function useCreateImage() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async (input: CreateImageInput) => {
      const negatives = input.negatives?.trim();
      const { media } = await invokeFunction<{ media: MediaRow }>('create-image', {
        organizationId: input.organizationId,
        prompt: input.prompt.trim(),
        ...(negatives ? { negatives } : {}),
        style: input.style,
        images_count: 1,
      });
      return media;
    },
    onSuccess: (row) => invalidate(row),
  });
}
