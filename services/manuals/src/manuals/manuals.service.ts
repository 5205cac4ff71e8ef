import { Injectable } from '@nestjs/common';
import { auditBefore, SharedAnswers, toNumber } from '@clima/common';
import {
  AdminManualsQuery,
  Manual,
  ManualCreateBody,
  ManualDownloadAnswer,
  ManualsQuery,
  ManualsStats,
  ManualUpdateBody,
} from '@clima/contract';
import { ManualFilesService } from '../files/manual-files.service';
import { ManualTextProducer } from '../search/manual-text.producer';
import { ManualTextRepository } from '../search/manual-text.repository';
import { ManualSearchCache } from '../search/search-cache';
import { downloadFilename, MANUALS_ANSWERS, mapManual } from './manual.mapper';
import { ManualChanges, ManualsRepository } from './manuals.repository';
import { ManufacturersService } from './manufacturers.service';
import { manualsError, ManualsError } from '../manuals.errors';

@Injectable()
export class ManualsService {
  constructor(
    private readonly repo: ManualsRepository,
    private readonly manufacturers: ManufacturersService,
    private readonly files: ManualFilesService,
    private readonly text: ManualTextRepository,
    private readonly textJobs: ManualTextProducer,
    private readonly searchCache: ManualSearchCache,
    private readonly answers: SharedAnswers,
  ) {}

  /** Published manuals, newest first, with the four filters of the manuals page. */
  async listPublished(q: ManualsQuery): Promise<Manual[]> {
    const rows = await this.repo.list({ publishedOnly: true, manufacturer: q.manufacturer, model: q.model, type: q.type, search: q.search });
    return rows.map(mapManual);
  }

  /** Every manual (drafts too), newest first. */
  async listAll(q: AdminManualsQuery): Promise<Manual[]> {
    const rows = await this.repo.list({ type: q.type, search: q.search });
    return rows.map(mapManual);
  }

  async get(id: number): Promise<Manual> {
    const row = await this.repo.find(id);
    if (!row) throw manualsError(ManualsError.ManualNotFound);
    return mapManual(row);
  }

  /** Creates a manual; its manufacturer and model are found or created from their names. */
  async create(body: ManualCreateBody): Promise<Manual> {
    const fileSize = await this.files.sizeOf(body.file_url);
    const id = await this.repo.transaction(async (m) => {
      const manufacturerId = await this.manufacturers.findOrCreateManufacturer(m, body.manufacturer_name, body.manufacturer_logo ?? null);
      const modelId = await this.manufacturers.findOrCreateModel(m, manufacturerId, body.model_name);
      return this.repo.insert(m, {
        title: body.title,
        description: body.description ?? null,
        manufacturerId,
        modelId,
        manualType: body.manual_type,
        fileUrl: body.file_url,
        fileSize,
        isPublished: body.is_published === 1,
        // a stored PDF waits for the job that reads its text; an external link has none to read
        textStatus: this.files.keyOf(body.file_url) ? 'pending' : null,
      });
    });
    if (this.files.keyOf(body.file_url)) await this.textJobs.enqueueAfterSave(id, body.file_url);
    await this.searchCache.clear();
    return this.get(id);
  }

  /**
   * Edits the fields of spec section 5. Manufacturer and model are fixed: sending other ids is a 400.
   * `{ is_published }` alone is the publish toggle.
   */
  async update(id: number, body: ManualUpdateBody): Promise<Manual> {
    const current = await this.get(id);
    auditBefore(current);
    if (body.manufacturer_id !== undefined && body.manufacturer_id !== current.manufacturer_id) {
      throw manualsError(ManualsError.FixedManufacturerModel);
    }
    if (body.model_id !== undefined && body.model_id !== current.model_id) throw manualsError(ManualsError.FixedManufacturerModel);

    const changes: ManualChanges = {
      title: body.title,
      description: body.description,
      manual_type: body.manual_type,
      is_published: body.is_published === undefined ? undefined : body.is_published === 1,
    };
    const fileUrl = body.file_url;
    const fileChanged = fileUrl !== undefined && fileUrl !== current.file_url;
    if (fileChanged) {
      // a manual must stay downloadable: the file address may be cleared only while an external link exists
      if (fileUrl === null && !current.external_url) throw manualsError(ManualsError.RequiredFields);
      changes.file_url = fileUrl;
      changes.file_size = fileUrl === null ? null : await this.files.sizeOf(fileUrl);
      changes.text_status = fileUrl !== null && this.files.keyOf(fileUrl) ? 'pending' : null;
      changes.page_count = null;
      changes.ocr_pages = null;
      changes.text_error = null;
    }
    const touched = Object.values(body).some((v) => v !== undefined);
    if (!touched) throw manualsError(ManualsError.NothingToUpdate);
    if (Object.values(changes).some((v) => v !== undefined)) {
      const updated = await this.repo.transaction(async (m) => {
        if (!(await this.repo.update(id, changes, m))) return false;
        // the old file's pages go with it; the new file's come from the job
        if (fileChanged) await this.text.forget(m, id);
        return true;
      });
      if (!updated) throw manualsError(ManualsError.ManualNotFound);
    }
    if (fileChanged && changes.text_status === 'pending') await this.textJobs.enqueueAfterSave(id, fileUrl!);
    if (fileChanged && current.file_url) await this.files.removeIfUnused(current.file_url);
    // title, publication, file: the search's answers may show any of them
    await this.searchCache.clear();
    return this.get(id);
  }

  /** Deletes a manual with its download records, and its uploaded PDF when no other manual uses it. */
  async remove(id: number): Promise<void> {
    const before = await this.repo.find(id);
    if (before) auditBefore(mapManual(before));
    const row = await this.repo.delete(id);
    if (!row) throw manualsError(ManualsError.ManualNotFound);
    await this.searchCache.clear();
    if (row.file_url) await this.files.removeIfUnused(row.file_url);
  }

  /**
   * Counts a download of a published manual and records who made it, in one transaction, and answers
   * the address to open (the file, else the external link).
   */
  async download(id: number, userId: string): Promise<ManualDownloadAnswer> {
    const row = await this.repo.recordDownload(id, userId);
    if (!row) throw manualsError(ManualsError.ManualNotFound);
    // the lists show the download count
    await this.answers.invalidate(MANUALS_ANSWERS);
    return {
      url: (row.file_url ?? row.external_url)!,
      file_url: row.file_url,
      external_url: row.external_url,
      filename: downloadFilename(row.title),
    };
  }

  /** Title of a published manual whose file is this address; null when none (drafts' files are not served). */
  async publishedTitleOfFile(fileUrl: string): Promise<string | null> {
    return (await this.repo.publishedTitleOfFile(fileUrl)) ?? null;
  }

  async stats(): Promise<ManualsStats> {
    const row = await this.repo.totals();
    return { totalManuals: toNumber(row.manuals), totalManufacturers: toNumber(row.manufacturers), totalDownloads: toNumber(row.downloads) };
  }
}
