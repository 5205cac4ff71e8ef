import { Body, Catch, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res, UseFilters } from '@nestjs/common';
import { AUDIENCE, CurrentIdentity, CurrentUser, ErrorFilter, type HttpReply, type Identity, IdPipe, isActiveSubscriber, Invalidates, SharedAnswer, type UserIdentity, zod } from '@clima/common';
import { Content, ContentBody, ContentPosition, ContentPreview, ContentsQuery, ContinueContent, TogglePublishedBody, WatchReport } from '@clima/contract';
import { PositionsService } from '../positions/positions.service';
import { CONTENTS_ANSWERS, ContentsService } from './contents.service';
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
  constructor(
    private readonly contents: ContentsService,
    private readonly positions: PositionsService,
  ) {}

  /** Published contents, newest first. Only active subscribers get the video sources in the list. */
  @Get()
  @SharedAnswer({ scopes: [CONTENTS_ANSWERS], audience: AUDIENCE.subscribersApart })
  async list(@Query(zod(ContentsQuery)) q: ContentsQuery, @CurrentIdentity() identity: Identity): Promise<Content[]> {
    const list = await this.contents.list(q, true);
    return isActiveSubscriber(identity.user) ? list : list.map(withoutVideo);
  }

  /** 'Continuar assistindo': contents the caller started and has not finished (declared before `:id`). */
  @Get('continue')
  continueWatching(@CurrentUser() user: UserIdentity, @CurrentIdentity() identity: Identity): Promise<ContinueContent[]> {
    return this.positions.continueWatching(user.id, isActiveSubscriber(identity.user) ? (c) => c : withoutVideo);
  }

  /** Where the caller stopped in the video; the JSON `null` when nothing was saved (Nest would send an empty body). */
  @Get(':id/position')
  @UseFilters(ContentAccessFilter)
  async position(@Param('id', contentId) id: number, @CurrentUser() user: UserIdentity, @Res() res: HttpReply): Promise<void> {
    const saved: ContentPosition | null = await this.positions.get(id, user.id);
    res.type('application/json; charset=utf-8').send(JSON.stringify(saved));
  }

  /** The player's report: where the caller stopped and the stretches played since the last report. */
  @Put(':id/position')
  @UseFilters(ContentAccessFilter)
  report(@Param('id', contentId) id: number, @Body(zod(WatchReport)) body: WatchReport, @CurrentUser() user: UserIdentity): Promise<ContentPosition> {
    return this.positions.report(id, user.id, body);
  }

  /** The locked preview a visitor sees of a shared content (issue 25): public, no video source, no view counted. */
  @Get(':id/preview')
  preview(@Param('id', contentId) id: number): Promise<ContentPreview> {
    return this.contents.preview(id);
  }

  /** One published content for an active subscriber; opening it counts a view. */
  @Get(':id')
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
  list(@Query(zod(ContentsQuery)) q: ContentsQuery): Promise<Content[]> {
    return this.contents.list(q, false);
  }

  @Post()
  @Invalidates(CONTENTS_ANSWERS)
  create(@Body(zod(ContentBody)) body: ContentBody): Promise<Content> {
    return this.contents.create(body);
  }

  @Put(':id')
  @Invalidates(CONTENTS_ANSWERS)
  update(@Param('id', contentId) id: number, @Body(zod(ContentBody)) body: ContentBody): Promise<Content> {
    return this.contents.update(id, body);
  }

  @Patch(':id/toggle-published')
  @Invalidates(CONTENTS_ANSWERS)
  toggle(@Param('id', contentId) id: number, @Body(zod(TogglePublishedBody)) body: TogglePublishedBody): Promise<Content> {
    return this.contents.setPublished(id, body.is_published);
  }

  @Delete(':id')
  @Invalidates(CONTENTS_ANSWERS)
  async remove(@Param('id', contentId) id: number): Promise<{ success: true }> {
    await this.contents.remove(id);
    return { success: true };
  }
}
