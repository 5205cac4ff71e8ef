import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { Audited, zod } from '@clima/common';
import { AdminCertificate, AdminCertificatesQuery, RevokeCertificateBody } from '@clima/contract';
import { pdfAttachment } from './certificate-file';
import { CertificatesService } from './certificates.service';

/** Admin 'Certificados': every certificate issued, its PDF, and revocation (recorded in the audit log). */
@Controller('api/admin/certificates')
export class AdminCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  list(@Query(zod(AdminCertificatesQuery)) q: AdminCertificatesQuery): Promise<AdminCertificate[]> {
    return this.certificates.adminList(q.search);
  }

  /** Any certificate's PDF; a revoked one is stamped 'REVOGADO'. */
  @Get(':code/pdf')
  async pdf(@Param('code') code: string): Promise<StreamableFile> {
    return pdfAttachment(await this.certificates.pdfForAdmin(code));
  }

  @Post(':code/revoke')
  @Audited({ action: 'revoke' })
  @HttpCode(200)
  revoke(@Param('code') code: string, @Body(zod(RevokeCertificateBody)) body: RevokeCertificateBody): Promise<AdminCertificate> {
    return this.certificates.revoke(code, body.reason ?? null);
  }
}
