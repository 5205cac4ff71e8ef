import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { rpcPattern } from '@clima/common';
import { VIDEO_REFERENCES_QUERY, VideoReferencesAnswer, VideoReferencesQuery } from '@clima/contract';
import { CoursesService } from './courses.service';

/**
 * Answers the catalog over Redis (not reachable through the gateway): the catalog stores the uploaded
 * video files, courses point at them, and only this service can say which ones a course still uses.
 */
@Controller()
export class CourseVideosController {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(rpcPattern('courses', VIDEO_REFERENCES_QUERY))
  async referenced(@Payload() data: unknown): Promise<VideoReferencesAnswer> {
    const q = VideoReferencesQuery.parse(data);
    return { referenced: await this.courses.referencedVideos(q.names, q.published_only) };
  }
}
