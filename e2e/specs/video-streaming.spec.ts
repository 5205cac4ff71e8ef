import { expect, test } from '@playwright/test';
import { ContentDetailPage } from '../pages/catalog-shell';
import { adminApi, seedTestUser } from '../support/api';
import { axeViolations } from '../support/axe';
import { publishConverted } from '../support/test-video';

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
