import { expect, test } from '@playwright/test';
import { skipTrialDialog } from '../pages/billing-pages';
import { ToolsPage } from '../pages/tools-page';
import { expectNoAxeViolations } from '../support/axe';

/**
 * The technician's field tools (issue 29): /ferramentas in the shell's menu, the refrigerant P/T chart
 * (bubble and dew points for blends; bar, psi, kPa, gauge or absolute; °C and °F), superheat against
 * the dew point and subcooling against the bubble point with the usual range, a diagnosis and links to
 * the contents and the manuals; the last inputs kept on the device; the page computing with no network.
 * The expected figures are published saturation points (NIST REFPROP P/T charts in psig and °F).
 */

test.beforeEach(async ({ page }) => {
  await skipTrialDialog(page);
  // every test starts from a device that remembers nothing
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('tools-spec-started')) {
      localStorage.removeItem('clima-pro:ferramentas');
      sessionStorage.setItem('tools-spec-started', '1');
    }
  });
});

test('the menu opens Ferramentas; the P/T chart reads both ways in every unit @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await page.goto('/');
  await tools.openFromMenu();

  // R-134a at 0 °C ≈ 292,8 kPa absolute; 2,93 bar absolute; 27,8 psig (NIST)
  await tools.choose({ refrigerant: 'R-134a', pressureUnit: 'kPa', reference: 'Absoluta', temperatureUnit: '°C' });
  await tools.readPt('a temperatura', '0');
  await expect(tools.ptValue('pt-saturation')).toHaveText('293 kPa (abs.)');
  await tools.choose({ pressureUnit: 'bar' });
  await expect(tools.ptValue('pt-saturation')).toHaveText('2,93 bar (abs.)');
  await tools.choose({ pressureUnit: 'psi', reference: 'Manométrica (manifold)' });
  await expect(tools.ptValue('pt-saturation')).toHaveText('27,8 psig');
  // a pure refrigerant has one line: no bubble/dew pair
  await expect(tools.ptValue('pt-bubble')).toHaveCount(0);

  // 68,6 psig is 40 °F
  await tools.choose({ refrigerant: 'R-22', temperatureUnit: '°F' });
  await tools.readPt('a pressão', '68,6');
  await expect(tools.ptValue('pt-saturation')).toHaveText('40,0 °F');

  // the atmospheric pressure is editable: the same gauge reading in the mountains is a lower absolute pressure
  await tools.choose({ atmosphere: '90' });
  await expect(tools.ptValue('pt-saturation')).not.toHaveText('40,0 °F');
  await tools.choose({ atmosphere: '30' });
  await expect(tools.settings.getByText('Digite a pressão atmosférica em kPa, entre 50 e 110.')).toBeVisible();
  await tools.choose({ atmosphere: '101,325' });
  await expect(tools.ptValue('pt-saturation')).toHaveText('40,0 °F');

  // bad input is named, never computed
  await tools.readPt('a pressão', 'abc');
  await expect(tools.pt.getByText('Digite um número (ex.: 4,5).')).toBeVisible();
  await expect(tools.pt.getByTestId('pt-input')).toHaveAttribute('aria-invalid', 'true');
  await tools.choose({ temperatureUnit: '°C' });
  await tools.readPt('a temperatura', '120');
  await expect(tools.pt.getByText(/^Fora da faixa das equações deste fluido: de -157,4 °C a 96,1 °C\.$/)).toBeVisible();
});

test('blends show the bubble and the dew point @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.goto();
  // R-410A at 40 °F: bubble 118,8 psig (NIST REFPROP chart)
  await tools.choose({ refrigerant: 'R-410A', pressureUnit: 'psi', reference: 'Manométrica (manifold)', temperatureUnit: '°F' });
  await tools.readPt('a temperatura', '40');
  await expect(tools.ptValue('pt-bubble')).toHaveText('118,8 psig');
  await expect(tools.ptValue('pt-dew')).toHaveText('118,4 psig');
  await expect(tools.ptValue('pt-saturation')).toHaveCount(0);

  // R-407C: a glide of several degrees between the two lines at one pressure
  await tools.choose({ refrigerant: 'R-407C', pressureUnit: 'bar', temperatureUnit: '°C' });
  await tools.readPt('a pressão', '4');
  await expect(tools.ptValue('pt-bubble')).toBeVisible();
  const bubble = parseFloat((await tools.ptValue('pt-bubble').innerText()).replace(',', '.'));
  const dew = parseFloat((await tools.ptValue('pt-dew').innerText()).replace(',', '.'));
  expect(dew - bubble).toBeGreaterThan(4);
  await expect(tools.ptValue('pt-glide')).toHaveText(`${(Math.round((dew - bubble) * 10) / 10).toFixed(1).replace('.', ',')} °C`);
});

test('superheat reads the dew point and subcooling the bubble point, with the range, a diagnosis and links @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.goto();
  await tools.choose({ refrigerant: 'R-22', system: 'Split / ar-condicionado', pressureUnit: 'psi', reference: 'Manométrica (manifold)', temperatureUnit: '°C' });

  // R-22 at 68,6 psig evaporates at 4,5 °C (40 °F): a suction line at 10 °C is 5,5 °C of superheat, in the 5–7 °C of a split
  await tools.measure('superheat', '68,6', '10');
  await expect(tools.result('superheat', 'range')).toHaveText('Faixa usual (Split / ar-condicionado): 5 a 7 °C');
  await expect(tools.result('superheat', 'saturation')).toHaveText('4,5 °C');
  await expect(tools.result('superheat', 'value')).toHaveText('5,5 °C');
  await expect(tools.result('superheat', 'verdict')).toHaveText('Dentro da faixa');
  // a hot suction line: too little refrigerant in the evaporator
  await tools.measure('superheat', '68,6', '18');
  await expect(tools.result('superheat', 'verdict')).toHaveText('Acima da faixa');
  await expect(tools.result('superheat', 'diagnosis')).toContainText('falta de carga (vazamento)');
  const superheatTool = tools.calculator('superheat');
  await expect(superheatTool.getByRole('link', { name: 'Conteúdos sobre vazamento' })).toHaveAttribute('href', '/contents?q=vazamento');
  await expect(superheatTool.getByRole('link', { name: 'Buscar “vazamento” nos manuais' })).toHaveAttribute('href', '/manuals?q=vazamento');

  // R-22 at 195,9 psig condenses at 100 °F (37,8 °C): a liquid line at 33 °C is 4,8 °C of subcooling
  await tools.measure('subcooling', '195,9', '33');
  await expect(tools.result('subcooling', 'saturation')).toHaveText('37,8 °C');
  await expect(tools.result('subcooling', 'value')).toHaveText('4,8 °C');
  await expect(tools.result('subcooling', 'verdict')).toHaveText('Dentro da faixa');
  await tools.measure('subcooling', '195,9', '36');
  await expect(tools.result('subcooling', 'verdict')).toHaveText('Abaixo da faixa');

  // the blend rule, on R-407C: the calculators use the P/T chart's dew line for superheat and bubble line for subcooling
  await tools.choose({ refrigerant: 'R-407C', pressureUnit: 'bar' });
  await tools.measure('superheat', '4', '10');
  await tools.measure('subcooling', '4', '0');
  await tools.readPt('a pressão', '4');
  await expect(tools.calculator('superheat').getByText('Temperatura de evaporação (ponto de orvalho)')).toBeVisible();
  await expect(tools.calculator('subcooling').getByText('Temperatura de condensação (ponto de bolha)')).toBeVisible();
  await expect(tools.result('superheat', 'saturation')).toHaveText(await tools.ptValue('pt-dew').innerText());
  await expect(tools.result('subcooling', 'saturation')).toHaveText(await tools.ptValue('pt-bubble').innerText());
  expect(await tools.result('superheat', 'saturation').innerText()).not.toBe(await tools.result('subcooling', 'saturation').innerText());

  // °F: the differences in °F too (1 K = 1,8 °F)
  await tools.choose({ refrigerant: 'R-22', pressureUnit: 'psi', temperatureUnit: '°F' });
  await tools.measure('superheat', '68,6', '50');
  await expect(tools.result('superheat', 'value')).toHaveText('10,0 °F');
  await expect(tools.result('superheat', 'range')).toHaveText('Faixa usual (Split / ar-condicionado): 9 a 13 °F');

  // the link opens the contents already searched
  await tools.measure('superheat', '68,6', '70');
  await superheatTool.getByRole('link', { name: 'Conteúdos sobre vazamento' }).click();
  await expect(page).toHaveURL(/\/contents\?q=vazamento$/);
});

test('the last inputs are remembered on the device @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.goto();
  await tools.choose({ refrigerant: 'R-32', system: 'Refrigeração comercial', pressureUnit: 'bar', reference: 'Absoluta', temperatureUnit: '°F', atmosphere: '95' });
  await tools.readPt('a temperatura', '32');
  await tools.measure('superheat', '8', '50');
  await tools.measure('subcooling', '25', '90');
  await expect(tools.ptValue('pt-saturation')).toHaveText('8,13 bar (abs.)');

  await page.reload();
  await tools.expectOpen();
  await expect(tools.settings.getByLabel('Fluido refrigerante')).toHaveValue('R-32');
  await expect(tools.settings.getByLabel('Tipo de sistema')).toHaveValue('commercial');
  await expect(tools.settings.getByLabel('Unidade de pressão')).toHaveValue('bar');
  await expect(tools.settings.getByLabel('Leitura da pressão')).toHaveValue('absolute');
  await expect(tools.settings.getByLabel('Unidade de temperatura')).toHaveValue('F');
  await expect(tools.settings.getByLabel('Pressão atmosférica (kPa)')).toHaveValue('95');
  await expect(tools.pt.getByRole('radio', { name: 'a temperatura' })).toBeChecked();
  await expect(tools.ptValue('pt-saturation')).toHaveText('8,13 bar (abs.)');
  await expect(tools.calculator('superheat').getByTestId('superheat-pressure')).toHaveValue('8');
  await expect(tools.calculator('subcooling').getByTestId('subcooling-temperature')).toHaveValue('90');
  await expect(tools.result('subcooling', 'value')).toBeVisible();
});

test('with no network the page opens and computes @phone', async ({ page, context }) => {
  const tools = new ToolsPage(page);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    // a fresh load of the page itself, and its chunk, from the precache
    await page.goto('/ferramentas');
    await tools.expectOpen();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await tools.choose({ refrigerant: 'R-410A', pressureUnit: 'psi', reference: 'Manométrica (manifold)', temperatureUnit: '°F' });
    await tools.readPt('a temperatura', '40');
    await expect(tools.ptValue('pt-bubble')).toHaveText('118,8 psig');
    await tools.measure('superheat', '118,4', '50');
    await expect(tools.result('superheat', 'value')).toHaveText('10,0 °F');
    // and from the menu, as a technician on a roof would
    await page.goto('/');
    await tools.openFromMenu();
    await expect(tools.ptValue('pt-bubble')).toHaveText('118,8 psig');
  } finally {
    await context.setOffline(false);
  }
});

test('keyboard only: the fields are reached and used with Tab and the arrows @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.goto();
  await tools.choose({ refrigerant: 'R-134a', pressureUnit: 'kPa', reference: 'Absoluta', temperatureUnit: '°C' });
  const modeRadio = tools.pt.getByRole('radio', { name: 'a pressão' });
  await modeRadio.focus();
  // the arrow moves the choice within the group
  await page.keyboard.press('ArrowRight');
  await expect(tools.pt.getByRole('radio', { name: 'a temperatura' })).toBeChecked();
  await expect(tools.pt.getByRole('radio', { name: 'a temperatura' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tools.pt.getByTestId('pt-input')).toBeFocused();
  await page.keyboard.type('0');
  await expect(tools.ptValue('pt-saturation')).toHaveText('293 kPa (abs.)');
  // on to the superheat fields
  for (let i = 0; i < 10 && !(await tools.calculator('superheat').getByTestId('superheat-pressure').evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(tools.calculator('superheat').getByTestId('superheat-pressure')).toBeFocused();
  await page.keyboard.type('292,8');
  await page.keyboard.press('Tab');
  await expect(tools.calculator('superheat').getByTestId('superheat-temperature')).toBeFocused();
  await page.keyboard.type('6');
  await expect(tools.result('superheat', 'value')).toHaveText('6,0 °C');
  // the result's links are reached next
  await page.keyboard.press('Tab');
  await expect(tools.calculator('superheat').getByRole('link', { name: 'Conteúdos sobre superaquecimento' })).toBeFocused();
});

test('axe finds nothing on the page, empty and with results @phone', async ({ page }) => {
  const tools = new ToolsPage(page);
  await tools.goto();
  // the page's own content (the shell around it, header and menu, is checked by the layout's specs)
  await expectNoAxeViolations(page, 'ferramentas', '#conteudo');
  await tools.choose({ refrigerant: 'R-407C', pressureUnit: 'bar' });
  await tools.readPt('a pressão', '4');
  await tools.measure('superheat', '4', '12');
  await tools.measure('subcooling', '17', 'x');
  await expect(tools.ptValue('pt-dew')).toBeVisible();
  await expect(tools.calculator('subcooling').getByText('Digite um número (ex.: 4,5).')).toBeVisible();
  // the page's own content (the shell around it, header and menu, is checked by the layout's specs)
  await expectNoAxeViolations(page, 'ferramentas', '#conteudo');
});
