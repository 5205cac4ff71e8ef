/** The courses service's files (question photos of 'Dúvidas', quiz images): one storage, local disk or S3 (packages/storage). */
export const COURSES_STORAGE = Symbol('COURSES_STORAGE');
