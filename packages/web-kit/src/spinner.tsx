const SIZES = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' } as const;

export function Spinner({ size = 'md', label }: { size?: keyof typeof SIZES; label?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-sky-200 border-t-sky-600 ${SIZES[size]}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** Centered spinner for a page or a section that is loading. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
