import { slugify } from '@clima/contract/common';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { FieldError } from '../ui/form-dialog';

/** The fields both kinds of category have (spec section 5): name, slug, description. */
export interface CategoryFieldValues {
  name: string;
  slug: string;
  description: string;
}

export interface CategoryFieldTexts {
  name: string;
  slug: string;
  slugHint: string;
  description: string;
}

/**
 * Name, '/slug' and description of a content category or a course category. The slug follows the name
 * while `slugFollowsName` holds (content categories: only while creating; course categories: always).
 */
export function CategoryFields<V extends CategoryFieldValues>({
  texts,
  register,
  setValue,
  errors,
  submitted,
  slugFollowsName,
  nameRequired = true,
  slugRequired,
}: {
  texts: CategoryFieldTexts;
  register: UseFormRegister<V>;
  setValue: UseFormSetValue<V>;
  errors: FieldErrors<V>;
  submitted: boolean;
  slugFollowsName: boolean;
  nameRequired?: boolean;
  slugRequired: boolean;
}) {
  // Field names are shared by every V; react-hook-form's path types cannot see that through the generic.
  const reg = register as unknown as UseFormRegister<CategoryFieldValues>;
  const set = setValue as unknown as UseFormSetValue<CategoryFieldValues>;
  const err = errors as FieldErrors<CategoryFieldValues>;
  const uid = useId();
  const ids = { name: `${uid}-name`, slug: `${uid}-slug`, description: `${uid}-description`, slugHint: `${uid}-slug-hint` };
  const errId = (id: string) => `${id}-error`;
  const describedBy = (id: string, failed: boolean, hint?: string) => [hint, failed ? errId(id) : null].filter(Boolean).join(' ') || undefined;
  const required = <span className="text-red-700" aria-hidden>*</span>;

  const nameField = reg('name', {
    onChange: (event: { target: { value: string } }) => {
      if (slugFollowsName) set('slug', slugify(event.target.value), { shouldValidate: submitted });
    },
  });

  return (
    <>
      <div>
        <label htmlFor={ids.name} className={labelStyles}>
          {texts.name} {nameRequired && required}
        </label>
        <input
          id={ids.name}
          autoComplete="off"
          aria-required={nameRequired || undefined}
          aria-invalid={Boolean(err.name)}
          aria-describedby={describedBy(ids.name, Boolean(err.name))}
          className={inputStyles}
          {...nameField}
        />
        <FieldError id={errId(ids.name)} message={err.name?.message} />
      </div>
      <div>
        <label htmlFor={ids.slug} className={labelStyles}>
          {texts.slug} {slugRequired && required}
        </label>
        <div className="flex items-stretch">
          <span className="grid place-items-center rounded-l-xl border border-r-0 border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-600" aria-hidden>
            /
          </span>
          <input
            id={ids.slug}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-required={slugRequired || undefined}
            aria-invalid={Boolean(err.slug)}
            aria-describedby={describedBy(ids.slug, Boolean(err.slug), ids.slugHint)}
            className={`${inputStyles} rounded-l-none font-mono`}
            {...reg('slug')}
          />
        </div>
        <p id={ids.slugHint} className="mt-1.5 text-xs text-slate-600">
          {texts.slugHint}
        </p>
        <FieldError id={errId(ids.slug)} message={err.slug?.message} />
      </div>
      <div>
        <label htmlFor={ids.description} className={labelStyles}>
          {texts.description}
        </label>
        <textarea
          id={ids.description}
          rows={3}
          aria-invalid={Boolean(err.description)}
          aria-describedby={describedBy(ids.description, Boolean(err.description))}
          className={inputStyles}
          {...reg('description')}
        />
        <FieldError id={errId(ids.description)} message={err.description?.message} />
      </div>
    </>
  );
}
