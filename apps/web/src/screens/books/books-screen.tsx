import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import type { DocumentList } from '../../api/types';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { TRIM_NAMES, TRIMS, type TrimName } from '../../lib/trims';
import { useLoad } from '../../lib/use-load';
import { ExportWatcher } from './export-watcher';
import { type BookEntry, PageOrderList } from './page-order-list';
import { usePageThumbnails } from './page-thumbnails';

interface SavedPage {
  kind: string;
  doc: unknown;
  title?: string;
  summary?: string;
  seed?: string;
}

interface SavedBook {
  title: string;
  trim: TrimName;
  pageIds: string[];
}

function labelOf(page: SavedPage & { id: string }): string {
  return page.title ? `${page.title} (${page.kind})` : `${page.kind}: ${page.summary ?? page.id}`;
}

let entryCount = 0;

function BookForm({
  pages,
  onExported,
}: {
  pages: DocumentList<SavedPage>['items'];
  onExported(id: string, title: string): void;
}) {
  const [entries, setEntries] = useState<BookEntry[]>([]);
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [author, setAuthor] = useState('');
  const [trim, setTrim] = useState<TrimName>('6x9');
  const [includeKeys, setIncludeKeys] = useState(true);
  const [largePrint, setLargePrint] = useState(false);
  const [bleed, setBleed] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState('');
  const inBook = pages.filter((page) => entries.some((entry) => entry.pageId === page.id));
  const thumbnails = usePageThumbnails(inBook, trim);
  // The same page twice is allowed (a repeated notes or colouring page is a real need), and said plainly.
  const add = (page: SavedPage & { id: string }) => {
    entryCount += 1;
    const before = entries.flatMap((entry, index) => (entry.pageId === page.id ? [index + 1] : []));
    setEntries([...entries, { key: `entry-${entryCount}`, pageId: page.id, label: labelOf(page) }]);
    setAdded(
      before.length > 0
        ? `${labelOf(page)} is already page ${before.join(', ')}; added again as page ${entries.length + 1}.`
        : `${labelOf(page)} added as page ${entries.length + 1}.`,
    );
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = {
        title: title.trim(),
        ...(subtitle.trim() ? { subtitle: subtitle.trim() } : {}),
        ...(author.trim() ? { author: author.trim() } : {}),
        trim,
        pageIds: entries.map((entry) => entry.pageId),
        options: { includeKeys, largePrint, bleed },
      };
      const { book } = await requestJson<{ book: { id: string } }>('/api/activity/books', {
        method: 'POST',
        body,
      });
      await requestJson(`/api/activity/books/${encodeURIComponent(book.id)}/export`, { method: 'POST' });
      onExported(book.id, body.title);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="columns">
      <section class="panel" aria-labelledby="saved-pages-heading">
        <h2 id="saved-pages-heading">Your saved pages</h2>
        {pages.length === 0 ? (
          <p class="muted">
            No saved pages yet: <Link href="/puzzles">make some</Link>.
          </p>
        ) : (
          <ul class="saved-pages">
            {pages.map((page) => (
              <li key={page.id}>
                <button
                  type="button"
                  class="secondary"
                  onClick={() => add(page)}
                  aria-label={`Add ${labelOf(page)} to the book`}
                >
                  Add
                </button>{' '}
                {labelOf(page)} <span class="muted">{formatTime(page.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form class="panel" onSubmit={submit} aria-labelledby="book-heading">
        <h2 id="book-heading">The book</h2>
        {entries.length === 0 ? (
          <p class="muted">Add pages from the list.</p>
        ) : (
          <PageOrderList entries={entries} onChange={setEntries} thumbnails={thumbnails} trim={trim} />
        )}
        <Notice>{added}</Notice>
        <label for="book-title">Title</label>
        <input
          id="book-title"
          type="text"
          required
          maxLength={200}
          value={title}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        <label for="book-subtitle">Subtitle</label>
        <input
          id="book-subtitle"
          type="text"
          maxLength={200}
          value={subtitle}
          onInput={(event) => setSubtitle(event.currentTarget.value)}
        />
        <label for="book-author">Author</label>
        <input
          id="book-author"
          type="text"
          maxLength={120}
          value={author}
          onInput={(event) => setAuthor(event.currentTarget.value)}
        />
        <label for="book-trim">Trim</label>
        <select
          id="book-trim"
          value={trim}
          onChange={(event) => setTrim(event.currentTarget.value as TrimName)}
        >
          {TRIM_NAMES.map((name) => (
            <option key={name} value={name}>
              {TRIMS[name].label}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>Options</legend>
          <label class="checkbox">
            <input
              type="checkbox"
              checked={includeKeys}
              onChange={(event) => setIncludeKeys(event.currentTarget.checked)}
            />
            Answer keys at the back
          </label>
          <label class="checkbox">
            <input
              type="checkbox"
              checked={largePrint}
              onChange={(event) => setLargePrint(event.currentTarget.checked)}
            />
            Large print
          </label>
          <label class="checkbox">
            <input
              type="checkbox"
              checked={bleed}
              onChange={(event) => setBleed(event.currentTarget.checked)}
            />
            Bleed (0.125 in on three sides)
          </label>
        </fieldset>
        <div class="actions">
          <button type="submit" disabled={busy || entries.length === 0}>
            Save and export PDF
          </button>
        </div>
        <ErrorMessage error={error} />
      </form>
    </div>
  );
}

/** Books: arrange saved pages, choose trim, options and title, export, watch the job, download the PDF. */
export function BooksScreen() {
  const { user } = useSession();
  const signedIn = Boolean(user);
  const pages = useLoad(
    () =>
      signedIn
        ? requestJson<DocumentList<SavedPage>>('/db/activity_pages?owner=me&limit=200')
        : Promise.resolve(undefined),
    [signedIn],
  );
  const books = useLoad(
    () =>
      signedIn
        ? requestJson<DocumentList<SavedBook>>('/db/activity_books?owner=me&limit=50')
        : Promise.resolve(undefined),
    [signedIn],
  );
  const [exporting, setExporting] = useState<{ id: string; title: string; round: number }>();
  const exportAgain = async (id: string, title: string) => {
    await requestJson(`/api/activity/books/${encodeURIComponent(id)}/export`, { method: 'POST' });
    setExporting({ id, title, round: (exporting?.round ?? 0) + 1 });
  };
  if (!user)
    return (
      <section>
        <h1 tabIndex={-1}>Books</h1>
        <p>
          <Link href="/">Sign in</Link> to bind your saved pages into a PDF book.
        </p>
      </section>
    );
  return (
    <section>
      <h1 tabIndex={-1}>Books</h1>
      <ErrorMessage error={pages.error ?? books.error} />
      {pages.data ? (
        <BookForm
          pages={pages.data.items}
          onExported={(id, title) => {
            setExporting({ id, title, round: (exporting?.round ?? 0) + 1 });
            books.reload();
          }}
        />
      ) : null}
      {exporting ? (
        <section class="panel" aria-labelledby="export-heading">
          <h2 id="export-heading">Export</h2>
          <ExportWatcher
            key={`${exporting.id}-${exporting.round}`}
            bookId={exporting.id}
            title={exporting.title}
          />
        </section>
      ) : null}
      <section class="panel" aria-labelledby="books-heading">
        <h2 id="books-heading">Your books</h2>
        {books.data && books.data.items.length > 0 ? (
          <ul>
            {books.data.items.map((book) => (
              <li key={book.id}>
                <strong>{book.title}</strong>{' '}
                <span class="muted">
                  ({book.trim}, {book.pageIds.length} pages, {formatTime(book.createdAt)})
                </span>{' '}
                <button type="button" class="link-button" onClick={() => exportAgain(book.id, book.title)}>
                  Export again
                </button>{' '}
                <button
                  type="button"
                  class="link-button"
                  onClick={() =>
                    setExporting({ id: book.id, title: book.title, round: (exporting?.round ?? 0) + 1 })
                  }
                >
                  Latest PDF
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No books yet.</p>
        )}
      </section>
    </section>
  );
}
