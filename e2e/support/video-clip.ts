/**
 * Runs IN THE BROWSER (imported from the dev server by page.evaluate): draws a test clip with canvas
 * and WebCodecs, so the video tests need no binary fixture. The first frames are black (the poster
 * must skip them); then a moving, colour-changing square over a gradient, and a 440 Hz tone.
 */
import {
  AudioBufferSource,
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  WebMOutputFormat,
} from 'mediabunny';

export type ClipOptions = { seconds: number; width: number; height: number; container: 'webm' | 'mp4' };

export async function makeTestClip({ seconds, width, height, container }: ClipOptions): Promise<Blob> {
  const fps = 30;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const format =
    container === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' });
  const output = new Output({ format, target: new BufferTarget() });
  const video = new CanvasSource(canvas, {
    codec: container === 'webm' ? 'vp8' : 'avc',
    quality: QUALITY_HIGH,
  });
  const audio = new AudioBufferSource({ codec: 'opus', quality: QUALITY_HIGH });
  output.addVideoTrack(video, { frameRate: fps });
  output.addAudioTrack(audio);
  await output.start();

  const frames = Math.round(seconds * fps);
  for (let frame = 0; frame < frames; frame += 1) {
    const t = frame / fps;
    if (t < 0.2) {
      context.fillStyle = '#000';
      context.fillRect(0, 0, width, height);
    } else {
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${(t * 90) % 360} 70% 55%)`);
      gradient.addColorStop(1, `hsl(${(t * 90 + 180) % 360} 70% 35%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#fff';
      const size = height / 4;
      context.fillRect(((t / seconds) * (width - size)) | 0, (height - size) / 2, size, size);
      context.font = `${(height / 8) | 0}px sans-serif`;
      context.fillText(t.toFixed(2), 16, height / 6);
    }
    await video.add(t, 1 / fps);
  }

  const sampleRate = 48_000;
  const tone = new AudioBuffer({ length: Math.round(seconds * sampleRate), numberOfChannels: 2, sampleRate });
  for (let channel = 0; channel < 2; channel += 1) {
    const data = tone.getChannelData(channel);
    for (let index = 0; index < data.length; index += 1)
      data[index] = 0.2 * Math.sin((2 * Math.PI * 440 * index) / sampleRate);
  }
  await audio.add(tone);
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('no clip');
  return new Blob([buffer], { type: container === 'webm' ? 'video/webm' : 'video/mp4' });
}
