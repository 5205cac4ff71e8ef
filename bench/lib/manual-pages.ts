/**
 * Generated manual pages for the manuals-search benchmark: believable Portuguese service text for
 * air-conditioning technicians (about 1,200 characters a page), fault-code tables in a third of the
 * manuals, and codes mentioned in passing here and there. Deterministic: the same page number always
 * gives the same text.
 */

const SENTENCES = [
  // compressor and refrigerant circuit
  'Meça a corrente do compressor com alicate amperímetro e compare com o valor nominal da etiqueta.',
  'O compressor rotativo inverter não deve partir com a pressão de sucção abaixo de 20 psi.',
  'Um compressor travado exige a verificação do capacitor de partida e das bobinas do motor.',
  'Ruído metálico no compressor indica falta de lubrificação ou retorno de líquido pela sucção.',
  'A temperatura de descarga do compressor acima de 105 °C aciona a proteção térmica.',
  'Antes de trocar o compressor, recolha todo o fluido refrigerante com recolhedora apropriada.',
  'Verifique o superaquecimento na sucção: entre 5 e 7 K na maioria das condições de operação.',
  'O sub-resfriamento na saída da condensadora fica entre 4 e 6 K com a carga correta.',
  'A válvula de expansão eletrônica ajusta a abertura conforme a leitura dos sensores de temperatura.',
  'Uma válvula de expansão travada fechada provoca baixa pressão e congelamento da serpentina.',
  'A válvula de serviço deve ser aberta totalmente após o vácuo e a carga de fluido refrigerante.',
  'A válvula reversora de quatro vias inverte o ciclo no modo aquecimento.',
  'Vazamentos são encontrados com espuma de sabão, detector eletrônico ou pressurização com nitrogênio.',
  'Após soldar a tubulação, faça o teste de estanqueidade com nitrogênio seco a 300 psi.',
  'O vácuo deve atingir 500 mícrons e permanecer estável por dez minutos com a bomba isolada.',
  'Adicione fluido refrigerante R-32 na fase líquida, de acordo com o comprimento da tubulação.',
  'O filtro secador retém umidade e partículas: troque-o sempre que o circuito for aberto.',
  'Obstrução no tubo capilar causa baixa pressão de sucção e alta temperatura no ambiente.',
  // electrical and electronics
  'A placa inverter converte a tensão alternada em contínua e alimenta o compressor em frequência variável.',
  'Confira a tensão do barramento DC na placa inverter: cerca de 310 V com alimentação de 220 V.',
  'O módulo IPM aquece em operação; a pasta térmica e o dissipador devem estar em bom estado.',
  'Antes de manusear a placa, aguarde a descarga dos capacitores eletrolíticos por cinco minutos.',
  'O cabo de interligação entre as unidades leva alimentação e sinal de comunicação.',
  'Bornes frouxos no cabo de interligação provocam falhas intermitentes de comunicação.',
  'O sensor de temperatura ambiente é um termistor NTC de 10 kohms a 25 °C.',
  'Meça a resistência do sensor da serpentina desconectado da placa e compare com a tabela.',
  'O sensor de temperatura de descarga fica preso à tubulação de saída do compressor.',
  'O fusível da placa principal protege o circuito de comando contra curto-circuito.',
  'O disjuntor deve ser dedicado e dimensionado conforme a corrente máxima do aparelho.',
  'Aterramento deficiente causa ruído elétrico e leituras erradas dos sensores.',
  'O varistor queimado indica surto na rede elétrica; verifique também o fusível.',
  'Um capacitor do ventilador com capacitância baixa reduz a rotação e a troca de calor.',
  // fans, airflow, drainage
  'O motor do ventilador da evaporadora é controlado por sinal PWM a partir da placa principal.',
  'A turbina da evaporadora acumula sujeira e reduz a vazão de ar: limpe-a com escova macia.',
  'A hélice da condensadora deve girar livre, sem folga no eixo do motor.',
  'O ventilador da condensadora desliga em baixa temperatura externa para manter a pressão.',
  'Filtros de ar sujos diminuem a vazão e podem congelar a serpentina da evaporadora.',
  'A bandeja de condensado deve ter caimento para o dreno, sem água parada.',
  'A mangueira do dreno precisa de caimento contínuo e não pode formar sifão.',
  'A bomba de dreno dos modelos cassete eleva a água de condensado até 70 cm.',
  'Gotejamento na evaporadora costuma vir de dreno entupido ou desnivelamento da unidade.',
  // installation
  'Respeite as distâncias mínimas: 15 cm acima da evaporadora e 30 cm atrás da condensadora.',
  'A condensadora deve ficar em local ventilado, longe de fontes de calor e de sol direto.',
  'Use suportes adequados ao peso da condensadora e calços de borracha contra vibração.',
  'O isolamento térmico deve cobrir as duas linhas de cobre em todo o percurso.',
  'Aperte as porcas flangeadas com torquímetro: 18 N.m em 1/4 e 42 N.m em 3/8.',
  'O desnível máximo entre as unidades é de 10 m e o comprimento máximo é de 25 m.',
  'Acima de 7,5 m de tubulação, adicione 12 g de fluido refrigerante por metro excedente.',
  'A furação na parede precisa de inclinação para fora, facilitando o escoamento do dreno.',
  // operation and user
  'No modo Sono a temperatura sobe 1 °C por hora durante as duas primeiras horas.',
  'O modo Desumidificar reduz a umidade do ambiente com ventilação em baixa velocidade.',
  'O temporizador liga ou desliga o aparelho no horário programado pelo controle remoto.',
  'Mantenha portas e janelas fechadas para economizar energia durante a operação.',
  'A temperatura recomendada no verão fica entre 23 °C e 25 °C.',
  'A limpeza dos filtros deve ser feita a cada quinze dias em uso contínuo.',
  'Mau cheiro na partida indica fungos na serpentina: faça a higienização com produto bactericida.',
  // maintenance and diagnosis
  'A manutenção preventiva inclui limpeza das serpentinas, filtros, bandeja e dreno.',
  'Lave a serpentina da condensadora com jato de baixa pressão, de dentro para fora.',
  'Registre as pressões de sucção e descarga e as correntes em cada visita de manutenção.',
  'Com o manifold digital, leia a pressão e a temperatura de saturação do R-32.',
  'A pressão de sucção típica com R-32 fica entre 115 e 145 psi em refrigeração.',
  'A pressão de descarga alta indica condensadora suja, excesso de carga ou ventilador parado.',
  'Baixa eficiência com pressões normais sugere vazão de ar insuficiente na evaporadora.',
  'Ao diagnosticar, desligue o disjuntor por três minutos e religue para confirmar o defeito.',
  'Anote o código exibido no display antes de qualquer intervenção na placa.',
  'Troque a placa apenas depois de descartar sensores, cabos e alimentação.',
  'O LED de diagnóstico da placa externa pisca conforme o código de falha registrado.',
  'Consulte a tabela de resistências dos sensores para cada temperatura medida.',
  'A proteção de alta pressão atua quando a condensadora não consegue rejeitar calor.',
  'A proteção de baixa pressão atua com falta de fluido refrigerante ou obstrução.',
  'Oscilação de tensão na rede aciona a proteção de sobretensão ou subtensão da placa.',
  'A comunicação entre a placa principal e a placa inverter usa sinal serial.',
  'O controle com fio se comunica com a evaporadora por cabo blindado de dois fios.',
  'Em sistemas multi split, cada evaporadora tem um endereço definido na instalação.',
  'A serpentina congelada pode indicar falta de fluido, filtro sujo ou ventilador lento.',
  'Depois do reparo, deixe o aparelho operar trinta minutos e confira as pressões novamente.',
  // parts and specifications
  'A placa eletrônica principal é a peça 05 da vista explodida da unidade interna.',
  'O compressor e a placa inverter da unidade externa são fornecidos como peças separadas.',
  'Informe o número de série da etiqueta ao pedir peças de reposição.',
  'A capacidade de 12.000 BTU/h consome cerca de 1.050 W em refrigeração.',
  'A faixa de operação em refrigeração vai de -15 °C a 48 °C de temperatura externa.',
  'O nível de ruído da evaporadora fica abaixo de 40 dB na velocidade mínima.',
  'As linhas de 1/4 e 3/8 atendem os modelos de 9.000 e 12.000 BTU/h.',
  'A tensão de alimentação é de 220 V monofásica, com tolerância de 10 %.',
];

/** Codes families seen on Brazilian splits, and what each number means in the tables. */
const DESCRIPTIONS = [
  'Falha no sensor de temperatura ambiente',
  'Falha no sensor da serpentina da evaporadora',
  'Proteção de alta pressão',
  'Falha de comunicação entre as unidades interna e externa',
  'Proteção de sobrecorrente do compressor',
  'Falha do motor do ventilador da evaporadora',
  'Conflito de modo de operação',
  'Proteção de temperatura de descarga',
  'Falha na placa do display',
  'Proteção do módulo IPM da placa inverter',
  'Falha no sensor de temperatura externa',
  'Falha do motor do ventilador da condensadora',
  'Tensão do barramento DC fora da faixa',
  'Falha na válvula de expansão eletrônica',
  'Falha de comunicação com o controle com fio',
  'Proteção contra congelamento da evaporadora',
];

function codeOf(family: number, n: number): string {
  switch (family) {
    case 0:
      return `E${n % 10}`;
    case 1:
      return `F${n % 10}-${1 + (n % 3)}`;
    case 2:
      return `P${n % 10}`;
    case 3:
      return `CH${String(1 + (n % 60)).padStart(2, '0')}`;
    case 4:
      return `U${n % 10}`;
    case 5:
      return `E${10 + (n % 90)}`;
    default:
      return `E${100 + (n % 50)}`;
  }
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PAGES_PER_MANUAL = 40;

/** Whether the manual (1-based) carries fault-code tables, on its pages 3 to 6. */
export const hasCodeTables = (manual: number) => manual % 3 === 0;

/** The text of one page of one manual (both 1-based). */
export function pageText(manual: number, page: number): string {
  const rnd = random(manual * 1000 + page);
  const lines: string[] = [];
  if (hasCodeTables(manual) && page >= 3 && page <= 6) {
    lines.push(page === 3 ? 'Tabela de códigos de erro - unidade interna' : 'Códigos de proteção e da unidade externa');
    const family = (manual + page) % 7;
    const start = Math.floor(rnd() * 60);
    for (let i = 0; i < 10; i++) {
      const code = codeOf(page === 3 ? 0 : family, start + i);
      lines.push(`${code} - ${DESCRIPTIONS[(start + i) % DESCRIPTIONS.length]}: verifique conexões, sensores e placa.`);
    }
    lines.push(SENTENCES[Math.floor(rnd() * SENTENCES.length)]!);
    return lines.join('\n');
  }
  lines.push(`Capítulo ${Math.ceil(page / 5)} - página ${page}`);
  let length = 0;
  while (length < 1100) {
    const s = SENTENCES[Math.floor(rnd() * SENTENCES.length)]!;
    lines.push(s);
    length += s.length;
  }
  // now and then a code in passing
  if (rnd() < 0.1) lines.push(`Se o display indicar ${codeOf(Math.floor(rnd() * 7), Math.floor(rnd() * 100))}, consulte a tabela de códigos.`);
  return lines.join('\n');
}

/** The queries of the load: codes, words, and both. */
export const QUERIES = [
  'E4',
  'E 4',
  'F0-1',
  'P8',
  'CH05',
  'U4',
  'E101',
  'E42',
  'compressor',
  'válvula de expansão',
  'sensor de temperatura',
  'capacitor',
  'placa inverter',
  'vazamento nitrogênio',
  'pressão de sucção',
  'dreno entupido',
  'E4 cabo',
  'P8 placa',
];

/** Runs one statement (a pg Pool or Client). */
export interface Sql {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Writes `manuals` manuals of PAGES_PER_MANUAL indexed pages each, with their codes, straight into the
 * manuals schema (published, text indexed, 50 manufacturers with 10 models each); `codesOf` is the
 * service's own code reader. Two connections write at once.
 */
export async function fillLibrary(db: [Sql, Sql], manuals: number, codesOf: (text: string) => Map<string, number>, log: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  await db[0].query(`INSERT INTO manuals.manufacturers (name, slug) SELECT 'Fabricante ' || g, 'fabricante-' || g FROM generate_series(1, 50) g`);
  await db[0].query(
    `INSERT INTO manuals.models (manufacturer_id, name, slug)
     SELECT f.id, 'Modelo ' || f.id || '-' || g, 'modelo-' || g FROM manuals.manufacturers f, generate_series(1, 10) g`,
  );
  await db[0].query(
    `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, file_url, file_size, is_published, text_status, page_count, created_at)
     SELECT 'Manual ' || g, 'Manual técnico gerado ' || g, d.manufacturer_id, d.id,
            (ARRAY['user_manual','installation','service','parts','troubleshooting','technical'])[1 + g % 6],
            '/api/files/manuals/bench-' || g || '.pdf', 1000000, true, 'indexed', ${PAGES_PER_MANUAL}, now() - (g % 365) * interval '1 day'
       FROM generate_series(1, ${manuals}) g
       JOIN LATERAL (SELECT id, manufacturer_id FROM manuals.models ORDER BY id OFFSET (g % 500) LIMIT 1) d ON true
      ORDER BY g`,
  );
  const ids = (await db[0].query(`SELECT id FROM manuals.manuals ORDER BY id`)).rows.map((r) => Number(r.id));
  log(`fixtures: 50 manufacturers, 500 models, ${ids.length.toLocaleString('en')} manuals (${Date.now() - t0} ms)`);

  const t1 = Date.now();
  const BATCH = 50; // manuals per statement (2,000 pages)
  let next = 0;
  let written = 0;
  let codes = 0;
  const writer = async (conn: Sql) => {
    while (next < ids.length) {
      const from = next;
      next += BATCH;
      const manualIds: number[] = [];
      const pages: number[] = [];
      const bodies: string[] = [];
      const c: [string[], number[], number[], number[]] = [[], [], [], []];
      for (let i = from; i < Math.min(from + BATCH, ids.length); i++) {
        for (let page = 1; page <= PAGES_PER_MANUAL; page++) {
          const body = pageText(i + 1, page);
          manualIds.push(ids[i]!);
          pages.push(page);
          bodies.push(body);
          for (const [code, hits] of codesOf(body)) {
            c[0].push(code);
            c[1].push(ids[i]!);
            c[2].push(page);
            c[3].push(hits);
          }
        }
      }
      await conn.query(`INSERT INTO manuals.manual_pages (manual_id, page, body) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])`, [manualIds, pages, bodies]);
      await conn.query(`INSERT INTO manuals.manual_codes (code, manual_id, page, hits) SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[])`, c);
      written += pages.length;
      codes += c[0].length;
      if (written % 40_000 === 0) log(`fixtures: ${written.toLocaleString('en')} pages (${Math.round((Date.now() - t1) / 1000)} s)`);
    }
  };
  await Promise.all(db.map(writer));
  log(`fixtures: ${written.toLocaleString('en')} pages and ${codes.toLocaleString('en')} code rows in ${Math.round((Date.now() - t1) / 1000)} s`);
  const t2 = Date.now();
  await db[0].query('VACUUM ANALYZE manuals.manuals');
  await db[0].query('VACUUM ANALYZE manuals.manual_pages');
  await db[0].query('VACUUM ANALYZE manuals.manual_codes');
  log(`fixtures: vacuum analyze (${Math.round((Date.now() - t2) / 1000)} s)`);
}
