/** A typed `t` over one catalogue: `{name}` placeholders are filled from `params`. */
export function createTranslator<Catalogue extends Record<string, string>>(catalogue: Catalogue) {
  function has(key: string): key is Extract<keyof Catalogue, string> {
    return Object.hasOwn(catalogue, key);
  }
  function t(key: Extract<keyof Catalogue, string>, params?: Record<string, string | number>): string {
    const text = catalogue[key] as string;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) =>
      name in params ? String(params[name]) : match,
    );
  }
  /**
   * Validation errors are catalogue keys from domain schemas; the server may also send text it has
   * already put into words (e.g. "try again at 10:15"), which is shown as it is.
   */
  function errorText(error: string | undefined): string | undefined {
    if (error === undefined) return undefined;
    return has(error) ? t(error) : error;
  }
  return { has, t, errorText };
}
