import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import { EDITABLE_BYTES, formatBytes, type LoadedFile, loadFile } from './spec-file';

interface SpecEditorProps {
  id: string;
  label: string;
  /** The editor's text (kept while a file is loaded, and back when the file is removed). */
  text: string;
  onText(value: string): void;
  /** The loaded file: while there is one, it is the spec that is checked, not the text. */
  file: LoadedFile | undefined;
  onFile(file: LoadedFile | undefined): void;
  editor?: Ref<HTMLTextAreaElement>;
}

/**
 * A spec: typed or pasted into the editor, or a file dropped onto it or opened with the picker.
 * A file is never put into the editor (a 13 MB text area takes half a minute to fill): it is kept
 * as a `File`, shown by name, size and first lines, and read by the checker off the page's thread.
 * Small files can be moved into the editor to edit them. Nothing is uploaded until a check runs.
 */
export function SpecEditor({ id, label, text, onText, file, onFile, editor }: SpecEditorProps) {
  const [over, setOver] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  const take = async (picked: File | undefined) => {
    if (picked) onFile(await loadFile(picked));
  };
  const edit = async () => {
    if (!file) return;
    onText(await file.file.text());
    onFile(undefined);
  };
  const head = `${id}-file-head`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file picker below is the keyboard way in.
    <div
      class={`spec-editor${over ? ' drop-target' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void take(event.dataTransfer?.files[0]);
      }}
    >
      {file ? (
        <div class="spec-file">
          <p class="spec-file-head" id={head}>
            <strong>{label}: </strong>
            <span class="spec-file-name" data-testid={`${id}-file`}>
              {file.file.name}
            </span>{' '}
            <span class="muted">({formatBytes(file.file.size)})</span>
          </p>
          <p class="hint">
            This file is what gets checked; its text is not in the editor. Remove it to type or paste instead
            {file.file.size <= EDITABLE_BYTES ? ', or edit it as text' : ''}.
          </p>
          <div class="actions">
            <button
              type="button"
              aria-expanded={showPreview}
              aria-controls={`${id}-preview`}
              aria-describedby={head}
              onClick={() => setShowPreview((shown) => !shown)}
            >
              {showPreview ? 'Hide preview' : 'Show preview'}
            </button>
            {file.file.size <= EDITABLE_BYTES ? (
              <button type="button" aria-describedby={head} onClick={() => void edit()}>
                Edit as text
              </button>
            ) : null}
            <button type="button" aria-describedby={head} onClick={() => onFile(undefined)}>
              Remove file
            </button>
          </div>
          <section
            id={`${id}-preview`}
            class="spec-preview"
            hidden={!showPreview}
            aria-label={`First lines of ${file.file.name}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
            tabIndex={0}
          >
            <pre>
              {file.preview}
              {file.truncated ? '\n…' : ''}
            </pre>
          </section>
        </div>
      ) : (
        <>
          <label for={id}>
            {label} <span class="hint">JSON or YAML. Paste, type, or drop a file here.</span>
          </label>
          <textarea
            id={id}
            ref={editor}
            rows={12}
            spellcheck={false}
            value={text}
            onInput={(event) => onText(event.currentTarget.value)}
          />
        </>
      )}
      <label class="hint" for={`${id}-picker`}>
        {file ? 'Open another file' : 'Or open a file'}
      </label>
      <input
        id={`${id}-picker`}
        type="file"
        accept=".json,.yaml,.yml,application/json,text/yaml"
        onChange={(event) => {
          void take(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
