import type { ComponentChildren } from 'preact';

/**
 * A table's scrolling box: on a narrow screen the table scrolls inside it, so it is a named,
 * focusable region — keyboard users scroll it with the arrow keys (WCAG 2.1.1, axe
 * `scrollable-region-focusable`).
 */
export function ScrollBox({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard.
    <section class="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
