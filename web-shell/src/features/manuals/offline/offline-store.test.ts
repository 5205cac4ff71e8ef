import 'fake-indexeddb/auto';
import type { Manual } from '@clima/contract/manuals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearOfflineManuals,
  getOfflineManual,
  getOfflinePdf,
  listOfflineManuals,
  mayKeepOffline,
  offlineIds,
  offlineOwner,
  offlineUsage,
  removeOfflineManual,
  saveOfflineManual,
  syncOfflineAccess,
} from './offline-store';

const manual = (id: number, title: string): Manual => ({
  id,
  title,
  description: null,
  manufacturer_id: 1,
  manufacturer_name: 'Fabricante',
  manufacturer_logo: null,
  model_id: 1,
  model_name: 'Modelo',
  manual_type: 'service',
  file_url: `/api/files/manuals/m${id}.pdf`,
  file_size: 1000,
  external_url: null,
  is_published: 1,
  download_count: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  text_status: 'indexed',
  page_count: 2,
  ocr_pages: null,
  text_error: null,
});

const pdf = (size: number) => new Uint8Array(size).fill(37).buffer;
const pages = [
  { page: 1, text: 'Erro E4' },
  { page: 2, text: 'Erro E5' },
];
const subscriber = { id: 'email_1', subscription_status: 'active' };

afterEach(async () => {
  await clearOfflineManuals();
});

describe('offline store', () => {
  it('keeps a manual with its PDF and text, lists by title, and removing one frees its space', async () => {
    await saveOfflineManual('email_1', manual(2, 'Split Beta'), pdf(3000), pages);
    await saveOfflineManual('email_1', manual(1, 'Split Alfa'), pdf(1000), pages);
    expect((await listOfflineManuals()).map((m) => m.manual.title)).toEqual(['Split Alfa', 'Split Beta']);
    expect(await offlineIds()).toEqual(new Set([1, 2]));
    expect((await getOfflinePdf(2))?.byteLength).toBe(3000);
    expect((await getOfflineManual(1))?.pages).toEqual(pages);

    const text = (7 + 7) * 2;
    expect((await offlineUsage()).bytes).toBe(3000 + 1000 + 2 * text);
    await removeOfflineManual(2);
    expect(await getOfflinePdf(2)).toBeUndefined();
    expect((await offlineUsage()).bytes).toBe(1000 + text);
  });

  it('saving for another user drops the previous user’s copies', async () => {
    await saveOfflineManual('email_1', manual(1, 'Split Alfa'), pdf(10), pages);
    await saveOfflineManual('email_2', manual(2, 'Split Beta'), pdf(10), pages);
    expect((await listOfflineManuals()).map((m) => m.manual.id)).toEqual([2]);
    expect(await getOfflinePdf(1)).toBeUndefined();
    expect(await offlineOwner()).toBe('email_2');
  });

  it('reports the browser estimate beside the sum of the copies', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: async () => ({ usage: 5000, quota: 1_000_000 }) } });
    try {
      expect((await offlineUsage()).estimate).toEqual({ usage: 5000, quota: 1_000_000 });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the online check', () => {
  it('keeps the copies only for their owner with an active subscription', () => {
    expect(mayKeepOffline('email_1', subscriber)).toBe(true);
    expect(mayKeepOffline('email_1', null)).toBe(false);
    expect(mayKeepOffline('email_1', { id: 'email_1', subscription_status: 'canceled' })).toBe(false);
    expect(mayKeepOffline('email_1', { id: 'email_1', subscription_status: null })).toBe(false);
    expect(mayKeepOffline('email_1', { id: 'email_2', subscription_status: 'active' })).toBe(false);
  });

  it('asks the session only when copies exist', async () => {
    const load = vi.fn(async () => subscriber);
    expect(await syncOfflineAccess(load)).toBe('none');
    expect(load).not.toHaveBeenCalled();
  });

  it('drops every copy when the subscription ended, the user signed out or another user signed in', async () => {
    for (const session of [{ id: 'email_1', subscription_status: 'expired' }, null, { id: 'email_9', subscription_status: 'active' }]) {
      await saveOfflineManual('email_1', manual(1, 'Split Alfa'), pdf(10), pages);
      expect(await syncOfflineAccess(async () => session)).toBe('dropped');
      expect(await listOfflineManuals()).toEqual([]);
      expect(await getOfflinePdf(1)).toBeUndefined();
    }
  });

  it('keeps them for the active owner, and when the session cannot be reached', async () => {
    await saveOfflineManual('email_1', manual(1, 'Split Alfa'), pdf(10), pages);
    expect(await syncOfflineAccess(async () => subscriber)).toBe('kept');
    expect(
      await syncOfflineAccess(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('unreachable');
    expect((await listOfflineManuals()).map((m) => m.manual.id)).toEqual([1]);
  });
});
