import { createHash } from 'node:crypto';
import { dataSourceOptions, exitOnBootError, queryRows, rootLogger } from '@clima/common';
import { slugify } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';
import { loadCoursesConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { seedDemoQuestions } from './questions/question-seed';
import { DEMO_ASSESSMENTS, DEMO_LESSON_QUIZZES, type DemoQuestion } from './quizzes/demo-quizzes';

/** Inserts demo questions into a lesson's quiz or a course's assessment pool, in order. */
async function insertQuestions(m: EntityManager, owner: { lessonId: number } | { courseId: number }, questions: DemoQuestion[]): Promise<void> {
  for (const [i, q] of questions.entries()) {
    await m.query(
      `INSERT INTO courses.quiz_question (lesson_id, course_id, kind, prompt, explanation, options, position) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [
        'lessonId' in owner ? owner.lessonId : null,
        'courseId' in owner ? owner.courseId : null,
        q.kind,
        q.prompt,
        q.explanation,
        JSON.stringify(q.options.map(([text, correct], k) => ({ id: k + 1, text, correct }))),
        i + 1,
      ],
    );
  }
}

interface SeedLesson {
  title: string;
  description: string;
  /** 'mm:ss' */
  duration: string;
}
interface SeedCourse {
  title: string;
  description: string;
  published?: boolean;
  lessons: SeedLesson[];
}
interface SeedCategory {
  name: string;
  description: string;
  courses: SeedCourse[];
}

const L = (title: string, duration: string, description: string): SeedLesson => ({ title, duration, description });

export const DEMO_CATEGORIES: SeedCategory[] = [
  {
    name: 'Instalação de Split',
    description: 'Do planejamento à partida: instalação de splits hi-wall, piso-teto e cassete seguindo as normas e o manual do fabricante.',
    courses: [
      {
        title: 'Instalação de Split Hi-Wall do Zero',
        description: 'Passo a passo completo de uma instalação residencial, da escolha do local ao teste de funcionamento.',
        lessons: [
          L('Ferramentas e EPIs para a instalação', '9:42', 'O kit mínimo do instalador e os equipamentos de proteção obrigatórios.'),
          L('Escolha do local das unidades interna e externa', '12:15', 'Distâncias, ventilação, insolação e acesso para manutenção.'),
          L('Fixação da placa de montagem e furação da parede', '14:08', 'Nivelamento, buchas certas para cada parede e inclinação do furo.'),
          L('Dimensionamento e passagem da tubulação de cobre', '16:37', 'Bitolas por capacidade, curvas sem estrangulamento e isolamento.'),
          L('Flangeamento sem vazamento', '11:54', 'Corte, rebarbação, flange e torque correto nas porcas.'),
          L('Ligação elétrica e cabo de interligação', '13:26', 'Circuito exclusivo, bitola do cabo e ligação nos bornes.'),
          L('Vácuo, abertura das válvulas e partida', '18:03', 'Vácuo até 500 mícrons, abertura das válvulas de serviço e medições de partida.'),
        ],
      },
      {
        title: 'Split Piso-Teto e Cassete',
        description: 'Particularidades dos equipamentos comerciais leves: suspensão, drenagem e linhas longas.',
        lessons: [
          L('Diferenças de instalação entre piso-teto e cassete', '10:20', 'O que muda em relação ao hi-wall e como planejar a obra.'),
          L('Suspensão e nivelamento da evaporadora', '15:45', 'Tirantes, chumbadores e nivelamento para a drenagem correta.'),
          L('Drenagem com bomba de condensado', '12:30', 'Quando usar bomba, como ligar e como testar.'),
          L('Linhas longas e carga adicional de fluido', '17:12', 'Cálculo da carga adicional e cuidados com o retorno de óleo.'),
          L('Comissionamento e entrega ao cliente', '9:58', 'Medições finais, orientação de uso e registro da instalação.'),
        ],
      },
      {
        title: 'Infraestrutura para Ar-Condicionado em Obras',
        description: 'Como deixar a infraestrutura pronta na fase de obra para uma instalação limpa depois.',
        lessons: [
          L('Leitura de projeto e pontos de espera', '11:05', 'Interpretação da planta e marcação dos pontos de espera.'),
          L('Embutimento de tubulação e isolamento térmico', '14:40', 'Proteção da tubulação embutida e isolamento adequado.'),
          L('Pontos de dreno embutidos: caimento e sifão', '8:52', 'Caimento mínimo, sifão e ligação à rede de esgoto.'),
          L('Teste de estanqueidade com nitrogênio', '13:18', 'Pressurização, tempo de teste e registro do resultado.'),
        ],
      },
    ],
  },
  {
    name: 'Refrigeração Comercial',
    description: 'Câmaras frigoríficas, balcões e expositores: montagem, regulagem e diagnóstico de sistemas comerciais.',
    courses: [
      {
        title: 'Câmaras Frigoríficas: Montagem e Operação',
        description: 'Do painel isotérmico ao controlador digital, tudo o que uma câmara precisa para trabalhar bem.',
        lessons: [
          L('Tipos de câmaras: resfriados e congelados', '12:10', 'Temperaturas de trabalho e o que muda em cada aplicação.'),
          L('Montagem dos painéis isotérmicos', '16:25', 'Encaixe, vedação e cuidados com a porta e a cortina de ar.'),
          L('Seleção de unidade condensadora e evaporador', '18:40', 'Carga térmica simplificada e escolha dos equipamentos.'),
          L('Válvula de expansão termostática: ajuste do superaquecimento', '15:12', 'Posição do bulbo, equalização externa e ajuste fino.'),
          L('Degelo elétrico e por gás quente', '13:47', 'Tipos de degelo, tempos e terminação por temperatura.'),
          L('Controlador digital: parâmetros essenciais', '17:33', 'Setpoint, diferencial, degelo e alarmes no controlador.'),
        ],
      },
      {
        title: 'Balcões e Expositores Refrigerados',
        description: 'Manutenção e diagnóstico de balcões plug-in e expositores de supermercado.',
        lessons: [
          L('Funcionamento de balcões plug-in', '10:48', 'Componentes do sistema e o ciclo de um expositor autônomo.'),
          L('Diagnóstico de baixa refrigeração', '14:22', 'Roteiro de testes para encontrar a causa sem trocar peças à toa.'),
          L('Troca de microventilador e limpeza do condensador', '9:15', 'Substituição segura e limpeza que devolve o rendimento.'),
          L('Vedação de portas e borrachas', '7:40', 'Como identificar perdas pela porta e trocar a gaxeta.'),
        ],
      },
      {
        title: 'Máquinas de Gelo',
        description: 'Instalação, limpeza e diagnóstico de máquinas de gelo em cubo e em escama.',
        lessons: [],
      },
      {
        title: 'Chillers e Sistemas de Água Gelada',
        description: 'Introdução aos sistemas de água gelada para conforto e processo.',
        published: false,
        lessons: [
          L('Componentes de um sistema de água gelada', '14:02', 'Chiller, bombas, fancoils e a malha hidráulica.'),
          L('Leituras de operação do chiller', '16:18', 'Pressões, temperaturas de entrada e saída e approach.'),
        ],
      },
    ],
  },
  {
    name: 'Elétrica para Climatização',
    description: 'Comandos elétricos, diagramas e eletrônica de splits convencionais e inverter.',
    courses: [
      {
        title: 'Elétrica Básica para o Técnico de Refrigeração',
        description: 'Os fundamentos de elétrica que o técnico usa todo dia em campo, com exemplos reais.',
        lessons: [
          L('Tensão, corrente e resistência na prática', '11:30', 'Lei de Ohm aplicada aos componentes do ar-condicionado.'),
          L('Uso correto do multímetro e do alicate amperímetro', '14:05', 'Escalas, medições seguras e leituras que enganam.'),
          L('Leitura de diagramas elétricos de splits', '16:48', 'Símbolos, bornes e o caminho da alimentação até o compressor.'),
          L('Capacitores: teste e substituição', '12:22', 'Como medir a capacitância e escolher o substituto certo.'),
          L('Contatores, relés e protetores térmicos', '13:56', 'Funcionamento, testes e defeitos típicos.'),
          L('Dimensionamento de disjuntor e cabos', '15:10', 'Corrente do equipamento, queda de tensão e curva do disjuntor.'),
          L('Aterramento e DPS', '10:44', 'Por que aterrar, como conferir e quando instalar DPS.'),
          L('Defeitos elétricos mais comuns em campo', '18:27', 'Casos reais de diagnóstico, do sintoma à solução.'),
        ],
      },
      {
        title: 'Placas Eletrônicas e Inverter',
        description: 'Diagnóstico de equipamentos inverter: sensores, códigos de erro e placas.',
        lessons: [
          L('Como funciona o compressor inverter', '13:35', 'Variação de frequência e o que muda no diagnóstico.'),
          L('Códigos de erro: leitura e interpretação', '16:02', 'Como acessar o histórico de erros e interpretar cada código.'),
          L('Teste de sensores NTC (termistores)', '11:18', 'Tabela resistência por temperatura e teste com multímetro.'),
          L('Diagnóstico da placa da condensadora', '19:25', 'Testes no módulo IPM, ponte retificadora e fonte.'),
          L('Quando reparar e quando trocar a placa', '9:50', 'Custo, prazo e garantia na decisão com o cliente.'),
        ],
      },
    ],
  },
  {
    name: 'Manutenção Preventiva',
    description: 'PMOC, higienização e rotinas de manutenção que evitam chamados de emergência.',
    courses: [
      {
        title: 'PMOC na Prática',
        description: 'Como montar e executar o Plano de Manutenção, Operação e Controle exigido por lei.',
        lessons: [
          L('O que a Lei 13.589 exige', '10:15', 'Quem precisa de PMOC e quais são as responsabilidades.'),
          L('Montando o plano de manutenção', '14:30', 'Levantamento dos equipamentos e definição das rotinas.'),
          L('Rotinas mensais, trimestrais e semestrais', '12:48', 'O que fazer em cada periodicidade, com checklists.'),
          L('Relatórios e registro de atividades', '11:06', 'Documentação que comprova a manutenção executada.'),
          L('Qualidade do ar interior: o que medir', '13:22', 'Parâmetros de referência e quando pedir análise laboratorial.'),
        ],
      },
      {
        title: 'Limpeza Completa de Split',
        description: 'Higienização profissional de split hi-wall com desmontagem, do preparo aos testes finais.',
        lessons: [
          L('Preparação do ambiente e proteção', '6:45', 'Proteção de móveis e parede e a bolsa coletora.'),
          L('Desmontagem da evaporadora', '12:18', 'Retirada da carenagem, bandeja e turbina sem quebrar travas.'),
          L('Higienização da serpentina e da turbina', '15:32', 'Produtos, diluição e enxágue sem molhar a parte elétrica.'),
          L('Limpeza da condensadora', '10:27', 'Limpeza das aletas e verificação do ventilador.'),
          L('Bandeja, dreno e bomba de condensado', '8:54', 'Desobstrução do dreno e teste de escoamento.'),
          L('Montagem e testes finais', '9:40', 'Remontagem, medições e registro para o cliente.'),
        ],
      },
    ],
  },
  {
    name: 'Carga de Gás e Vácuo',
    description: 'Vácuo, carga de fluido refrigerante e detecção de vazamentos com segurança e precisão.',
    courses: [
      {
        title: 'Vácuo Profissional',
        description: 'Vácuo bem feito, medido em mícrons, para instalações que duram.',
        lessons: [
          L('Por que o vácuo é obrigatório', '8:36', 'Umidade e não condensáveis: o que fazem com o sistema.'),
          L('Bomba de vácuo: escolha e manutenção', '11:52', 'Vazão, estágios e troca do óleo da bomba.'),
          L('Vacuômetro em mícrons: como interpretar', '13:14', 'Onde instalar o vacuômetro e como ler a curva.'),
          L('Teste de decaimento', '9:58', 'Como saber se há vazamento ou umidade depois do vácuo.'),
        ],
      },
      {
        title: 'Carga de Fluido Refrigerante R-410A e R-32',
        description: 'Carga correta por peso, superaquecimento e subresfriamento, com os fluidos atuais.',
        lessons: [
          L('Propriedades do R-410A e do R-32', '12:40', 'Pressões, glide e cuidados de manuseio de cada fluido.'),
          L('Manifold digital e balança de carga', '14:15', 'Configuração do manifold e uso da balança.'),
          L('Carga por peso', '11:28', 'Carga de fábrica, carga adicional e carga em fase líquida.'),
          L('Carga por superaquecimento e subresfriamento', '19:46', 'Quando usar cada método e como medir corretamente.'),
          L('Recolhimento de fluido', '13:05', 'Recolhimento na condensadora e com recolhedora.'),
          L('Segurança com fluidos inflamáveis (A2L)', '15:20', 'Ventilação, ferramentas e procedimentos para o R-32.'),
        ],
      },
      {
        title: 'Detecção de Vazamentos',
        description: 'Métodos para encontrar e corrigir vazamentos de forma definitiva.',
        lessons: [
          L('Métodos de detecção: espuma, eletrônico e nitrogênio', '13:50', 'Vantagens e limites de cada método.'),
          L('Vazamentos em flanges e soldas', '11:35', 'Pontos críticos e como refazer a união.'),
          L('Solda oxiacetilênica e com MAPP em tubos de cobre', '17:48', 'Limpeza, varetas, chama e passagem de nitrogênio.'),
        ],
      },
    ],
  },
];

/** A stable, real-looking 11-character video id for a demo lesson. */
function demoVideoId(title: string): string {
  return createHash('sha256').update(`clima-demo:${title}`).digest('base64url').slice(0, 11);
}

function seconds(duration: string): number {
  const [m, s] = duration.split(':').map(Number);
  return m! * 60 + s!;
}

interface SeedLog {
  info(obj: object, msg?: string): void;
}

/** Inserts the demo catalogue, only when this service has no course category and no course yet. */
export async function seed(ds: DataSource, log: SeedLog): Promise<{ categories: number; courses: number; lessons: number } | null> {
  return ds.transaction(async (m: EntityManager) => {
    // one seeder at a time; a second one finds the tables filled and does nothing
    await m.query(`LOCK TABLE courses.course_category, courses.course IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await queryRows<{ n: number }>(
      m,
      `SELECT (SELECT count(*) FROM courses.course_category)::int + (SELECT count(*) FROM courses.course)::int AS n`,
    );
    if (existing!.n > 0) {
      log.info({ existing: existing!.n }, 'courses: demo data skipped (tables are not empty)');
      return null;
    }
    const totals = { categories: 0, courses: 0, lessons: 0 };
    for (const category of DEMO_CATEGORIES) {
      const [cat] = await queryRows<{ id: number }>(
        m,
        `INSERT INTO courses.course_category (name, slug, description) VALUES ($1, $2, $3) RETURNING id`,
        [category.name, slugify(category.name), category.description],
      );
      totals.categories++;
      for (const course of category.courses) {
        const [created] = await queryRows<{ id: number }>(
          m,
          `INSERT INTO courses.course (title, description, course_category_id, is_published) VALUES ($1, $2, $3, $4) RETURNING id`,
          [course.title, course.description, cat!.id, course.published ?? true],
        );
        totals.courses++;
        for (const [i, lesson] of course.lessons.entries()) {
          const [l] = await queryRows<{ id: number }>(
            m,
            `INSERT INTO courses.lesson (course_id, title, description, youtube_video_id, duration_seconds, position)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [created!.id, lesson.title, lesson.description, demoVideoId(lesson.title), seconds(lesson.duration), i + 1],
          );
          totals.lessons++;
          const quiz = DEMO_LESSON_QUIZZES[course.title]?.[lesson.title];
          if (quiz) await insertQuestions(m, { lessonId: l!.id }, quiz);
        }
        const assessment = DEMO_ASSESSMENTS[course.title];
        if (assessment) {
          await m.query(
            `INSERT INTO courses.assessment (course_id, questions_per_attempt, passing_score, attempts_per_day, time_limit_minutes) VALUES ($1, $2, $3, $4, $5)`,
            [created!.id, assessment.questionsPerAttempt, assessment.passingScore, assessment.attemptsPerDay, assessment.timeLimitMinutes],
          );
          await insertQuestions(m, { courseId: created!.id }, assessment.questions);
        }
      }
    }
    log.info(totals, 'courses: demo data inserted');
    // 'Dúvidas' under some demo lessons (src/questions/question-seed.ts)
    log.info({ questions: await seedDemoQuestions(m) }, 'courses: demo questions inserted');
    return totals;
  });
}

async function main(): Promise<void> {
  const config = loadCoursesConfig();
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 1 }));
  await ds.initialize();
  try {
    await seed(ds, rootLogger('courses', config.LOG_LEVEL));
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
