import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { rpcPattern } from '@clima/common';
import { CoursesExport, USER_EXPORT_QUERY, UserExportQuery } from '@clima/contract';
import { UserExportService } from './user-export.service';

/** Answers the auth service's LGPD export over Redis (no HTTP route). */
@Controller()
export class UserExportController {
  constructor(private readonly exports: UserExportService) {}

  @MessagePattern(rpcPattern('courses', USER_EXPORT_QUERY))
  answer(@Payload() data: unknown): Promise<CoursesExport> {
    return this.exports.export(UserExportQuery.parse(data).userId);
  }
}
