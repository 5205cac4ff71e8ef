import { COURSES_STORAGE } from '../storage';
import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { QUIZ_IMAGE_NAME_RE, QUIZ_IMAGE_PREFIX, QUIZ_MESSAGES, type QuizImageUploadAnswer } from '@clima/contract';
import { type HttpResponse, IMAGE_KINDS, KIND_INFO, receiveUpload, type Storage, type UploadRule } from '@clima/storage';
import { coursesError, CoursesError } from '../courses.errors';
import { QuizzesRepository } from './quizzes.repository';


/** Folder of the questions' images in the storage. */
const PREFIX = 'quiz-images';
export const QUIZ_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const RULE: UploadRule = {
  field: 'file',
  kinds: IMAGE_KINDS,
  maxBytes: QUIZ_IMAGE_MAX_BYTES,
  prefix: PREFIX,
  messages: { wrongType: QUIZ_MESSAGES.imageWrongType, tooLarge: QUIZ_MESSAGES.imageTooLarge, missing: QUIZ_MESSAGES.imageMissing, malformed: QUIZ_MESSAGES.imageMalformed },
};

/** A question's image: uploaded by an administrator (JPEG, PNG or WebP by its bytes, 5 MB at most), served to subscribers. */
@Injectable()
export class QuizImagesService {
  constructor(
    @Inject(COURSES_STORAGE) private readonly storage: Storage,
    private readonly quizzes: QuizzesRepository,
  ) {}

  async upload(req: IncomingMessage, res?: ServerResponse): Promise<QuizImageUploadAnswer> {
    const file = await receiveUpload(req, this.storage, RULE, res);
    return { url: `${QUIZ_IMAGE_PREFIX}${file.name}` };
  }

  /** Answers an image some question shows; any other name is a 404 (an upload no question uses is not served). */
  async serve(res: HttpResponse, name: string): Promise<void> {
    const m = QUIZ_IMAGE_NAME_RE.exec(name);
    if (!m || !(await this.quizzes.imageUsed(`${QUIZ_IMAGE_PREFIX}${name}`))) throw coursesError(CoursesError.QuizImageNotFound);
    const key = `${PREFIX}/${name}`;
    if (!(await this.storage.stat(key))) throw coursesError(CoursesError.QuizImageNotFound);
    const kind = (m[1] === 'jpg' ? 'jpeg' : m[1]) as 'jpeg' | 'png' | 'webp';
    await this.storage.serve(res, key, { contentType: KIND_INFO[kind].contentType });
  }
}
