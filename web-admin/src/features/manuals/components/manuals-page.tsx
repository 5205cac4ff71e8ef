import { MANUAL_TYPES, type Manual, type ManualType } from '@clima/contract/manuals';
import { CalendarDays, Download, Eye, EyeOff, ExternalLink, FileText, LoaderCircle, Pencil, Plus, ScanText, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Select } from '@clima/web-kit/filters';
import { ListPage, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { manualErrorText } from '../api/manuals-api';
import { useAdminManuals, useDeleteManual, useToggleManualPublished } from '../hooks/use-admin-manuals';
import { formatMegabytes } from './format-size';
import { ManualFormDialog } from './manual-form-dialog';
import { useSaveNotice } from '../../../shared/ui/save-notice';
import { ManualErrorDialog } from './manual-result-dialogs';

const m = messages.manuals;
const c = messages.common;
const iconButton = 'grid size-9 place-items-center rounded-lg text-slate-500 disabled:opacity-50';

/** Where the PDF's text stands for the search; nothing while it is searchable or when there is no stored PDF. */
function TextStatusBadge({ manual }: { manual: Manual }) {
  const status = manual.text_status === 'indexed' ? ((manual.ocr_pages ?? 0) > 0 ? 'ocr' : null) : manual.text_status;
  if (status === null) return null;
  const look = {
    pending: { icon: LoaderCircle, className: 'bg-slate-100 text-slate-600', spin: true },
    ocr: { icon: ScanText, className: 'bg-emerald-50 text-emerald-800', spin: false },
    no_text: { icon: ScanText, className: 'bg-amber-50 text-amber-800', spin: false },
    failed: { icon: TriangleAlert, className: 'bg-red-50 text-red-700', spin: false },
  }[status];
  const Icon = look.icon;
  // a failure says why (a cap reached, a damaged file…)
  const reason = status === 'failed' ? manual.text_error : null;
  return (
    <span className={`inline-flex items-center gap-1 rounded-2xl px-2.5 py-1 text-xs font-semibold ${look.className}`} title={m.textStatusHint[status]} data-testid="admin-manual-text-status">
      <Icon className={`size-3.5 shrink-0 ${look.spin ? 'motion-safe:animate-spin' : ''}`} aria-hidden />
      <span>
        {m.textStatus[status]}
        {reason && <span className="font-normal">: {reason}</span>}
      </span>
    </span>
  );
}

function ManualCard({ manual, onToggle, onEdit, onDelete, toggling }: { manual: Manual; onToggle: () => void; onEdit: () => void; onDelete: () => void; toggling: boolean }) {
  const published = manual.is_published === 1;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="admin-manual-card">
      <div className="flex items-start justify-between gap-3">
        <p className="inline-flex items-center gap-2 text-xs font-semibold text-slate-600">
          <span className={`size-2.5 rounded-full ${published ? 'bg-emerald-500' : 'bg-slate-300'}`} aria-hidden />
          {published ? m.published : m.draft}
        </p>
        <div className="-mr-2 -mt-2 flex gap-0.5">
          <button
            type="button"
            onClick={onToggle}
            disabled={toggling}
            aria-label={published ? m.unpublishLabel(manual.title) : m.publishLabel(manual.title)}
            aria-pressed={published}
            title={published ? m.unpublish : m.publish}
            className={`${iconButton} hover:bg-emerald-50 hover:text-emerald-700`}
          >
            {published ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          </button>
          <button type="button" onClick={onEdit} aria-label={m.editLabel(manual.title)} title={c.edit} className={`${iconButton} hover:bg-sky-50 hover:text-sky-700`}>
            <Pencil className="size-4" aria-hidden />
          </button>
          <button type="button" onClick={onDelete} aria-label={m.deleteLabel(manual.title)} title={c.delete} className={`${iconButton} hover:bg-red-50 hover:text-red-600`}>
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <h2 className="mt-2 font-bold leading-snug text-slate-900">{manual.title}</h2>
      <p className="mt-0.5 text-sm text-slate-500">
        {manual.manufacturer_name} · {manual.model_name}
      </p>
      <p className="mt-2 flex flex-wrap gap-1.5">
        <span className="rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-700">{MANUAL_TYPES[manual.manual_type as ManualType] ?? manual.manual_type}</span>
        <TextStatusBadge manual={manual} />
      </p>
      {manual.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{manual.description}</p>}
      <ul className="mt-3 space-y-1 text-xs text-slate-500">
        {manual.file_url && (
          <li className="flex items-center gap-1.5">
            <FileText className="size-3.5 text-red-700" aria-hidden />
            {m.pdf}
            {manual.file_size != null && ` · ${formatMegabytes(manual.file_size)}`}
            {manual.page_count != null && ` · ${m.pages(manual.page_count)}`}
          </li>
        )}
        {manual.external_url && (
          <li className="flex items-center gap-1.5">
            <ExternalLink className="size-3.5 text-sky-700" aria-hidden />
            {m.external}
          </li>
        )}
      </ul>
      <div className="mt-auto pt-4">
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-3.5" aria-hidden />
            {formatDate(manual.created_at)}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="admin-download-count">
            <Download className="size-3.5" aria-hidden />
            {m.downloads(manual.download_count)}
          </span>
        </div>
      </div>
    </li>
  );
}

export function ManualsPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const [type, setType] = useState('');
  const manuals = useAdminManuals({ search: search.debounced, type }, admin !== null);
  const toggle = useToggleManualPublished();
  const remove = useDeleteManual();
  const [formTarget, setFormTarget] = useState<Manual | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Manual | null>(null);
  const notice = useSaveNotice();
  const [errorText, setErrorText] = useState<string | null>(null);
  const filtering = search.debounced !== '' || type !== '';

  const onToggle = (manual: Manual) => toggle.mutate(manual, { onError: (err) => setErrorText(manualErrorText(err)) });
  const createButton = (label: string) => (
    <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
      <Plus className="size-4" aria-hidden />
      {label}
    </button>
  );

  return (
    <>
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} actions={createButton(m.create)} />}
        search={{ ...search, placeholder: m.search }}
        filters={
          <Select label={m.typeFilter} value={type} onChange={(e) => setType(e.target.value)} className="sm:w-64">
            <option value="">{m.allTypes}</option>
            {Object.entries(MANUAL_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        }
        loading={manuals.isPending}
        stale={manuals.isPlaceholderData}
        items={manuals.data ?? []}
        count={m.count}
        empty={
          filtering ? (
            <EmptyState icon={FileText} title={m.emptyFiltered} />
          ) : (
            <EmptyState icon={FileText} title={m.empty} description={m.emptyText} action={createButton(m.createFirst)} />
          )
        }
        confirmDelete={{
          target: deleting,
          visible: errorText === null,
          onClose: () => setDeleting(null),
          title: m.deleteTitle,
          describe: (manual) => m.deleteWarning(manual.title),
          // a failure opens the error dialog of spec section 8; the confirmation stays open
          // underneath, so 'Tentar Novamente' goes back to it
          onConfirm: async (manual) => {
            await remove.mutateAsync(manual.id).catch((err: unknown) => {
              setErrorText(manualErrorText(err));
              throw err;
            });
          },
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={m.title}>
            {list.map((manual) => (
              <ManualCard
                key={manual.id}
                manual={manual}
                toggling={toggle.isPending && toggle.variables?.id === manual.id}
                onToggle={() => onToggle(manual)}
                onEdit={() => setFormTarget(manual)}
                onDelete={() => setDeleting(manual)}
              />
            ))}
          </ul>
        )}
      </ListPage>
      <ManualFormDialog target={formTarget} onClose={() => setFormTarget(null)} onSaved={(manual) =>
          notice.show({
            title: m.success.title,
            text: manual.is_published === 1 ? m.success.text : m.success.draft,
            published: manual.is_published === 1,
            publish: () => toggle.mutateAsync(manual),
            siteUrl: `/manuals/${manual.id}`,
          })
        }
      />
      <ManualErrorDialog message={errorText} onClose={() => setErrorText(null)} />
    </>
  );
}
