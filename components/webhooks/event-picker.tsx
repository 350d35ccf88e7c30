"use client";
// Choosing a webhook's event types: every type ("*"), or some of them, each once.
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";

const EXTENSIONS: readonly string[] = ["access.lost", "access.removed"];

export function EventPicker({
  idPrefix,
  eventTypes,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  eventTypes: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const all = value.includes("*");
  // test events are sent on request whatever the subscription, so they are not offered;
  // extension events (beyond the spec) are never covered by "*" and are chosen apart
  const choosable = eventTypes.filter((t) => t !== "webhook.test" && !EXTENSIONS.includes(t));
  const extensions = eventTypes.filter((t) => EXTENSIONS.includes(t));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Events</legend>
      <Checkbox
        id={`${idPrefix}-all`}
        label="All events"
        hint="Every event of the specification, including types added later."
        checked={all}
        onChange={(e) =>
          onChange(
            e.target.checked
              ? ["*", ...value.filter((x) => EXTENSIONS.includes(x))]
              : value.filter((x) => EXTENSIONS.includes(x)),
          )
        }
        className="mb-3"
      />
      {!all ? (
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {choosable.map((t) => (
            <Checkbox
              key={t}
              id={`${idPrefix}-${t.replace(/\./g, "-")}`}
              label={<code className="font-mono text-xs">{t}</code>}
              checked={value.includes(t)}
              onChange={(e) => onChange(e.target.checked ? [...value, t] : value.filter((x) => x !== t))}
            />
          ))}
        </div>
      ) : null}
      {extensions.length > 0 ? (
        <div className="mt-3">
          <p className="mb-2 text-sm text-slate-700">Extensions (access checks and offboarding; off unless chosen)</p>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {extensions.map((t) => (
              <Checkbox
                key={t}
                id={`${idPrefix}-${t.replace(/\./g, "-")}`}
                label={<code className="font-mono text-xs">{t}</code>}
                checked={value.includes(t)}
                onChange={(e) => onChange(e.target.checked ? [...value, t] : value.filter((x) => x !== t))}
              />
            ))}
          </div>
        </div>
      ) : null}
      <FieldError message={error} />
    </fieldset>
  );
}

/** The first error among `events` and `events[i]`. */
export function eventsError(errors: Record<string, string>): string | undefined {
  const key = Object.keys(errors).find((k) => k === "events" || k.startsWith("events["));
  return key ? errors[key] : undefined;
}
