import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { CurrentIdentity, CurrentUser, type Identity, type UserIdentity } from '@clima/common';
import type { Certificate, PublicCertificate } from '@clima/contract';
import { pdfAttachment } from './certificate-file';
import { CertificatesService } from './certificates.service';

/** The holder's certificates ('Meus certificados' in the profile). */
@Controller('api/certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  list(@CurrentUser() user: UserIdentity): Promise<Certificate[]> {
    return this.certificates.listMine(user);
  }

  /** The owner's PDF; an end user with the administrator flag may fetch anyone's. Another user's code is a 404. */
  @Get(':code/pdf')
  async pdf(@Param('code') code: string, @CurrentUser() user: UserIdentity, @CurrentIdentity() identity: Identity): Promise<StreamableFile> {
    return pdfAttachment(await this.certificates.pdfFor(code, user, identity.admin !== null));
  }
}

/** The verification page's question: anyone holding the code (printed, or in the QR code) may ask. */
@Controller('api/public/certificates')
export class PublicCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':code')
  verify(@Param('code') code: string): Promise<PublicCertificate> {
    return this.certificates.verify(code);
  }
}
