import { escapeHtml } from '@realty/contracts';

/**
 * Markup written as strings, for static parts of components repeated many times on a page
 * (the catalogue's 50 cards): React renders such a part as one `dangerouslySetInnerHTML`
 * string instead of a tree of elements and attributes, which costs far less on the server.
 * Every value that goes into the markup must pass through `escapeHtml` of @realty/contracts
 * (escaped as React escapes it) or be a number.
 */

/** An attribute, ` name="value"` (escaped), or '' when the value is null, undefined or false. */
export function attr(name: string, value: string | number | null | undefined | false): string {
  return value === null || value === undefined || value === false ? '' : ` ${name}="${escapeHtml(value)}"`;
}
