/**
 * The manuals' constants without a schema: the web screens import them from here (a deep import,
 * `@clima/contract/manual-types`) so that a screen listing manuals does not carry zod. manuals.ts
 * re-exports them beside the schemas built from them.
 */

/** Manual types with their Portuguese labels (spec section 3). */
export const MANUAL_TYPES = {
  user_manual: 'Manual do Usuário',
  installation: 'Manual de Instalação',
  service: 'Manual de Serviço',
  parts: 'Catálogo de Peças',
  troubleshooting: 'Solução de Problemas',
  technical: 'Especificações Técnicas',
} as const;
export type ManualType = keyof typeof MANUAL_TYPES;

/** Address of a PDF stored by `POST /api/admin/upload-manual`, served only to active subscribers. */
export const MANUAL_FILE_PREFIX = '/api/files/manuals/';
