import { Readable } from 'node:stream';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MANUAL_FILE_PREFIX, MANUAL_TYPES, type ManualType } from '@clima/contract';
import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { createStorage, type Storage } from '@clima/storage';
import { loadManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { buildPdf, type PdfLine } from './demo-pdf';
import { nameSlug } from './manuals/name-key';

interface DemoManual {
  title: string;
  description: string;
  model: string;
  type: ManualType;
  downloads: number;
  /** How many days ago it was published. */
  age: number;
  /**
   * Ships a small generated PDF (stored like an admin's upload) instead of the link to the support page;
   * its text is indexed for the search by the service's text job.
   */
  pdf?: true;
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
      { title: 'Manual do Usuário Split WindFree', description: 'Operação do controle remoto, modos WindFree e Sono, limpeza do filtro.', model: 'WindFree', type: 'user_manual', downloads: 342, age: 160, pdf: true },
      { title: 'Códigos de Erro Digital Inverter Ultra', description: 'Tabela de códigos exibidos no display e verificações recomendadas para cada um.', model: 'Digital Inverter Ultra', type: 'troubleshooting', downloads: 478, age: 95, pdf: true },
    ],
  },
  {
    name: 'LG',
    support: 'https://www.lg.com/br/suporte/',
    models: ['Dual Inverter Voice', 'Artcool'],
    manuals: [
      { title: 'Manual de Instalação Dual Inverter Voice', description: 'Distâncias mínimas, fixação da evaporadora, vácuo e carga adicional de R-32.', model: 'Dual Inverter Voice', type: 'installation', downloads: 289, age: 140, pdf: true },
      { title: 'Especificações Técnicas Artcool', description: 'Capacidades, consumo, correntes, diâmetros das linhas e comprimentos máximos.', model: 'Artcool', type: 'technical', downloads: 121, age: 48 },
    ],
  },
  {
    name: 'Daikin',
    support: 'https://www.daikin.com.br/',
    models: ['EcoSwing Smart', 'Sky Air Cassete'],
    manuals: [
      { title: 'Manual de Serviço EcoSwing Smart', description: 'Diagrama elétrico, teste de componentes e procedimentos de manutenção da placa inverter.', model: 'EcoSwing Smart', type: 'service', downloads: 215, age: 120, pdf: true },
      { title: 'Manual de Instalação Sky Air Cassete', description: 'Instalação do cassete no forro, dreno com bomba e ligação das linhas frigoríficas.', model: 'Sky Air Cassete', type: 'installation', downloads: 97, age: 30 },
    ],
  },
  {
    name: 'Midea',
    support: 'https://www.midea.com/br',
    models: ['Xtreme Save Connect', 'AirVolution'],
    manuals: [
      { title: 'Catálogo de Peças Xtreme Save Connect', description: 'Vista explodida das unidades interna e externa com os códigos das peças de reposição.', model: 'Xtreme Save Connect', type: 'parts', downloads: 76, age: 75, pdf: true },
      { title: 'Manual do Usuário AirVolution', description: 'Funções do controle, programação do timer e cuidados com a unidade.', model: 'AirVolution', type: 'user_manual', downloads: 158, age: 210 },
    ],
  },
  {
    name: 'Gree',
    support: 'https://www.gree.com.br/',
    models: ['G-Top Auto Inverter', 'Eco Garden'],
    manuals: [
      { title: 'Solução de Problemas G-Top Auto Inverter', description: 'Diagnóstico por código de falha, leitura de sensores e teste do compressor.', model: 'G-Top Auto Inverter', type: 'troubleshooting', downloads: 264, age: 60, pdf: true },
      { title: 'Especificações Técnicas Eco Garden', description: 'Dados de capacidade, vazão de ar, nível de ruído e faixas de operação.', model: 'Eco Garden', type: 'technical', downloads: 43, age: 14, pdf: true },
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
      { title: 'Códigos de Erro Airstage Hi-Wall Inverter', description: 'Interpretação das piscadas dos LEDs e ações corretivas.', model: 'Airstage Hi-Wall Inverter', type: 'troubleshooting', downloads: 201, age: 7, pdf: true },
    ],
  },
  {
    name: 'Carrier',
    support: 'https://www.carrierdobrasil.com.br/',
    models: ['X-Power Inverter'],
    manuals: [
      { title: 'Manual de Serviço X-Power Inverter', description: 'Fluxograma de diagnóstico, pressões de trabalho e substituição de componentes.', model: 'X-Power Inverter', type: 'service', downloads: 119, age: 55, pdf: true },
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

/** The body of a demo PDF for each manual type: short, believable sections a technician would look for. */
const SECTIONS: Record<ManualType, { heading: string; items: string[] }[]> = {
  user_manual: [
    { heading: 'Controle remoto', items: ['LIGA/DESLIGA: inicia ou interrompe a operação do aparelho.', 'MODO: alterna entre Refrigerar, Desumidificar, Ventilar e Automático.', 'TEMP: ajusta a temperatura desejada entre 16 °C e 30 °C.', 'SONO: eleva a temperatura 1 °C a cada hora por duas horas, para um sono confortável.'] },
    { heading: 'Limpeza do filtro de ar', items: ['Desligue o aparelho e retire o plugue da tomada ou desligue o disjuntor.', 'Abra o painel frontal e remova os filtros puxando-os para baixo.', 'Lave com água corrente e sabão neutro; deixe secar à sombra.', 'Recomenda-se a limpeza a cada 15 dias em uso contínuo.'] },
    { heading: 'Dicas de economia', items: ['Mantenha portas e janelas fechadas durante a operação.', 'Use a temperatura de 23 °C a 25 °C no verão.', 'Evite a incidência direta de sol no ambiente climatizado.'] },
  ],
  installation: [
    { heading: 'Antes de instalar', items: ['Confira a tensão da rede e o disjuntor dedicado indicados na etiqueta.', 'Respeite 15 cm livres acima da evaporadora e 30 cm atrás da condensadora.', 'Use tubulação de cobre com paredes de 0,79 mm e isolamento térmico em ambas as linhas.'] },
    { heading: 'Vácuo e estanqueidade', items: ['Pressurize com nitrogênio seco a 300 psi e aguarde 30 minutos sem queda.', 'Faça vácuo até 500 mícrons com bomba de duplo estágio e vacuômetro.', 'Isole a bomba e confirme que o vácuo não sobe acima de 1.000 mícrons em 10 minutos.'] },
    { heading: 'Carga adicional de R-32', items: ['A unidade vem carregada para até 7,5 m de tubulação.', 'Acima disso, adicione 12 g por metro excedente, na fase líquida.', 'Torque das porcas: 1/4" - 18 N.m; 3/8" - 42 N.m; 1/2" - 55 N.m.'] },
  ],
  service: [
    { heading: 'Verificações iniciais', items: ['Meça a tensão de alimentação em repouso e com o compressor em operação.', 'Confira o aperto dos bornes e o estado dos cabos de interligação.', 'Leia as pressões de sucção e descarga com manifold digital.'] },
    { heading: 'Teste de componentes', items: ['Sensor de temperatura (NTC de 10 kohms a 25 °C): meça a resistência desconectado.', 'Bobinas do compressor: resistências iguais entre U-V, V-W e W-U.', 'Motor do ventilador da condensadora: verifique rolamentos e capacitor quando houver.', 'Placa inverter: confira o LED de diagnóstico antes de substituir.'] },
    { heading: 'Pressões de trabalho (R-32)', items: ['Sucção: 115 a 145 psi com 35 °C externos.', 'Superaquecimento recomendado: 5 a 7 K.', 'Sub-resfriamento recomendado: 4 a 6 K.'] },
  ],
  parts: [
    { heading: 'Unidade interna', items: ['01 - Painel frontal', '02 - Filtro de ar (par)', '03 - Motor do ventilador da evaporadora', '04 - Turbina (ventilador tangencial)', '05 - Placa eletrônica principal', '06 - Sensor de temperatura ambiente'] },
    { heading: 'Unidade externa', items: ['11 - Compressor rotativo inverter', '12 - Placa inverter', '13 - Motor do ventilador da condensadora', '14 - Hélice', '15 - Válvula de expansão eletrônica', '16 - Válvula de serviço 1/4" e 3/8"'] },
    { heading: 'Como pedir', items: ['Informe o modelo completo e o número de série da etiqueta ao pedir uma peça.'] },
  ],
  troubleshooting: [
    { heading: 'Antes do diagnóstico', items: ['Confirme a tensão de alimentação e o disjuntor dedicado.', 'Verifique se os filtros e a serpentina da evaporadora estão limpos.', 'Leia as pressões de trabalho com o compressor em operação há pelo menos 10 minutos.'] },
    { heading: 'Procedimento geral', items: ['Desligue o disjuntor por 3 minutos e religue para confirmar o código.', 'Anote o código exibido antes de qualquer intervenção.', 'Troque a placa apenas depois de descartar sensores, cabos e alimentação.'] },
  ],
  technical: [
    { heading: 'Capacidades e consumo', items: ['9.000 BTU/h - 220 V - 760 W - classe A', '12.000 BTU/h - 220 V - 1.050 W - classe A', '18.000 BTU/h - 220 V - 1.580 W - classe A', '24.000 BTU/h - 220 V - 2.150 W - classe A'] },
    { heading: 'Linhas frigoríficas', items: ['9.000 e 12.000 BTU/h: 1/4" (líquido) e 3/8" (sucção)', '18.000 BTU/h: 1/4" e 1/2"', '24.000 BTU/h: 3/8" e 5/8"', 'Comprimento máximo: 15 m a 25 m; desnível máximo: 10 m'] },
    { heading: 'Faixa de operação', items: ['Refrigeração: -15 °C a 48 °C externos.', 'Fluido refrigerante: R-32.'] },
  ],
};

/**
 * The fault codes of the demo's troubleshooting and service manuals, always on pages 3 and 4 of their PDFs,
 * so that the search inside the manuals has something true to show: E1 to E9 on page 3; F0-1, F0-2, P8,
 * CH05, U4, E101 and E40 on page 4 (E40 is not E4).
 */
export const DEMO_CODE_PAGES: { heading: string; items: string[] }[][] = [
  [
    {
      heading: 'Tabela de códigos de erro - unidade interna',
      items: [
        'E1 - Falha no sensor de temperatura ambiente: verifique a conexão e a resistência (10 kohms a 25 °C).',
        'E2 - Falha no sensor da serpentina da evaporadora.',
        'E3 - Proteção de alta pressão: confira a limpeza da condensadora e a carga de fluido refrigerante.',
        'E4 - Falha de comunicação entre as unidades interna e externa: verifique o cabo de interligação e a placa.',
        'E5 - Proteção de sobrecorrente do compressor: meça a corrente e as bobinas.',
        'E6 - Falha do motor do ventilador da evaporadora.',
        'E7 - Conflito de modo de operação entre as unidades.',
        'E8 - Proteção de sobrecarga: temperatura de descarga elevada.',
        'E9 - Falha na placa do display ou no sensor de umidade.',
      ],
    },
  ],
  [
    {
      heading: 'Códigos de proteção e da unidade externa',
      items: [
        'F0-1 - Recolhimento de fluido refrigerante em andamento (modo de coleta).',
        'F0-2 - Falha no sensor de temperatura externa.',
        'P8 - Proteção de temperatura da placa inverter (módulo IPM superaquecido).',
        'CH05 - Falha de comunicação com o controle com fio.',
        'U4 - Erro de comunicação entre a placa principal e a placa inverter.',
        'E101 - Falha de comunicação entre unidades em sistemas multi split.',
        'E40 - Falha no sensor de temperatura de descarga do compressor.',
      ],
    },
    {
      heading: 'Como ler o último código',
      items: ['Aponte o controle remoto para a evaporadora e mantenha TEMP pressionado por 5 segundos.', 'O display mostra o último código registrado; a válvula de expansão eletrônica é testada no modo de serviço.'],
    },
  ],
];

const SAFETY: PdfLine[] = [
  { text: 'Segurança', size: 13, bold: true, gap: 14 },
  { text: '- Desligue a alimentação elétrica antes de abrir as unidades.', gap: 2 },
  { text: '- Use luvas e óculos de proteção ao manusear fluido refrigerante.', gap: 2 },
  { text: '- Recolha o fluido refrigerante: nunca o libere na atmosfera.', gap: 2 },
];

/** The pages of a demo manual: cover and sections, the code tables (troubleshooting and service), safety. */
export function demoPdf(manufacturer: string, manual: DemoManual): Buffer {
  const sections = SECTIONS[manual.type];
  const half = Math.ceil(sections.length / 2);
  const section = (s: { heading: string; items: string[] }): PdfLine[] => [
    { text: s.heading, size: 13, bold: true, gap: 14 },
    ...s.items.map((text) => ({ text: `- ${text}`, gap: 2 })),
  ];
  const pages: PdfLine[][] = [
    [
      { text: manual.title, size: 20, bold: true },
      { text: `${manufacturer} - ${manual.model} - ${MANUAL_TYPES[manual.type]}`, size: 12, gap: 4 },
      { text: manual.description, gap: 12 },
      ...sections.slice(0, half).flatMap(section),
    ],
    sections.slice(half).flatMap(section),
  ];
  if (manual.type === 'troubleshooting' || manual.type === 'service') pages.push(...DEMO_CODE_PAGES.map((page) => page.flatMap(section)));
  pages.push(SAFETY);
  return buildPdf({
    title: manual.title,
    header: 'Clima Pro - Biblioteca de Manuais Técnicos',
    footer: `${manual.title} - ${manufacturer} ${manual.model}`,
    pages,
  });
}

/** Storage name of a demo manual's PDF: fixed, so seeding another database over the same storage overwrites it. */
const demoFileName = (manufacturer: string, manual: DemoManual) => `${`demo-${nameSlug(manufacturer)}-${nameSlug(manual.title)}`.slice(0, 110)}.pdf`;

export interface SeedLog {
  info(msg: string): void;
}

/**
 * Inserts the demo manufacturers, models and manuals, only when the manuals tables are empty. With a
 * storage, the manuals marked `pdf` get their generated PDF (as if an administrator had uploaded it);
 * without one they link to the manufacturer's support page like the others.
 */
export async function seed(ds: DataSource, log: SeedLog, storage?: Storage): Promise<void> {
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
        let file: { url: string; size: number } | null = null;
        if (manual.pdf && storage) {
          const name = demoFileName(f.name, manual);
          const stored = await storage.put(`manuals/${name}`, Readable.from([demoPdf(f.name, manual)]), { contentType: 'application/pdf' });
          file = { url: `${MANUAL_FILE_PREFIX}${name}`, size: stored.size };
        }
        await m.query(
          `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, file_url, file_size, external_url, is_published, download_count, created_at, updated_at, text_status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, now() - make_interval(days => $10), now() - make_interval(days => $10), $11)`,
          // a stored PDF waits for the service's text job (its worker queues every pending manual at start)
          [manual.title, manual.description, manufacturerId, models.get(manual.model), manual.type, file?.url ?? null, file?.size ?? null, file ? null : f.support, manual.downloads, manual.age, file ? 'pending' : null],
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
    await seed(ds, { info: (msg) => log.info(msg) }, createStorage(config.storage));
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
