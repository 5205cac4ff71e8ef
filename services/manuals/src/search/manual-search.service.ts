import { Injectable } from '@nestjs/common';
import { isActiveSubscriber, UserIdentity } from '@clima/common';
import type { ManualPagesAnswer, ManualSearchAnswer, ManualSearchHit, ManualSearchQuery, ManualSearchResult } from '@clima/contract';
import { mapManual } from '../manuals/manual.mapper';
import { ManualsRepository } from '../manuals/manuals.repository';
import { manualsError, ManualsError } from '../manuals.errors';
import { ParsedQuery, parseQuery } from './codes';
import { ManualTextRepository } from './manual-text.repository';
import { ManualSearchCache } from './search-cache';
import { buildSnippet } from './snippet';

/** The words of a websearch query that must be on the page (not `-excluded`, not the `or` keyword), unquoted. */
export const wantedWords = (words: string) =>
  words
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && w.toLowerCase() !== 'or')
    .join(' ');

/** A hit as a caller without an active subscription sees it: the page, not the text. */
const withoutText = (r: ManualSearchResult): ManualSearchResult => ({ manual: r.manual, hits: r.hits.map((h) => ({ page: h.page, snippet: null, marks: [] })) });

/** Search inside the manuals' text, and the text itself for the offline copy. */
@Injectable()
export class ManualSearchService {
  constructor(
    private readonly text: ManualTextRepository,
    private readonly manuals: ManualsRepository,
    private readonly cache: ManualSearchCache,
  ) {}

  /**
   * The manuals and pages where the query's codes (exactly) and words (Portuguese full text, accents
   * ignored) appear, best first. Every signed-in user sees the pages; only an active subscriber gets the
   * snippets (`locked` otherwise).
   */
  async search(q: ManualSearchQuery, user: UserIdentity): Promise<ManualSearchAnswer> {
    const locked = !isActiveSubscriber(user);
    const parsed = parseQuery(q.q);
    // "E 4" and "e4", a filter's case: one search
    const key = JSON.stringify([[...parsed.codes].sort(), parsed.words.toLowerCase(), q.manufacturer?.toLowerCase() ?? '', q.model?.toLowerCase() ?? '']);
    let results = await this.cache.get(key);
    if (!results) {
      // with the cache on, the answer is made whole (snippets) whoever asks, so that it serves everyone
      const withSnippets = !locked || this.cache.enabled;
      results = await this.find(parsed, q, withSnippets);
      if (withSnippets) await this.cache.set(key, results);
    }
    return { query: q.q, locked, results: locked ? results.map(withoutText) : results };
  }

  private async find({ codes, words }: ParsedQuery, q: ManualSearchQuery, withSnippets: boolean): Promise<ManualSearchResult[]> {
    const [rows, stems] = await Promise.all([
      this.text.search({ codes, words, manufacturer: q.manufacturer, model: q.model, withBodies: withSnippets }),
      withSnippets ? this.text.lexemes(wantedWords(words)) : Promise.resolve([]),
    ]);
    if (!rows.length) return [];
    const order = [...new Set(rows.map((r) => r.manual_id))];
    const manuals = new Map((await this.manuals.findMany(order)).map((r) => [r.id, mapManual(r)]));
    const results: ManualSearchResult[] = [];
    for (const id of order) {
      const manual = manuals.get(id);
      // deleted between the two reads
      if (!manual) continue;
      const hits = rows
        .filter((r) => r.manual_id === id)
        .map((r): ManualSearchHit => (r.body === null ? { page: r.page, snippet: null, marks: [] } : { page: r.page, ...buildSnippet(r.body, codes, stems) }));
      results.push({ manual, hits });
    }
    return results;
  }

  /** Every page's text of a published manual (none until its PDF is indexed), with the words' places on a page read by OCR. */
  async pages(id: number): Promise<ManualPagesAnswer> {
    const found = await this.text.pagesOf(id);
    if (!found) throw manualsError(ManualsError.ManualNotFound);
    return {
      manual_id: id,
      text_status: found.text_status,
      page_count: found.page_count,
      // a scanned page also gives the words OCR placed on it (the viewer marks the search there)
      pages: found.pages.map((p) => (p.words ? { page: p.page, text: p.body, words: p.words } : { page: p.page, text: p.body })),
    };
  }
}
