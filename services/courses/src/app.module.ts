import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EventConsumer, Outbox, PlatformModule } from '@clima/common';
import { AdminCourseCategoriesController } from './categories/admin-course-categories.controller';
import { CourseCategoriesController } from './categories/course-categories.controller';
import { CourseCategoriesRepository } from './categories/course-categories.repository';
import { CourseCategoriesService } from './categories/course-categories.service';
import { AdminCertificatesController } from './certificates/admin-certificates.controller';
import { CertificatesController, PublicCertificatesController } from './certificates/certificates.controller';
import { CertificatesRepository } from './certificates/certificates.repository';
import { CertificatesService } from './certificates/certificates.service';
import { CoursesConfig } from './config';
import { AdminCoursesController } from './courses/admin-courses.controller';
import { CourseVideosController } from './courses/course-videos.controller';
import { CoursesController } from './courses/courses.controller';
import { CoursesRepository } from './courses/courses.repository';
import { CoursesService } from './courses/courses.service';
import { entities, migrations, SCHEMA } from './database';
import { courseEventHandlers } from './events/course-event-handlers';
import { AdminLessonsController } from './lessons/admin-lessons.controller';
import { LessonsRepository } from './lessons/lessons.repository';
import { LessonsService } from './lessons/lessons.service';
import { VideoDurationsRepository } from './lessons/video-durations.repository';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { ProgressRepository } from './progress/progress.repository';
import { ProgressService } from './progress/progress.service';
import { AdminQuestionsController, QuestionsController } from './questions/questions.controller';
import { QuestionRateLimits } from './questions/question-rate-limits';
import { QuestionsRepository } from './questions/questions.repository';
import { QuestionsService } from './questions/questions.service';
import { createStorage } from '@clima/storage';
import { AdminQuizzesController } from './quizzes/admin-quizzes.controller';
import { QuizImagesController } from './quizzes/quiz-images.controller';
import { QuizImagesService } from './quizzes/quiz-images.service';
import { QuizzesController } from './quizzes/quizzes.controller';
import { QuizzesRepository } from './quizzes/quizzes.repository';
import { QuizzesService } from './quizzes/quizzes.service';
import { COURSES_STORAGE } from './storage';
import { StatsController } from './stats/stats.controller';
import { StatsRepository } from './stats/stats.repository';
import { StatsService } from './stats/stats.service';

/** The event consumer, in the HTTP process (WORKERS_IN_PROCESS) or in the worker, and the outbox relay (every process). */
const backgroundProviders = (config: CoursesConfig): Provider[] => [
  Outbox,
  ProgressRepository,
  CertificatesRepository,
  CertificatesService,
  // the service's files: 'Dúvidas' photos and quiz images (a deleted account's messages become 'Usuário removido')
  { provide: COURSES_STORAGE, useFactory: () => createStorage(config.storage) },
  QuestionsRepository,
  QuestionRateLimits,
  QuestionsService,
  QuizzesRepository,
  // the durations of uploaded videos (video.uploaded), for lessons saved without one
  VideoDurationsRepository,
  ...EventConsumer.forService({
    inject: [ProgressRepository, CertificatesService, QuestionsService, QuizzesRepository, VideoDurationsRepository],
    handlers: courseEventHandlers,
  }),
];

@Module({})
export class AppModule {
  static forRoot(config: CoursesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [
        CourseCategoriesController,
        CoursesController,
        AdminCourseCategoriesController,
        AdminCoursesController,
        AdminLessonsController,
        StatsController,
        CourseVideosController,
        UserExportController,
        CertificatesController,
        PublicCertificatesController,
        AdminCertificatesController,
        QuestionsController,
        AdminQuestionsController,
        QuizzesController,
        AdminQuizzesController,
        QuizImagesController,
      ],
      providers: [
        ...backgroundProviders(config),
        CourseCategoriesRepository,
        CourseCategoriesService,
        CoursesRepository,
        CoursesService,
        LessonsRepository,
        LessonsService,
        ProgressService,
        StatsRepository,
        StatsService,
        UserExportService,
        QuizzesService,
        QuizImagesService,
      ],
    };
  }
}

/** The worker process (src/worker.ts): the event consumer, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: CoursesConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: backgroundProviders(config),
    };
  }
}
