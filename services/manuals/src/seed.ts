import { DataSource, DataSourceOptions } from 'typeorm';
import type { ManualType } from '@clima/contract';
import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { loadManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { nameSlug } from './manuals/name-key';

interface DemoManual {
  title: string;
  description: string;
  model: string;
  type: ManualType;
  downloads: number;
  /** How many days ago it was published. */
  age: number;
}

interface DemoManufacturer {
  name: string;
  /** The manufacturer's own support page: the demo links there instead of shipping anyone's documents. */
  support: string;
  models: string[];
  manuals: DemoManual[];
}

/** Manufacturers found in Brazilian shops, with some of their split lines. */
export const DEMO: DemoManufacturer[] = [
  {
    name: 'Samsung',
    support: 'https://www.samsung.com/br/support/',
    models: ['WindFree', 'Digital Inverter Ultra'],
    manuals: [
      { title: 'Manual do Usuário Split WindFree', description: 'Operação do controle remoto, modos WindFree e Sono, limpeza do filtro.', model: 'WindFree', type: 'user_manual', downloads: 342, age: 160 },
      { title: 'Códigos de Erro Digital Inverter Ultra', description: 'Tabela de códigos exibidos no display e verificações recomendadas para cada um.', model: 'Digital Inverter Ultra', type: 'troubleshooting', downloads: 478, age: 95 },
    ],
  },
  {
    name: 'LG',
    support: 'https://www.lg.com/br/suporte/',
    models: ['Dual Inverter Voice', 'Artcool'],
    manuals: [
      { title: 'Manual de Instalação Dual Inverter Voice', description: 'Distâncias mínimas, fixação da evaporadora, vácuo e carga adicional de R-32.', model: 'Dual Inverter Voice', type: 'installation', downloads: 289, age: 140 },
      { title: 'Especificações Técnicas Artcool', description: 'Capacidades, consumo, correntes, diâmetros das linhas e comprimentos máximos.', model: 'Artcool', type: 'technical', downloads: 121, age: 48 },
    ],
  },
  {
    name: 'Daikin',
    support: 'https://www.daikin.com.br/',
    models: ['EcoSwing Smart', 'Sky Air Cassete'],
    manuals: [
      { title: 'Manual de Serviço EcoSwing Smart', description: 'Diagrama elétrico, teste de componentes e procedimentos de manutenção da placa inverter.', model: 'EcoSwing Smart', type: 'service', downloads: 215, age: 120 },
      { title: 'Manual de Instalação Sky Air Cassete', description: 'Instalação do cassete no forro, dreno com bomba e ligação das linhas frigoríficas.', model: 'Sky Air Cassete', type: 'installation', downloads: 97, age: 30 },
    ],
  },
  {
    name: 'Midea',
    support: 'https://www.midea.com/br',
    models: ['Xtreme Save Connect', 'AirVolution'],
    manuals: [
      { title: 'Catálogo de Peças Xtreme Save Connect', description: 'Vista explodida das unidades interna e externa com os códigos das peças de reposição.', model: 'Xtreme Save Connect', type: 'parts', downloads: 76, age: 75 },
      { title: 'Manual do Usuário AirVolution', description: 'Funções do controle, programação do timer e cuidados com a unidade.', model: 'AirVolution', type: 'user_manual', downloads: 158, age: 210 },
    ],
  },
  {
    name: 'Gree',
    support: 'https://www.gree.com.br/',
    models: ['G-Top Auto Inverter', 'Eco Garden'],
    manuals: [
      { title: 'Solução de Problemas G-Top Auto Inverter', description: 'Diagnóstico por código de falha, leitura de sensores e teste do compressor.', model: 'G-Top Auto Inverter', type: 'troubleshooting', downloads: 264, age: 60 },
      { title: 'Especificações Técnicas Eco Garden', description: 'Dados de capacidade, vazão de ar, nível de ruído e faixas de operação.', model: 'Eco Garden', type: 'technical', downloads: 43, age: 14 },
    ],
  },
  {
    name: 'Elgin',
    support: 'https://www.elgin.com.br/',
    models: ['Eco Inverter II', 'Eco Power'],
    manuals: [
      { title: 'Manual de Serviço Eco Inverter II', description: 'Esquemas elétricos, tabela de resistências dos sensores e roteiro de manutenção.', model: 'Eco Inverter II', type: 'service', downloads: 187, age: 100 },
      { title: 'Manual de Instalação Eco Power', description: 'Passo a passo de instalação, torque das porcas flangeadas e teste de estanqueidade.', model: 'Eco Power', type: 'installation', downloads: 132, age: 185 },
    ],
  },
  {
    name: 'Fujitsu',
    support: 'https://www.fujitsu-general.com/br/',
    models: ['Airstage Hi-Wall Inverter'],
    manuals: [
      { title: 'Catálogo de Peças Airstage Hi-Wall Inverter', description: 'Lista de peças com códigos de reposição da evaporadora e da condensadora.', model: 'Airstage Hi-Wall Inverter', type: 'parts', downloads: 58, age: 40 },
      { title: 'Códigos de Erro Airstage Hi-Wall Inverter', description: 'Interpretação das piscadas dos LEDs e ações corretivas.', model: 'Airstage Hi-Wall Inverter', type: 'troubleshooting', downloads: 201, age: 7 },
    ],
  },
  {
    name: 'Carrier',
    support: 'https://www.carrierdobrasil.com.br/',
    models: ['X-Power Inverter'],
    manuals: [
      { title: 'Manual de Serviço X-Power Inverter', description: 'Fluxograma de diagnóstico, pressões de trabalho e substituição de componentes.', model: 'X-Power Inverter', type: 'service', downloads: 119, age: 55 },
    ],
  },
  {
    name: 'Springer',
    support: 'https://www.springer.com.br/',
    models: ['Springer Midea Xtreme Save', 'Springer Way'],
    manuals: [
      { title: 'Manual do Usuário Springer Way', description: 'Uso diário, modos de operação e dicas de economia de energia.', model: 'Springer Way', type: 'user_manual', downloads: 88, age: 250 },
      { title: 'Especificações Técnicas Springer Midea Xtreme Save', description: 'Tabela de capacidades de 9.000 a 24.000 BTU/h, consumo e dimensões.', model: 'Springer Midea Xtreme Save', type: 'technical', downloads: 64, age: 21 },
    ],
  },
];

export interface SeedLog {
  info(msg: string): void;
}

/** Inserts the demo manufacturers, models and manuals, only when the manuals tables are empty. */
export async function seed(ds: DataSource, log: SeedLog): Promise<void> {
  const inserted = await ds.transaction(async (m) => {
    // two starting replicas must not both seed
    await m.query(`LOCK TABLE manuals.manufacturers, manuals.manuals IN EXCLUSIVE MODE`);
    const [{ empty }] = await m.query(
      `SELECT NOT EXISTS (SELECT 1 FROM manuals.manufacturers) AND NOT EXISTS (SELECT 1 FROM manuals.manuals) AS empty`,
    );
    if (!empty) return 0;
    let count = 0;
    for (const f of DEMO) {
      const [{ id: manufacturerId }] = await m.query(`INSERT INTO manuals.manufacturers (name, slug, logo_url) VALUES ($1, $2, NULL) RETURNING id`, [
        f.name,
        nameSlug(f.name),
      ]);
      const models = new Map<string, number>();
      for (const name of f.models) {
        const [{ id }] = await m.query(`INSERT INTO manuals.models (manufacturer_id, name, slug) VALUES ($1, $2, $3) RETURNING id`, [
          manufacturerId,
          name,
          nameSlug(name),
        ]);
        models.set(name, id);
      }
      for (const manual of f.manuals) {
        await m.query(
          `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, external_url, is_published, download_count, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, true, $7, now() - make_interval(days => $8), now() - make_interval(days => $8))`,
          [manual.title, manual.description, manufacturerId, models.get(manual.model), manual.type, f.support, manual.downloads, manual.age],
        );
        count++;
      }
    }
    return count;
  });
  log.info(inserted ? `manuals: demo data inserted (${DEMO.length} manufacturers, ${inserted} manuals)` : 'manuals: tables not empty, demo data skipped');
}

async function main(): Promise<void> {
  const config = loadManualsConfig();
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 1 }) as DataSourceOptions);
  await ds.initialize();
  try {
    const log = rootLogger('manuals', config.LOG_LEVEL);
    await seed(ds, { info: (msg) => log.info(msg) });
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
