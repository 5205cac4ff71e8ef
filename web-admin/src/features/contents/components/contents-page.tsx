import type { Content } from '@clima/contract/catalog';
import { Plus, Video } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../i18n/messages';
import { buttonStyles } from '@clima/web-kit/button';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Select } from '@clima/web-kit/filters';
import { ListPage, useListSearch } from '@clima/web-kit/list-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAdminAuth } from '../../auth/hooks/use-admin-auth';
import { useAdminCategories } from '../../categories/hooks/use-categories';
import { ContentRequestError } from '../api/contents-api';
import { useAdminContents, useDeleteContent, useTogglePublished } from '../hooks/use-admin-contents';
import { ContentAdminCard } from './content-admin-card';
import { uploadNameOf, useVideoProcessing } from '../../../shared/video/use-video-processing';
import { useSaveNotice } from '../../../shared/ui/save-notice';
import { ContentErrorDialog, type ContentFailure } from './content-dialogs';
import { ContentFormDialog, type ContentFormTarget } from './content-form-dialog';

const m = messages.contents;

/** /admin/contents (spec 2.14): search, category filter by slug, card grid, form and dialogs. */
export function ContentsPage() {
  const { admin } = useAdminAuth();
  const search = useListSearch();
  const [category, setCategory] = useState('');
  const contents = useAdminContents({ search: search.debounced, category }, admin !== null);
  const categories = useAdminCategories('', admin !== null);
  const toggle = useTogglePublished();
  const remove = useDeleteContent();
  const [formTarget, setFormTarget] = useState<ContentFormTarget>(null);
  const notice = useSaveNotice();
  const [deleting, setDeleting] = useState<Content | null>(null);
  const [failure, setFailure] = useState<ContentFailure | null>(null);
  const categoryList = categories.data ?? [];
  // 'Processando vídeo… N%', 'Falha' or ready on the cards of uploaded videos (issue 28)
  const videos = useVideoProcessing((contents.data ?? []).map((c) => c.video_file_url));
  const filtering = search.debounced !== '' || category !== '';

  const onToggle = (content: Content) => {
    toggle.mutate(
      { id: content.id, isPublished: content.is_published === 1 ? 0 : 1 },
      {
        onError: (err) =>
          setFailure({
            title: m.errorUpdateTitle,
            text: m.errorToggleText,
            message: err instanceof ContentRequestError ? err.message : m.toggleFailed,
            tip: false,
          }),
      },
    );
  };

  const onDelete = async (content: Content) => {
    try {
      await remove.mutateAsync(content.id);
    } catch (err) {
      // The error dialog of spec section 8 tells what happened; the confirmation stays open
      // underneath, so 'Tentar Novamente' goes back to it (or Cancelar gives up).
      setFailure({
        title: m.errorDeleteTitle,
        text: m.errorDeleteText,
        message: err instanceof ContentRequestError ? err.message : m.deleteFailed,
        tip: false,
      });
      throw err;
    }
  };

  const createButton = (
    <button type="button" onClick={() => setFormTarget('new')} className={buttonStyles.primary}>
      <Plus className="size-4" aria-hidden />
      {m.create}
    </button>
  );

  return (
    <>
      <ListPage
        header={<PageHeader title={m.title} subtitle={m.subtitle} actions={createButton} />}
        search={{ ...search, placeholder: m.search }}
        filters={
          <Select label={m.categoryFilter} value={category} onChange={(e) => setCategory(e.target.value)} className="sm:w-64">
            <option value="">{m.allCategories}</option>
            {categoryList.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Select>
        }
        loading={contents.isPending}
        stale={contents.isPlaceholderData}
        items={contents.data ?? []}
        count={m.count}
        empty={<EmptyState icon={Video} title={m.empty} description={filtering ? m.emptyFilteredHint : m.emptyHint} action={filtering ? undefined : createButton} />}
        confirmDelete={{
          target: deleting,
          visible: failure === null,
          onClose: () => setDeleting(null),
          title: m.deleteTitle,
          describe: (content) => m.deleteWarning(content.title),
          onConfirm: onDelete,
        }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label={m.title}>
            {list.map((content) => (
              <li key={content.id} className="min-w-0">
                <ContentAdminCard
                  content={content}
                  video={videos.get(uploadNameOf(content.video_file_url) ?? '')}
                  toggling={toggle.isPending && toggle.variables?.id === content.id}
                  onToggle={() => onToggle(content)}
                  onEdit={() => setFormTarget(content)}
                  onDelete={() => setDeleting(content)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListPage>
      <ContentFormDialog
        target={formTarget}
        categories={categoryList}
        onClose={() => setFormTarget(null)}
        onSaved={({ kind, content }) => {
          setFormTarget(null);
          const published = content.is_published === 1;
          notice.show({
            title: kind === 'updated' ? m.updatedTitle : m.createdTitle,
            text: published ? m.savedPublished : m.savedDraft,
            published,
            publish: () => toggle.mutateAsync({ id: content.id, isPublished: 1 }),
            siteUrl: `/content/${content.id}`,
          });
        }}
      />
      <ContentErrorDialog failure={failure} onClose={() => setFailure(null)} />
    </>
  );
}
