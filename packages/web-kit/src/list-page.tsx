import { useState, type ReactNode } from 'react';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { ResultCount, SearchInput } from './filters';
import { kitMessages } from './kit-messages';
import { PageSpinner } from './spinner';
import { useDebouncedValue } from './use-debounced-value';

/** A list page's search box: what is typed, and the trimmed value a query should use after a pause. */
export function useListSearch(initial = '') {
  const [value, setValue] = useState(initial);
  const debounced = useDebouncedValue(value.trim());
  return { value, onChange: setValue, debounced };
}

/** Which row a confirm-delete dialog is open for, and what deleting it does. */
export interface ConfirmDelete<T> {
  target: T | null;
  onClose: () => void;
  title: string;
  /** What is being deleted and what that means; the standard warning follows it. */
  describe: (target: T) => ReactNode;
  /** Rejects to keep the dialog open (the page shows why). */
  onConfirm: (target: T) => Promise<void>;
  /** False hides the dialog while the target is kept (an error dialog is over it). */
  visible?: boolean;
}

export interface ListPageProps<T> {
  /** The page's title block (title, subtitle, the create button…). */
  header: ReactNode;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** Selects shown beside the search box. */
  filters?: ReactNode;
  /** Replaces the search row when a page filters in its own way. */
  toolbar?: ReactNode;
  /** First load: a spinner instead of the list. */
  loading: boolean;
  /** What shows while loading, when a page-sized spinner does not fit (a section of a page). */
  loadingView?: ReactNode;
  /** An earlier answer is shown while the new one loads: the list is dimmed and marked busy (aria-busy). */
  stale?: boolean;
  items: readonly T[];
  /** The "N itens" line above a non-empty list (left out where the header counts already). */
  count?: (n: number) => string;
  /** Total when the list is one page of more (defaults to the number of items). */
  total?: number;
  /** What an empty list shows (an EmptyState). */
  empty: ReactNode;
  /** Replaces the list when loading failed and nothing is there to show. */
  failure?: ReactNode;
  /** Shown between the count line and the list (a warning over stale data…). */
  notice?: ReactNode;
  /** The grid or table of the items. */
  children: (items: readonly T[]) => ReactNode;
  /** Below the list (pagination…). */
  footer?: ReactNode;
  confirmDelete?: ConfirmDelete<T>;
}

/**
 * The skeleton every admin list page shares: header, search and filters, spinner, empty state, count,
 * the list itself and the typed-"excluir" confirmation.
 */
export function ListPage<T>({ header, search, filters, toolbar, loading, loadingView, stale, items, count, total, empty, failure, notice, children, footer, confirmDelete }: ListPageProps<T>) {
  const target = confirmDelete?.target ?? null;
  return (
    <>
      {header}
      {toolbar ??
        (search && (
          <div className={`mb-5 ${filters ? 'flex flex-col gap-3 sm:flex-row' : ''}`}>
            <SearchInput value={search.value} onChange={search.onChange} placeholder={search.placeholder} />
            {filters}
          </div>
        ))}
      {loading ? (
        (loadingView ?? <PageSpinner label={kitMessages.loading} />)
      ) : failure ? (
        failure
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          {notice}
          {count && <ResultCount>{count(total ?? items.length)}</ResultCount>}
          <div className={stale ? 'opacity-60' : undefined} aria-busy={stale || undefined} data-testid="list-page-items">
            {children(items)}
          </div>
          {footer}
        </>
      )}
      {confirmDelete && (
        <DeleteConfirmDialog
          open={target !== null && confirmDelete.visible !== false}
          onClose={confirmDelete.onClose}
          title={confirmDelete.title}
          description={target !== null ? confirmDelete.describe(target) : undefined}
          onConfirm={async () => {
            if (target !== null) await confirmDelete.onConfirm(target);
          }}
        />
      )}
    </>
  );
}

export interface ListColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Classes of the column's cells (width, alignment…); the header gets the padding of its place. */
  className?: string;
}

export interface ListTableProps<T> {
  label: string;
  items: readonly T[];
  rowKey: (item: T) => string | number;
  columns: readonly ListColumn<T>[];
  /** A phone-sized card of one item, shown below the breakpoint instead of the table. */
  card: (item: T) => ReactNode;
  /** The rows' and cards' `data-testid`. */
  testId: string;
  /** Where the table takes over from the cards. */
  breakpoint?: 'md' | 'xl';
  /** Classes of each table row (alignment…). */
  rowClassName?: string;
}

// Written out whole so that Tailwind finds every class.
const SWITCH = {
  md: { cards: 'md:hidden', table: 'md:block' },
  xl: { cards: 'xl:hidden', table: 'xl:block' },
} as const;

/** Cards on a phone, a table from the breakpoint on: the two views of one list. */
export function ListTable<T>({ label, items, rowKey, columns, card, testId, breakpoint = 'md', rowClassName = '' }: ListTableProps<T>) {
  const last = columns.length - 1;
  const edge = (i: number) => (i === 0 || i === last ? 'px-5' : 'px-4');
  return (
    <>
      <ul className={`space-y-3 ${SWITCH[breakpoint].cards}`} aria-label={label}>
        {items.map((item) => (
          <li key={rowKey(item)} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
            {card(item)}
          </li>
        ))}
      </ul>
      <div className={`hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm ${SWITCH[breakpoint].table}`}>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((col, i) => (
                <th key={col.header} scope="col" className={`${edge(i)} py-3 ${i === last && i > 0 ? 'text-right' : ''}`}>
                  {col.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={rowKey(item)} className={`hover:bg-slate-50/60 ${rowClassName}`} data-testid={testId}>
                {columns.map((col, i) => (
                  <td key={col.header} className={`${edge(i)} py-3 ${col.className ?? ''}`}>
                    {col.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
