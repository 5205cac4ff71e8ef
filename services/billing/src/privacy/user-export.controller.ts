import { rpcPattern } from '@clima/common';
import { BillingExport, USER_EXPORT_QUERY, UserExportQuery } from '@clima/contract';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UserExportService } from './user-export.service';

/** Answers the auth service's LGPD export over Redis (no HTTP route). */
@Controller()
export class UserExportController {
  constructor(private readonly exports: UserExportService) {}

  @MessagePattern(rpcPattern('billing', USER_EXPORT_QUERY))
  answer(@Payload() data: unknown): Promise<BillingExport> {
    return this.exports.export(UserExportQuery.parse(data).userId);
  }
}
