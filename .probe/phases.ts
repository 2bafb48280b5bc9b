import { BlobSource, BufferTarget, Conversion, Input, MP4, Mp4OutputFormat, Output, QTFF, WEBM, MATROSKA, WebMOutputFormat, VideoSampleSink } from 'mediabunny';
import { makeTestClip } from '../e2e/support/video-clip';
const FORMATS = [MP4, QTFF, WEBM, MATROSKA];
export async function run(variants: Array<Record<string, unknown>>) {
  const out: unknown[] = [];
  let t = performance.now();
  const clip = await makeTestClip({ seconds: 10, width: 1280, height: 720, container: 'mp4' });
  out.push({ makeClip: (performance.now() - t) / 1000 });
  // decode only
  t = performance.now();
  {
    const input = new Input({ source: new BlobSource(clip), formats: FORMATS });
    const track = await input.getPrimaryVideoTrack();
    const sink = new VideoSampleSink(track!);
    let n = 0;
    for await (const s of sink.samples()) { n++; s.close(); }
    out.push({ decodeOnly: (performance.now() - t) / 1000, n });
  }
  for (const v of variants) {
    t = performance.now();
    const input = new Input({ source: new BlobSource(clip), formats: FORMATS });
    const target = new BufferTarget();
    const output = new Output({ format: v.container === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const conversion = await Conversion.init({ input, output, tracks: 'primary', video: { forceTranscode: true, bitrate: 2_500_000, ...(v.video as object) }, audio: (v.audio as object) ?? { codec: 'opus', numberOfChannels: 2, sampleRate: 48000 } });
    await conversion.execute();
    out.push({ v, seconds: (performance.now() - t) / 1000, kib: (target.buffer!.byteLength / 1024) | 0 });
  }
  return out;
}
