/** Error texts of this service (the end-user ones are the spec's, section 8). */
export const COURSE_NOT_FOUND = 'Curso não encontrado';
export const COURSE_SIGNED_OUT = 'Você precisa estar logado para acessar este curso';
export const COURSE_SUBSCRIPTION_REQUIRED = 'Assinatura ativa necessária para acessar este curso';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada';
export const COURSE_CATEGORY_UNKNOWN = 'Categoria de curso não encontrada';
export const LESSON_NOT_FOUND = 'Aula não encontrada';
export const SLUG_TAKEN = 'Já existe uma categoria de curso com este slug';
export const SLUG_REQUIRED = 'Slug é obrigatório';
export const LESSON_ORDER_MISMATCH = 'A nova ordem deve conter exatamente as aulas do curso, cada uma uma vez';
