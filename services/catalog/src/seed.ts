import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { loadCatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { SAO_PAULO_TODAY } from './contents/contents.repository';

interface DemoContent {
  title: string;
  description: string;
  category: string;
  tags: string[];
  video: string;
  vertical?: boolean;
  views: number;
  daysAgo: number;
}

const CATEGORIES = [
  { name: 'Instalação', slug: 'instalacao', description: 'Instalação de splits, multi-splits e cassetes do jeito certo, da furação ao start-up.' },
  { name: 'Manutenção', slug: 'manutencao', description: 'Limpeza, higienização e manutenção preventiva de equipamentos residenciais e comerciais.' },
  { name: 'Refrigeração Comercial', slug: 'refrigeracao-comercial', description: 'Câmaras frias, balcões, expositores e sistemas de refrigeração para comércio.' },
  { name: 'Elétrica e Automação', slug: 'eletrica-e-automacao', description: 'Comandos elétricos, placas eletrônicas, inverter e automação de sistemas HVAC-R.' },
  { name: 'Diagnóstico', slug: 'diagnostico', description: 'Como encontrar o defeito: medições, códigos de erro e análise do ciclo frigorífico.' },
];

const embed = (id: string) =>
  `<iframe width="315" height="560" src="https://www.youtube.com/embed/${id}" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>`;

const CONTENTS: DemoContent[] = [
  {
    title: 'Vácuo no ar-condicionado split: passo a passo com vacuômetro',
    description: 'Por que o vácuo é obrigatório, como montar o manifold e a bomba e como ler o vacuômetro até 500 mícrons antes de liberar o gás.',
    category: 'instalacao',
    tags: ['vácuo', 'split', 'vacuômetro', 'bomba de vácuo'],
    video: 'https://www.youtube.com/watch?v=vjNUibMqlAM',
    views: 1284,
    daysAgo: 2,
  },
  {
    title: 'Flangeamento de tubo de cobre sem vazamento',
    description: 'Corte, rebarbação e flange na medida certa: os cuidados que evitam vazamento nas porcas de conexão do split.',
    category: 'instalacao',
    tags: ['cobre', 'flangeador', 'vazamento'],
    video: 'https://youtu.be/Q7mJ2vWbK3E',
    views: 842,
    daysAgo: 5,
  },
  {
    title: 'Dica rápida: torque certo na porca flange',
    description: 'Use o torquímetro: cada bitola tem o seu aperto. Veja a tabela em menos de um minuto.',
    category: 'instalacao',
    tags: ['torquímetro', 'porca flange', 'dica rápida'],
    video: embed('Xk3pT9fLm2Q'),
    vertical: true,
    views: 2310,
    daysAgo: 1,
  },
  {
    title: 'Higienização completa de split hi-wall',
    description: 'Desmontagem da evaporadora, limpeza da serpentina e da turbina, bactericida e remontagem sem quebrar as travas.',
    category: 'manutencao',
    tags: ['higienização', 'limpeza', 'evaporadora', 'PMOC'],
    video: 'https://www.youtube.com/watch?v=H8bR4nTq1Zs',
    views: 1930,
    daysAgo: 9,
  },
  {
    title: 'Plano de manutenção preventiva (PMOC) para pequenos comércios',
    description: 'O que a lei exige, a periodicidade de cada item e como montar o relatório para o cliente.',
    category: 'manutencao',
    tags: ['PMOC', 'preventiva', 'relatório'],
    video: 'https://www.youtube.com/watch?v=pL2mC6vYd0A',
    views: 615,
    daysAgo: 14,
  },
  {
    title: 'Dreno entupido: resolva em 3 minutos',
    description: 'Evaporadora pingando? Veja como desobstruir a bandeja e a mangueira de dreno com segurança.',
    category: 'manutencao',
    tags: ['dreno', 'vazamento de água', 'dica rápida'],
    video: embed('d9RkW2sQv7M'),
    vertical: true,
    views: 3075,
    daysAgo: 3,
  },
  {
    title: 'Câmara fria: regulagem do pressostato de baixa',
    description: 'Ajuste de diferencial e corte do pressostato em câmaras de resfriados e congelados, com exemplos de pressões de trabalho.',
    category: 'refrigeracao-comercial',
    tags: ['câmara fria', 'pressostato', 'refrigeração'],
    video: 'https://www.youtube.com/watch?v=cF4nM8tRj5U',
    views: 528,
    daysAgo: 20,
  },
  {
    title: 'Balcão expositor não gela: roteiro de verificação',
    description: 'Condensador sujo, ventilador parado, falta de fluido ou termostato: a ordem certa de checagem na refrigeração comercial.',
    category: 'refrigeracao-comercial',
    tags: ['balcão refrigerado', 'expositor', 'refrigeração comercial'],
    video: 'https://youtu.be/bV7wQ3kPz1L',
    views: 733,
    daysAgo: 26,
  },
  {
    title: 'Placa inverter: testando o módulo IPM com multímetro',
    description: 'Como medir o módulo de potência da condensadora inverter com o aparelho desligado e identificar um IPM em curto.',
    category: 'eletrica-e-automacao',
    tags: ['inverter', 'placa eletrônica', 'multímetro', 'IPM'],
    video: 'https://www.youtube.com/watch?v=mT5zE1rGh8W',
    views: 1402,
    daysAgo: 7,
  },
  {
    title: 'Capacitor de partida: como testar em campo',
    description: 'Leitura de microfarads, sinais de capacitor estufado e a troca correta em compressores e motores ventiladores.',
    category: 'eletrica-e-automacao',
    tags: ['capacitor', 'compressor', 'elétrica'],
    video: embed('Rz8cK0nVa4T'),
    vertical: true,
    views: 1876,
    daysAgo: 11,
  },
  {
    title: 'Superaquecimento e sub-resfriamento na prática',
    description: 'Medindo temperaturas e pressões para saber se falta ou sobra fluido refrigerante, sem carregar "no olho".',
    category: 'diagnostico',
    tags: ['superaquecimento', 'sub-resfriamento', 'carga de gás', 'R-410A'],
    video: 'https://www.youtube.com/watch?v=sJ6yH2pXq9N',
    views: 1158,
    daysAgo: 4,
  },
  {
    title: 'Códigos de erro mais comuns em splits inverter',
    description: 'Falha de comunicação, sensor aberto, proteção de alta corrente: o que cada código indica e por onde começar.',
    category: 'diagnostico',
    tags: ['código de erro', 'inverter', 'diagnóstico'],
    video: 'https://www.youtube.com/watch?v=eW3gN7fBk2Y',
    views: 967,
    daysAgo: 17,
  },
];

/** Daily views of the last 30 days for the admin chart (busier on weekdays). */
function demoDailyViews(): { daysAgo: number; views: number }[] {
  return Array.from({ length: 30 }, (_, i) => {
    const daysAgo = 29 - i;
    const weekday = (i + 3) % 7 < 5;
    return { daysAgo, views: Math.round((weekday ? 52 : 31) + 18 * Math.sin(i / 3) + i * 1.5) };
  });
}

/** Demo categories and contents for a fresh install; does nothing when the catalog already has data. */
export async function seed(ds: DataSource, log: { info(msg: string): void }): Promise<void> {
  const [{ n }]: { n: number }[] = await ds.query(
    `SELECT ((SELECT count(*) FROM catalog.categories) + (SELECT count(*) FROM catalog.contents))::int AS n`,
  );
  if (n > 0) {
    log.info('catalog: dados já existem, demonstração não inserida');
    return;
  }
  await ds.transaction(async (m) => {
    const ids = new Map<string, number>();
    for (const c of CATEGORIES) {
      const [row]: { id: number }[] = await m.query(
        `INSERT INTO catalog.categories (name, slug, description, created_at) VALUES ($1, $2, $3, now() - interval '40 days') RETURNING id`,
        [c.name, c.slug, c.description],
      );
      ids.set(c.slug, row.id);
    }
    for (const c of CONTENTS) {
      await m.query(
        `INSERT INTO catalog.contents (title, description, category_id, tags, video_url, video_orientation, is_published, views_count, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, now() - make_interval(days => $8::int))`,
        [c.title, c.description, ids.get(c.category), JSON.stringify(c.tags), c.video, c.vertical ? 'vertical' : 'horizontal', c.views, c.daysAgo],
      );
    }
    for (const d of demoDailyViews()) {
      await m.query(`INSERT INTO catalog.daily_views (day, views) VALUES (${SAO_PAULO_TODAY} - $1::int, $2)`, [d.daysAgo, d.views]);
    }
  });
  log.info(`catalog: ${CATEGORIES.length} categorias e ${CONTENTS.length} conteúdos de demonstração inseridos`);
}

async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 1 }) as DataSourceOptions);
  await ds.initialize();
  try {
    await seed(ds, rootLogger('catalog', config.LOG_LEVEL));
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
