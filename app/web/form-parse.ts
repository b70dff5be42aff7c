import { parse, type Submission } from "@conform-to/dom";
import { safeParse } from "zod/mini";
import type { $ZodType, input, output } from "zod/v4/core";

/** Conform field names: `a.b[0].c` for the path ["a", "b", 0, "c"]. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, "");
}

/** Empty inputs mean "not given": Conform's own zod adapter drops them the same way. */
function dropEmpty(value: unknown): unknown {
  if (value === "") return undefined;
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (value && typeof value === "object" && !(value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, dropEmpty(entry)]));
  }
  return value;
}

/**
 * The one form parser (issue 29 item 4): a form submission read with a zod schema for Conform, in
 * the browser (`onValidate`) and in the action alike, by the storefront and the back office. Empty
 * inputs are dropped; a schema reads its own strings (`z.coerce.number`, `checkbox`, `list` in
 * domain/shared/validation.ts), so no schema library is shipped to the storefront for coercion.
 * Errors are the schema's messages (catalogue keys) per field.
 */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const result = safeParse(schema, dropEmpty(value));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}
