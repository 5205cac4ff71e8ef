import { expect, type Locator, type Page } from '@playwright/test';

type Kind = 'superheat' | 'subcooling';

/** /ferramentas: the settings, the P/T chart and the superheat/subcooling calculators. */
export class ToolsPage {
  readonly settings: Locator;
  readonly pt: Locator;

  constructor(readonly page: Page) {
    this.settings = page.getByTestId('tool-settings');
    this.pt = page.getByTestId('tool-pt');
  }

  async goto(): Promise<void> {
    await this.page.goto('/ferramentas');
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Ferramentas', level: 1 })).toBeVisible();
  }

  /** Opens the page from the shell's menu (the mobile menu below 1280 px). */
  async openFromMenu(): Promise<void> {
    if ((this.page.viewportSize()?.width ?? 1280) < 1280) await this.page.getByRole('button', { name: 'Abrir menu' }).click();
    await this.page.getByRole('navigation', { name: 'Navegação principal' }).filter({ visible: true }).getByRole('link', { name: 'Ferramentas' }).click();
    await expect(this.page).toHaveURL(/\/ferramentas$/);
    await this.expectOpen();
  }

  async choose(settings: { refrigerant?: string; system?: string; pressureUnit?: string; reference?: 'Manométrica (manifold)' | 'Absoluta'; temperatureUnit?: '°C' | '°F'; atmosphere?: string }) {
    const s = this.settings;
    if (settings.refrigerant) await s.getByLabel('Fluido refrigerante').selectOption({ label: settings.refrigerant });
    if (settings.system) await s.getByLabel('Tipo de sistema').selectOption({ label: settings.system });
    if (settings.pressureUnit) await s.getByLabel('Unidade de pressão').selectOption({ label: settings.pressureUnit });
    if (settings.reference) await s.getByLabel('Leitura da pressão').selectOption({ label: settings.reference });
    if (settings.temperatureUnit) await s.getByLabel('Unidade de temperatura').selectOption({ label: settings.temperatureUnit });
    if (settings.atmosphere !== undefined) await s.getByLabel('Pressão atmosférica (kPa)').fill(settings.atmosphere);
  }

  /** Types into the P/T chart, by pressure or by temperature. */
  async readPt(mode: 'a pressão' | 'a temperatura', value: string): Promise<void> {
    await this.pt.getByRole('radio', { name: mode }).check();
    await this.pt.getByTestId('pt-input').fill(value);
  }

  ptValue(testId: 'pt-saturation' | 'pt-bubble' | 'pt-dew' | 'pt-glide'): Locator {
    return this.pt.getByTestId(testId);
  }

  calculator(kind: Kind): Locator {
    return this.page.getByTestId(`tool-${kind}`);
  }

  async measure(kind: Kind, pressure: string, temperature: string): Promise<void> {
    const tool = this.calculator(kind);
    await tool.getByTestId(`${kind}-pressure`).fill(pressure);
    await tool.getByTestId(`${kind}-temperature`).fill(temperature);
  }

  result(kind: Kind, part: 'value' | 'saturation' | 'verdict' | 'diagnosis' | 'range'): Locator {
    return this.calculator(kind).getByTestId(`${kind}-${part}`);
  }
}
