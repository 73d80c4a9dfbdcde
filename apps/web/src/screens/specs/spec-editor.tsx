import type { Ref } from 'preact';
import { useState } from 'preact/hooks';

interface SpecEditorProps {
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  editor?: Ref<HTMLTextAreaElement>;
}

/**
 * A spec's text: typed, pasted, dropped as a file onto the box, or opened with the file picker.
 * Files are read in the browser; nothing is uploaded until a check runs.
 */
export function SpecEditor({ id, label, value, onValue, editor }: SpecEditorProps) {
  const [over, setOver] = useState(false);
  const readFile = async (file: File | undefined) => {
    if (file) onValue(await file.text());
  };
  return (
    <div class="spec-editor">
      <label for={id}>
        {label} <span class="hint">JSON or YAML. Paste, type, or drop a file here.</span>
      </label>
      <textarea
        id={id}
        ref={editor}
        rows={12}
        spellcheck={false}
        value={value}
        class={over ? 'drop-target' : ''}
        onInput={(event) => onValue(event.currentTarget.value)}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void readFile(event.dataTransfer?.files[0]);
        }}
      />
      <label class="hint" for={`${id}-file`}>
        Or open a file
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".json,.yaml,.yml,application/json,text/yaml"
        onChange={(event) => void readFile(event.currentTarget.files?.[0])}
      />
    </div>
  );
}
