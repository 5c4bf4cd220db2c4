import { useLayoutEffect, useRef } from "react";

/**
 * Every page is prerendered HTML, so a visitor can type into a field, pick an option or tick a
 * box before React has hydrated it. React then keeps what is on screen but never reports it, so
 * the form's state would lack it (and, say, Next would stay disabled over a filled-in field).
 *
 * Returns a ref for the control. Once, when it mounts, if what the control shows differs from the
 * value its form holds, the form is told, exactly as if the visitor had just changed it. After
 * that every change reaches the form through the control's own change handler; on a page that
 * was not prerendered the control shows its value and nothing happens.
 */
function useShownOnMount<E extends HTMLElement, V>(read: (control: E) => V, value: V, onChange: (shown: V) => void) {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const shown = ref.current ? read(ref.current) : value;
    if (shown !== value) onChange(shown);
    // Only on mount: later changes arrive through the control's change handler.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

/** For a text field, text area or select: its value. */
export function useValueShownOnMount<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
  value: string,
  onChange: (shown: string) => void,
) {
  return useShownOnMount((control: E) => control.value, value, onChange);
}

/** For a check box or radio: whether it is checked. */
export function useCheckedShownOnMount(checked: boolean, onChange: (shown: boolean) => void) {
  return useShownOnMount((control: HTMLInputElement) => control.checked, checked, onChange);
}
