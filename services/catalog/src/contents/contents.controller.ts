import { Body, Catch, Controller, Delete, Get, Param, Patch, Post, Put, Query, UseFilters } from '@nestjs/common';
import {
  AdminOnly,
  CurrentIdentity,
  CurrentUser,
  ErrorFilter,
  type Identity,
  IdPipe,
  isActiveSubscriber,
  Public,
  Subscriber,
  type UserIdentity,
  zod,
} from '@clima/common';
import { Content, ContentBody, ContentsQuery, TogglePublishedBody } from '@clima/contract';
import { ContentsService } from './contents.service';
import { withoutVideo } from './content.mapper';
import { catalogError, CatalogError } from '../catalog.errors';

const contentId = new IdPipe(() => catalogError(CatalogError.ContentNotFound));

/** The content page's own text for an anonymous caller (spec 8), whatever the access guard said. */
@Catch()
export class ContentAccessFilter extends ErrorFilter {
  override describe(exception: unknown): { status: number; error: string } {
    const answer = super.describe(exception);
    return answer.status === 401 ? super.describe(catalogError(CatalogError.ContentSignedOut)) : answer;
  }
}

/** End-user calls of spec 7.2. */
@Controller('api/contents')
export class ContentsController {
  constructor(private readonly contents: ContentsService) {}

  /** Published contents, newest first. Only active subscribers get the video sources in the list. */
  @Get()
  @Public()
  async list(@Query(zod(ContentsQuery)) q: ContentsQuery, @CurrentIdentity() identity: Identity): Promise<Content[]> {
    const list = await this.contents.list(q, true);
    return isActiveSubscriber(identity.user) ? list : list.map(withoutVideo);
  }

  /** One published content for an active subscriber; opening it counts a view. */
  @Get(':id')
  @Subscriber()
  @UseFilters(ContentAccessFilter)
  open(@Param('id', contentId) id: number, @CurrentUser() user: UserIdentity): Promise<Content> {
    return this.contents.open(id, user.id);
  }
}

/** Administration calls of spec 7.3 for contents. */
@Controller('api/admin/contents')
export class AdminContentsController {
  constructor(private readonly contents: ContentsService) {}

  @Get()
  @AdminOnly()
  list(@Query(zod(ContentsQuery)) q: ContentsQuery): Promise<Content[]> {
    return this.contents.list(q, false);
  }

  @Post()
  @AdminOnly()
  create(@Body(zod(ContentBody)) body: ContentBody): Promise<Content> {
    return this.contents.create(body);
  }

  @Put(':id')
  @AdminOnly()
  update(@Param('id', contentId) id: number, @Body(zod(ContentBody)) body: ContentBody): Promise<Content> {
    return this.contents.update(id, body);
  }

  @Patch(':id/toggle-published')
  @AdminOnly()
  toggle(@Param('id', contentId) id: number, @Body(zod(TogglePublishedBody)) body: TogglePublishedBody): Promise<Content> {
    return this.contents.setPublished(id, body.is_published);
  }

  @Delete(':id')
  @AdminOnly()
  async remove(@Param('id', contentId) id: number): Promise<{ success: true }> {
    await this.contents.remove(id);
    return { success: true };
  }
}
