import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ContentDetailPage } from '../pages/catalog-shell';
import { adminApi, seedTestUser } from '../support/api';
import { axeViolations } from '../support/axe';

/** A real 8-second 960×540 video (a moving test card and a tone), made by ffmpeg: the ladder gets 360p and 540p. */
function testVideo(): Buffer {
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

const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:08.000\nVerifique a pressão de sucção\n';

/** Uploads the video, publishes a content with it, sends its captions and waits for the conversion. */
async function publishConverted(adm: APIRequestContext, title: string): Promise<number> {
  const upload = await adm.post('/api/admin/upload-video', { multipart: { video: { name: 'aula.mp4', mimeType: 'video/mp4', buffer: testVideo() } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const url = ((await upload.json()) as { url: string }).url;
  const name = url.split('/').pop()!;
  const created = await adm.post('/api/admin/contents', { data: { title, video_file_url: url, is_published: 1 } });
  expect(created.status()).toBe(201);
  const captions = await adm.put(`/api/admin/videos/${name}/captions`, { data: { vtt: CAPTIONS } });
  expect(captions.status(), await captions.text()).toBe(200);
  await expect
    .poll(async () => ((await (await adm.get(`/api/admin/videos?names=${name}`)).json()) as { status: string }[])[0]?.status, { timeout: 120_000, intervals: [1000] })
    .toBe('ready');
  return ((await created.json()) as { id: number }).id;
}

test.describe('video for the field: HLS, quality, captions', () => {
  test('@phone an uploaded video plays as HLS with a quality menu, "Economizar dados" and captions', async ({ page, baseURL }, testInfo) => {
    test.slow();
    const adm = await adminApi(baseURL!);
    let contentId: number;
    try {
      contentId = await publishConverted(adm, `Superaquecimento na prática ${Date.now().toString(36)}`);
    } finally {
      await adm.dispose();
    }
    const user = await seedTestUser(baseURL!, 'hls', true);
    const res = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
    expect(res.ok(), await res.text()).toBeTruthy();

    // hls.js is not part of the pages: it is fetched when a video opens
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/contents');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((s) => /hls/.test(s))).toEqual([]);

    const master = page.waitForResponse((r) => /\/master\.m3u8$/.test(new URL(r.url()).pathname));
    const segment = page.waitForResponse((r) => /\/\d+p_\d{5}\.ts$/.test(new URL(r.url()).pathname));
    await page.goto(`/content/${contentId}`);
    expect((await master).status()).toBe(200);
    expect(scripts.some((s) => /hls\.light-[\w-]+\.js$/.test(s))).toBe(true);
    const player = new ContentDetailPage(page);
    await expect(player.video).toHaveAttribute('poster', /\/poster\.jpg$/);
    await player.play();
    expect((await segment).status()).toBe(200);
    await expect.poll(() => player.currentTime(), { timeout: 20_000 }).toBeGreaterThan(1);
    // the stream is played by hls.js through Media Source Extensions, not by the original file
    expect((await player.videoState()).src).toMatch(/^blob:/);

    // 'Qualidade': automatic first, then one rung
    await player.revealControls();
    const quality = page.getByTestId('quality-button');
    await expect(quality).toHaveAccessibleName('Qualidade: Automática');
    await quality.click();
    const menu = page.getByRole('menu', { name: 'Qualidade' });
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Automática', '360p', '540p']);
    await expect(menu.getByRole('menuitemradio', { name: 'Automática' })).toHaveAttribute('aria-checked', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`quality-menu-${testInfo.project.name}.png`) });
    await menu.getByRole('menuitemradio', { name: '540p' }).click();
    await expect(quality).toHaveAccessibleName('Qualidade: 540p');

    // 'Economizar dados': at most 360p, remembered on this device
    await player.revealControls();
    await quality.click();
    await menu.getByRole('menuitemcheckbox', { name: /Economizar dados/ }).click();
    await expect(menu.getByRole('menuitemcheckbox', { name: /Economizar dados/ })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitemradio', { name: '540p' })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitemradio', { name: 'Automática' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('clima.video.economizar-dados'))).toBe('1');
    await page.reload();
    await player.play();
    await player.revealControls();
    await expect(page.getByTestId('quality-button')).toHaveAccessibleName('Qualidade: Automática (economizando dados)');

    // captions: the CC button shows the track, and its cue is on screen
    await player.revealControls();
    const cc = player.player.getByRole('button', { name: 'Legendas (CC)' });
    await expect(cc).toHaveAttribute('aria-pressed', 'false');
    await cc.click();
    await expect(cc).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => player.video.evaluate((v: HTMLVideoElement) => ({ mode: v.textTracks[0]?.mode, cue: (v.textTracks[0]?.activeCues?.[0] as VTTCue | undefined)?.text })), { timeout: 15_000 })
      .toEqual({ mode: 'showing', cue: 'Verifique a pressão de sucção' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`captions-${testInfo.project.name}.png`) });
  });
});
