/**
 * Markup written as strings, for static parts of components repeated many times on a page
 * (the catalogue's 50 cards): React renders such a part as one `dangerouslySetInnerHTML`
 * string instead of a tree of elements and attributes, which costs far less on the server.
 * Every value that goes into the markup must pass through `escapeHtml` (or be a number).
 */

const UNSAFE = /["&'<>]/g;
const ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text or attribute value made safe for HTML, escaped as React escapes it. */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  return /["&'<>]/.test(text) ? text.replace(UNSAFE, (c) => ENTITIES[c]) : text;
}

/** An attribute, ` name="value"` (escaped), or '' when the value is null, undefined or false. */
export function attr(name: string, value: string | number | null | undefined | false): string {
  return value === null || value === undefined || value === false ? '' : ` ${name}="${escapeHtml(value)}"`;
}
