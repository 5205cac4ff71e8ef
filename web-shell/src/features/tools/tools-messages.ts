import type { SystemType, Verdict } from './lib/charge';
import type { PressureReference, PressureUnit, TemperatureUnit } from './lib/units';

/**
 * Texts of the 'Ferramentas' page. They live beside the feature, not in the app catalogue
 * (src/i18n/messages.ts), so that they load with this screen and add nothing to the first load of the others.
 */
export const toolsMessages = {
  title: 'Ferramentas',
  subtitle: 'Tabela pressão × temperatura, superaquecimento e subresfriamento. Funciona sem internet.',
  settings: {
    heading: 'Fluido e unidades',
    refrigerant: 'Fluido refrigerante',
    blend: 'Mistura: mostra ponto de bolha e ponto de orvalho',
    pressureUnit: 'Unidade de pressão',
    reference: 'Leitura da pressão',
    references: { gauge: 'Manométrica (manifold)', absolute: 'Absoluta' } satisfies Record<PressureReference, string>,
    atmosphere: 'Pressão atmosférica (kPa)',
    atmosphereHint: 'Ao nível do mar: 101,325 kPa. Em altitude, use a do local.',
    temperatureUnit: 'Unidade de temperatura',
    system: 'Tipo de sistema',
    systems: { split: 'Split / ar-condicionado', commercial: 'Refrigeração comercial' } satisfies Record<SystemType, string>,
    systemHints: {
      split: 'Com capilar ou válvula eletrônica.',
      commercial: 'Câmaras e balcões com válvula de expansão termostática.',
    } satisfies Record<SystemType, string>,
  },
  units: {
    pressure: { bar: 'bar', psi: 'psi', kPa: 'kPa' } satisfies Record<PressureUnit, string>,
    pressureSuffix: (unit: PressureUnit, reference: PressureReference) =>
      unit === 'psi' ? (reference === 'gauge' ? 'psig' : 'psia') : reference === 'gauge' ? `${unit} (man.)` : `${unit} (abs.)`,
    temperature: { C: '°C', F: '°F' } satisfies Record<TemperatureUnit, string>,
  },
  pt: {
    heading: 'Tabela P/T',
    intro: 'Digite uma pressão ou uma temperatura para ler a outra na saturação.',
    mode: 'Eu tenho',
    modes: { pressure: 'a pressão', temperature: 'a temperatura' },
    pressure: 'Pressão',
    temperature: 'Temperatura',
    saturationTemperature: 'Temperatura de saturação',
    saturationPressure: 'Pressão de saturação',
    bubble: 'Ponto de bolha (líquido)',
    dew: 'Ponto de orvalho (vapor)',
    glide: 'Deslizamento (glide)',
  },
  superheat: {
    heading: 'Superaquecimento',
    intro: 'Pressão de sucção e temperatura da linha de sucção, perto do compressor.',
    pressure: 'Pressão de sucção',
    temperature: 'Temperatura da linha de sucção',
    result: 'Superaquecimento',
    saturation: 'Temperatura de evaporação',
    saturationBlend: 'Temperatura de evaporação (ponto de orvalho)',
    topic: 'superaquecimento',
  },
  subcooling: {
    heading: 'Subresfriamento',
    intro: 'Pressão da linha de líquido e temperatura da linha de líquido, na saída do condensador.',
    pressure: 'Pressão da linha de líquido',
    temperature: 'Temperatura da linha de líquido',
    result: 'Subresfriamento',
    saturation: 'Temperatura de condensação',
    saturationBlend: 'Temperatura de condensação (ponto de bolha)',
    topic: 'subresfriamento',
  },
  range: (min: string, max: string, system: string) => `Faixa usual (${system}): ${min} a ${max}`,
  rangeNote: 'Faixas de referência. Siga sempre o manual do fabricante; em split, meça após 20 minutos de funcionamento.',
  verdict: { low: 'Abaixo da faixa', ok: 'Dentro da faixa', high: 'Acima da faixa' } satisfies Record<Verdict, string>,
  diagnosis: {
    superheat: {
      low: 'Superaquecimento baixo: risco de líquido voltando ao compressor. Verifique excesso de carga, pouco ar no evaporador (filtro sujo, ventilador, serpentina) ou válvula de expansão aberta demais.',
      ok: 'Superaquecimento dentro da faixa usual: o evaporador está bem alimentado.',
      high: 'Superaquecimento alto: o evaporador recebe pouco fluido. Verifique falta de carga (vazamento), restrição no capilar ou no filtro secador, ou válvula de expansão fechada demais.',
    } satisfies Record<Verdict, string>,
    subcooling: {
      low: 'Subresfriamento baixo: pouco líquido no condensador. Verifique falta de carga (vazamento) e se há gás na linha de líquido.',
      ok: 'Subresfriamento dentro da faixa usual: a carga parece adequada.',
      high: 'Subresfriamento alto: excesso de carga ou restrição na linha de líquido (filtro secador, capilar, válvula). Verifique também a limpeza do condensador.',
    } satisfies Record<Verdict, string>,
  },
  links: {
    contents: (topic: string) => `Conteúdos sobre ${topic}`,
    manuals: (topic: string) => `Buscar “${topic}” nos manuais`,
  },
  /** The search each verdict leads to, in the catalogue and in the manuals. */
  topics: {
    superheat: { low: 'superaquecimento', ok: 'superaquecimento', high: 'vazamento' },
    subcooling: { low: 'vazamento', ok: 'carga de fluido', high: 'subresfriamento' },
  } satisfies Record<'superheat' | 'subcooling', Record<Verdict, string>>,
  errors: {
    number: 'Digite um número (ex.: 4,5).',
    atmosphere: 'Digite a pressão atmosférica em kPa, entre 50 e 110.',
    temperatureRange: (min: string, max: string) => `Fora da faixa das equações deste fluido: de ${min} a ${max}.`,
    pressureRange: (min: string, max: string) => `Fora da faixa das equações deste fluido: de ${min} a ${max}.`,
  },
  sources: 'Valores calculados neste aparelho a partir de equações publicadas (equações de estado de referência, coeficientes do projeto CoolProp) e conferidos com tabelas publicadas.',
};
