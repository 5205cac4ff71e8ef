import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@clima/common';
import { AdminCourseCategoriesController } from './categories/admin-course-categories.controller';
import { CourseCategoriesController } from './categories/course-categories.controller';
import { CourseCategoriesService } from './categories/course-categories.service';
import { CoursesConfig } from './config';
import { AdminCoursesController } from './courses/admin-courses.controller';
import { CourseVideosController } from './courses/course-videos.controller';
import { CoursesController } from './courses/courses.controller';
import { CoursesService } from './courses/courses.service';
import { entities, migrations, SCHEMA } from './database';
import { InProcessEventWorker } from './events/event-worker.provider';
import { AdminLessonsController } from './lessons/admin-lessons.controller';
import { LessonsService } from './lessons/lessons.service';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { ProgressService } from './progress/progress.service';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';

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
      ],
      providers: [CourseCategoriesService, CoursesService, LessonsService, ProgressService, StatsService, UserExportService, InProcessEventWorker],
    };
  }
}
