// Field errors of a form that came back from the server, shared by its controls: each control finds
// its own message by name, and the first control with one takes the focus (autoFocus), so a member
// lands on what to fix. Free of server imports: pages and islands both use it.
import { createContext, useContext, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface ErrorsState {
  errors: Record<string, string>;
  /** True for the first invalid control of this render that asks; later ones leave the focus alone. */
  claimFocus: () => boolean;
}

const FormErrorsContext = createContext<ErrorsState | null>(null);

/** Hands the focus to the first control that asks, once. */
class FocusClaim {
  private taken = false;

  take(): boolean {
    if (this.taken) return false;
    this.taken = true;
    return true;
  }
}

/** Wraps a form (or a part of one) whose controls read their messages from `errors`. */
export function FormErrors({ errors, children }: { errors: Record<string, string>; children: ReactNode }) {
  // A fresh claim each render: the controls render in document order, so the first one to ask wins.
  const claim = new FocusClaim();
  const claimFocus = () => claim.take();
  return <FormErrorsContext.Provider value={{ errors, claimFocus }}>{children}</FormErrorsContext.Provider>;
}

export interface FieldState {
  error?: string;
  /** The id of the error text, for aria-describedby (always set, used only when there is an error). */
  errorId: string;
  autoFocus: boolean;
}

/** The error of the field `name` (an explicit `error` wins) and whether it takes the focus. */
export function useFieldState(name: string, explicit?: string): FieldState {
  const state = useContext(FormErrorsContext);
  const errorId = `${useId()}-error`;
  const error = explicit ?? state?.errors[name];
  const autoFocus = Boolean(error && state?.claimFocus());
  return { error, errorId, autoFocus };
}

/** The aria attributes of an invalid control, pointing at its message (and its hint, when given). */
export function invalidProps(field: FieldState, hintId?: string) {
  const describedBy = [field.error ? field.errorId : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    autoFocus: field.autoFocus || undefined,
  } as const;
}

export function FieldError({ field }: { field: FieldState }) {
  return field.error ? <span className="field__error" id={field.errorId} role="alert">{field.error}</span> : null;
}

/**
 * In an island, errors that arrive after a fetch do not remount the form, so autoFocus does not
 * fire: this moves the focus to the first invalid control whenever a new set of errors arrives.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: Record<string, string>): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [form, errors]);
}
