import { useRef, useState } from 'preact/hooks';
import type { TrimName } from '../../lib/trims';
import { moveItem } from './page-order';
import { PageThumbnail, type Thumbnails } from './page-thumbnails';

/** One entry of the book: a saved page (the same page may appear twice). */
export interface BookEntry {
  key: string;
  pageId: string;
  label: string;
}

interface PageOrderListProps {
  entries: BookEntry[];
  onChange(entries: BookEntry[]): void;
  /** Printed HTML of the pages, for their thumbnails. */
  thumbnails: Thumbnails;
  trim: TrimName;
}

/**
 * Where else the entry's page is in the book (1-based), in words; undefined when it is there once.
 *
 * @example
 * describeRepeats(entries, 2); // 'Same page as page 1: it prints 2 times in this book.'
 */
export function describeRepeats(entries: BookEntry[], index: number): string | undefined {
  const pageId = entries[index]?.pageId;
  const others = entries.flatMap((entry, position) =>
    entry.pageId === pageId && position !== index ? [position + 1] : [],
  );
  if (others.length === 0) return undefined;
  const where = others.length === 1 ? `page ${others[0]}` : `pages ${others.join(', ')}`;
  return `Same page as ${where}: it prints ${others.length + 1} times in this book.`;
}

/**
 * The book's pages in order. Drag an entry by its handle to move it; with the keyboard, focus the
 * handle and press ↑ / ↓ (Home / End for the ends). Every move is announced.
 */
export function PageOrderList({ entries, onChange, thumbnails, trim }: PageOrderListProps) {
  const [dragging, setDragging] = useState<number>();
  const [over, setOver] = useState<number>();
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);

  const move = (from: number, to: number, keepFocus: boolean) => {
    const next = moveItem(entries, from, to);
    const moved = entries[from];
    if (!moved) return;
    const position = next.indexOf(moved);
    if (position === from) return;
    onChange(next);
    setAnnouncement(`${moved.label} moved to position ${position + 1} of ${next.length}.`);
    if (keepFocus)
      requestAnimationFrame(() =>
        list.current?.querySelectorAll<HTMLButtonElement>('.grip')[position]?.focus(),
      );
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    const targets: Record<string, number> = {
      ArrowUp: index - 1,
      ArrowDown: index + 1,
      Home: 0,
      End: entries.length - 1,
    };
    const to = targets[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(index, to, true);
  };
  const remove = (index: number) => {
    const removed = entries[index];
    onChange(entries.filter((_, position) => position !== index));
    if (removed) setAnnouncement(`${removed.label} removed from the book.`);
  };

  return (
    <div>
      <p class="hint" id="order-help">
        Drag a page by its handle, or focus the handle and press the arrow keys (Home and End for the ends).
      </p>
      <ol class="order-list" ref={list} aria-label="Pages of the book, in order">
        {entries.map((entry, index) => {
          const repeats = describeRepeats(entries, index);
          return (
            <li
              key={entry.key}
              class={[
                dragging === index ? 'dragging' : '',
                over === index && dragging !== index ? 'drop-target' : '',
              ].join(' ')}
              draggable
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer?.setData('text/plain', String(index));
                if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(undefined)}
              onDrop={(event) => {
                event.preventDefault();
                const from = Number(event.dataTransfer?.getData('text/plain') ?? dragging);
                setDragging(undefined);
                setOver(undefined);
                if (Number.isInteger(from)) move(from, index, false);
              }}
              onDragEnd={() => {
                setDragging(undefined);
                setOver(undefined);
              }}
            >
              <button
                type="button"
                class="grip secondary"
                aria-describedby="order-help"
                aria-label={`Move ${entry.label}, page ${index + 1} of ${entries.length}`}
                onKeyDown={onKeyDown(index)}
              >
                ⠿ {index + 1}
              </button>
              <PageThumbnail html={thumbnails.get(entry.pageId)} trim={trim} label={entry.label} />
              <span class="title">{entry.label}</span>
              <button
                type="button"
                class="secondary"
                aria-label={`Move ${entry.label} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1, false)}
              >
                ↑
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={`Move ${entry.label} down`}
                disabled={index === entries.length - 1}
                onClick={() => move(index, index + 1, false)}
              >
                ↓
              </button>
              <button
                type="button"
                class="danger"
                aria-label={`Remove ${entry.label}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
              {repeats ? <p class="duplicate">{repeats}</p> : null}
            </li>
          );
        })}
      </ol>
      <p class="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
