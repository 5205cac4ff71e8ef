import { expect, type Locator, type Page } from '@playwright/test';

/** /contents — marketing page for visitors, banner, search, category filter and cards for users. */
export class ContentsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/contents');
  }

  /** The free-trial dialog opens by itself once per browser session for users without a plan. */
  async dismissTrialDialog(): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  async search(text: string): Promise<void> {
    await this.page.getByPlaceholder('Buscar conteúdos...').fill(text);
  }

  card(title: string): Locator {
    return this.page.getByTestId('content-card').filter({ hasText: title });
  }

  async expectViews(title: string, views: string): Promise<void> {
    await expect(this.card(title).getByTestId('content-views')).toHaveText(views);
  }

  async watch(title: string): Promise<void> {
    await this.card(title).getByRole('link', { name: `Assistir: ${title}` }).click();
    await expect(this.page).toHaveURL(/\/content\/\d+$/);
  }
}

/** /content/{id} — the detail page and its video player. */
export class ContentDetailPage {
  readonly player: Locator;
  readonly video: Locator;

  constructor(readonly page: Page) {
    this.player = page.getByTestId('file-video-player');
    this.video = this.player.locator('video');
  }

  aboutViews(): Locator {
    return this.page.getByTestId('about-views');
  }

  private moves = 0;

  control(name: string): Locator {
    return this.player.getByRole('button', { name, exact: true });
  }

  /** Controls hide 3 s after playback starts; a mouse movement over the player brings them back. */
  async revealControls(): Promise<void> {
    this.moves += 1;
    await this.player.hover({ position: { x: 30 + (this.moves % 7) * 5, y: 30 } });
    await expect(this.player.getByTestId('player-controls')).toHaveAttribute('data-visible', 'true');
  }

  async click(name: string): Promise<void> {
    await this.revealControls();
    await this.control(name).click();
  }

  currentTime(): Promise<number> {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentTime);
  }

  async videoState(): Promise<{ paused: boolean; playbackRate: number; volume: number; muted: boolean; src: string }> {
    return this.video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, playbackRate: v.playbackRate, volume: v.volume, muted: v.muted, src: v.currentSrc }));
  }

  async play(): Promise<void> {
    await this.click('Reproduzir');
    await expect.poll(() => this.currentTime()).toBeGreaterThan(0.3);
    await expect(this.control('Pausar')).toBeVisible();
  }

  async chooseSpeed(label: string): Promise<void> {
    await this.click('Velocidade de reprodução');
    await this.player.getByRole('menuitemradio', { name: label }).click();
    await expect(this.player.getByRole('menu')).toBeHidden();
  }
}
