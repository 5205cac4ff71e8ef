import { ZipArchive } from 'archiver';
import type { HttpReply as Response } from '@clima/common';
import type { ExportService } from '@clima/contract';
import type { ExportBundle } from './user-export.service';

/** The files of the export, in the order they are written, and what each one is (for LEIA-ME.txt). */
export const EXPORT_FILES: { name: string; part: 'auth' | ExportService; about: string }[] = [
  {
    name: 'conta-e-sessoes.json',
    part: 'auth',
    about:
      'Seu cadastro (nome, e-mail, quando o e-mail foi confirmado, se a conta tem senha ou está ligada ao Google, foto e nome informados pelo Google, situação da assinatura, datas de criação e alteração) e as sessões abertas no momento (quando expiram e qual delas é a deste download). A senha nunca é exportada: guardamos apenas uma forma cifrada dela, que não permite recuperá-la.',
  },
  {
    name: 'assinatura-e-pagamentos.json',
    part: 'billing',
    about:
      'Seus vínculos com o provedor de pagamento, suas assinaturas (plano, situação, fim do período, cancelamento, período grátis, falhas de cobrança) e os pagamentos recebidos (valor em centavos, moeda, data). Os dados do cartão ficam só com o provedor de pagamento e nunca passam por nós.',
  },
  {
    name: 'visualizacoes-de-conteudos.json',
    part: 'catalog',
    about:
      'Os vídeos e conteúdos técnicos que você abriu, um registro por conteúdo e por dia (horário de São Paulo), com o horário da primeira visualização do dia; e, em cada vídeo que você começou, onde parou e os trechos que assistiu (em segundos).',
  },
  {
    name: 'progresso-nos-cursos.json',
    part: 'courses',
    about:
      'As aulas dos cursos que você concluiu (curso, aula e data da conclusão), onde você parou em cada aula e os trechos que assistiu; os certificados de conclusão emitidos para você (código, nome impresso, curso, carga horária, data, situação e o endereço de verificação) e o nome e e-mail guardados para eles; as dúvidas que você enviou sob as aulas e as respostas que você escreveu (texto, se tinha foto, se foi ocultada pela moderação, datas).',
  },
  {
    name: 'downloads-de-manuais.json',
    part: 'manuals',
    about: 'Os manuais de fabricantes que você baixou, com a data de cada download.',
  },
  {
    name: 'pontos-e-ranking.json',
    part: 'ranking',
    about:
      'O nome e o e-mail mostrados no ranking, seus totais (pontos, acessos, minutos online, sequência de dias) e os registros que formam os pontos: dias de acesso, trechos de tempo online (minutos seguidos agrupados), prêmios por sequência de dias e sessões de uso.',
  },
];

const LEIA_ME = 'LEIA-ME.txt';

/** 'YYYY-MM-DD' in São Paulo: the day the user sees in the file name. */
export function saoPauloDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export const exportFileName = (at: Date) => `meus-dados-clima-pro-${saoPauloDate(at)}.zip`;

export function readme(bundle: ExportBundle, at: Date): string {
  const when = at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long', timeStyle: 'short' });
  return [
    'MEUS DADOS NO CLIMA PRO',
    '',
    `Cópia de todos os dados pessoais que o Clima Pro guarda sobre a conta ${bundle.email} (identificador ${bundle.userId}),`,
    `gerada em ${when} (horário de Brasília), a seu pedido, conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018, art. 18).`,
    '',
    'Cada arquivo .json reúne o que um dos nossos serviços guarda sobre você. Eles podem ser abertos em qualquer editor de texto.',
    'Datas e horários estão no padrão ISO 8601, em UTC (o "Z" no final); dias sem horário seguem o calendário de São Paulo.',
    '',
    'ARQUIVOS',
    '',
    ...EXPORT_FILES.flatMap((f) => [`${f.name}`, `  ${f.about}`, '']),
    'SEUS DIREITOS',
    '',
    'Você pode corrigir seu nome e e-mail em "Meu Perfil" e excluir sua conta em "Meu Perfil" > "Privacidade e dados".',
    'A exclusão apaga estes dados de todos os serviços e cancela sua assinatura. Os pagamentos já feitos ficam nos',
    'registros financeiros sem nenhuma ligação com você.',
    '',
  ].join('\n');
}

/**
 * Streams the ZIP: LEIA-ME.txt then one JSON file per service. Every part was gathered before the first
 * byte, so nothing can be missing; a failure while writing breaks the connection instead of ending a
 * file that would look complete.
 */
export function streamExportArchive(res: Response, bundle: ExportBundle, at = new Date()): Promise<void> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const done = new Promise<void>((resolve) => {
    res.raw.on('close', () => resolve());
    zip.on('error', () => {
      res.raw.destroy();
      resolve();
    });
  });
  zip.append(readme(bundle, at), { name: LEIA_ME, date: at });
  for (const f of EXPORT_FILES) {
    const data = f.part === 'auth' ? bundle.auth : bundle.parts[f.part];
    zip.append(`${JSON.stringify(data, null, 2)}\n`, { name: f.name, date: at });
  }
  void zip.finalize().catch(() => res.raw.destroy());
  // the reply streams the archive (a failure after the first byte breaks the connection)
  void res
    .code(200)
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${exportFileName(at)}"`)
    .header('Cache-Control', 'no-store')
    .send(zip);
  return done;
}
