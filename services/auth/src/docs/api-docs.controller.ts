import { Controller, Get, Header } from '@nestjs/common';

import { openApiDocument, openApiPage, type OpenApiDocument } from '@clima/contract/openapi';

/**
 * GET /api/docs and /api/docs/openapi.json: the API's description, generated from the contract at the
 * first request. Served by auth because nginx sends every /api path to a service (the route table, packages/contract/src/routes.ts).
 */
@Controller('api/docs')
export class ApiDocsController {
  private page?: string;

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  html(): string {
    this.page ??= openApiPage();
    return this.page;
  }

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  json(): OpenApiDocument {
    return openApiDocument();
  }
}
