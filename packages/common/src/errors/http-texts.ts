/**
 * The platform's own answers to what is wrong with a request rather than with its content, in one catalogue:
 * the services' error shapes (ErrorFilter, AppError), the platform routes and the gateway's nginx answers use
 * these texts and retype none.
 */
export const HTTP_TEXTS = {
  badRequest: 'Requisição inválida',
  signedOut: 'Você precisa estar logado',
  forbidden: 'Acesso negado',
  notFound: 'Não encontrado',
  routeNotFound: 'Rota não encontrada',
  methodNotAllowed: 'Método não permitido',
  contentTooLarge: 'Conteúdo muito grande',
  bodyTooLarge: 'Corpo da requisição muito grande',
  malformedJson: 'JSON malformado no corpo da requisição',
  notAnObject: 'O corpo deve ser um objeto JSON',
  unsupportedType: 'Tipo de conteúdo não suportado',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  invalidValue: 'Valor inválido',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  databaseUnavailable: 'Banco de dados indisponível. Tente novamente em instantes.',
  identityUnavailable: 'Serviço de autenticação indisponível. Tente novamente em instantes.',
  originRefused: 'Origem da requisição não permitida',
} as const;
