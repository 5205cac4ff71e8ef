import { Controller, Get, Query } from '@nestjs/common';
import { zod } from '@clima/common';
import { AuditPage, AuditQuery } from '@clima/contract';
import { AuditLogService } from './audit-log.service';

/** The admin screen 'Auditoria': read-only (no route changes or deletes a row of the log). */
@Controller('api/admin/audit')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get()
  list(@Query(zod(AuditQuery)) q: AuditQuery): Promise<AuditPage> {
    return this.auditLog.search(q);
  }
}
