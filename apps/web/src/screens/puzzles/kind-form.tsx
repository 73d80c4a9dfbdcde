import { describeField, type FieldValues, type InputField } from './kind-input';

interface KindFormProps {
  fields: readonly InputField[];
  values: FieldValues;
  onChange(values: FieldValues): void;
  problems: Record<string, string>;
}

function FieldControl({
  field,
  value,
  onValue,
  describedBy,
}: {
  field: InputField;
  value: string | boolean;
  onValue(value: string | boolean): void;
  describedBy: string;
}) {
  const id = `input-${field.name}`;
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.currentTarget.checked)}
        />
      );
    case 'enum':
      return (
        <select
          id={id}
          value={text}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.currentTarget.value)}
        >
          <option value="">
            {field.default === undefined ? '(none)' : `Default (${String(field.default)})`}
          </option>
          {(field.values ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
    case 'integer':
    case 'number':
      return (
        <input
          id={id}
          type="number"
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          step={field.type === 'integer' ? 1 : 'any'}
          min={field.min}
          max={field.max}
          placeholder={field.default === undefined ? '' : String(field.default)}
          value={text}
          aria-describedby={describedBy}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      );
    case 'string':
      return (field.max ?? 0) > 120 ? (
        <textarea
          id={id}
          rows={3}
          value={text}
          aria-describedby={describedBy}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={text}
          aria-describedby={describedBy}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      );
    default:
      return (
        <textarea
          id={id}
          rows={field.type === 'object[]' ? 6 : 3}
          value={text}
          placeholder={
            field.type === 'object[]'
              ? 'otter: Plays in rivers\nbeaver: Builds dams'
              : Array.isArray(field.default)
                ? field.default.join('\n')
                : ''
          }
          aria-describedby={describedBy}
          onInput={(event) => onValue(event.currentTarget.value)}
        />
      );
  }
}

/** The inputs of one kind, generated from what `GET /api/activity/kinds` says it accepts. */
export function KindForm({ fields, values, onChange, problems }: KindFormProps) {
  return (
    <fieldset class="kind-form">
      <legend>Options</legend>
      {fields.map((field) => {
        const hintId = `hint-${field.name}`;
        const problem = problems[field.name];
        const control = (
          <FieldControl
            field={field}
            value={values[field.name] ?? ''}
            describedBy={problem ? `${hintId} problem-${field.name}` : hintId}
            onValue={(value) => onChange({ ...values, [field.name]: value })}
          />
        );
        return (
          <div key={field.name} class="field">
            {field.type === 'boolean' ? (
              <label class="checkbox" for={`input-${field.name}`}>
                {control}
                {field.name}
              </label>
            ) : (
              <>
                <label for={`input-${field.name}`}>{field.name}</label>
                {control}
              </>
            )}
            <span class="hint" id={hintId}>
              {describeField(field)}
            </span>
            {problem ? (
              <span class="error" id={`problem-${field.name}`}>
                {problem}
              </span>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
