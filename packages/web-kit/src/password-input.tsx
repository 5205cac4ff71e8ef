import { Eye, EyeOff } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { inputStyles } from './button';
import { kitMessages } from './kit-messages';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  visible: boolean;
  onToggleVisible: () => void;
  ref?: Ref<HTMLInputElement>;
}

/** Password field with a show/hide toggle; the toggle is a named button. */
export function PasswordInput({ visible, onToggleVisible, className, ref, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <input ref={ref} type={visible ? 'text' : 'password'} className={`${inputStyles} pr-11 ${className ?? ''}`} {...props} />
      <button
        type="button"
        onClick={onToggleVisible}
        aria-label={visible ? kitMessages.hidePassword : kitMessages.showPassword}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
