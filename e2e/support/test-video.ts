import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

/** A real 8-second 960×540 video (a moving test card and a tone), made by ffmpeg: the ladder gets 360p and 540p. */
export function testVideo(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'clima-e2e-hls-'));
  try {
    const out = join(dir, 'aula.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=960x540:rate=25:duration=8',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:08.000\nVerifique a pressão de sucção\n';

/** Uploads the video, sends its captions and waits for the conversion; answers the upload's address. */
export async function uploadConverted(adm: APIRequestContext): Promise<string> {
  const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.mp4', mimeType: 'video/mp4', buffer: testVideo() } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const url = ((await upload.json()) as { url: string }).url;
  const name = url.split('/').pop()!;
  const captions = await adm.put(`/api/admin/videos/${name}/captions`, { data: { vtt: CAPTIONS } });
  expect(captions.status(), await captions.text()).toBe(200);
  await expect
    .poll(async () => ((await (await adm.get(`/api/admin/videos?names=${name}`)).json()) as { status: string }[])[0]?.status, { timeout: 120_000, intervals: [1000] })
    .toBe('ready');
  return url;
}

/** Uploads the video, publishes a content with it, sends its captions and waits for the conversion. */
export async function publishConverted(adm: APIRequestContext, title: string): Promise<number> {
  const url = await uploadConverted(adm);
  const created = await adm.post('/api/admin/contents', { data: { title, video_file_url: url, is_published: 1 } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
