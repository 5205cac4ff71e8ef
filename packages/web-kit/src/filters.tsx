import { ChevronDown, Search } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { inputStyles } from './button';

export function SearchInput({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  return (
    <div className="relative flex-1">
      <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className={`${inputStyles} pl-10`}
      />
    </div>
  );
}

export function Select({ label, className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  return (
    <div className={`relative ${className ?? ''}`}>
      <select aria-label={label} className={`${inputStyles} appearance-none pr-10`} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
    </div>
  );
}

/** The "N itens" line above a list; announced when a search or a filter changes it. */
export function ResultCount({ children }: { children: string }) {
  return (
    <p className="mb-3 text-sm text-slate-500" aria-live="polite">
      {children}
    </p>
  );
}
