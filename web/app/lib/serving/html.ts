import { escapeHtml } from '@realty/contracts/text';

/**
 * Markup written as strings, for static parts of components repeated many times on a page
 * (the catalogue's 50 cards): React renders such a part as one `dangerouslySetInnerHTML`
 * string instead of a tree of elements and attributes, which costs far less on the server.
 * Every value that goes into the markup must pass through `escapeHtml` of @realty/contracts
 * (escaped as React escapes it) or be a number.
 */

/** The prop of `dangerouslySetInnerHTML` for markup built with these helpers. */
export const innerHtml = (markup: string) => ({ __html: markup });

/** tel: link of a phone as written ('+7 (727) 355-00-00' -> 'tel:+77273550000'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** An attribute, ` name="value"` (escaped), or '' when the value is null, undefined or false. */
export function attr(name: string, value: string | number | null | undefined | false): string {
  return value === null || value === undefined || value === false ? '' : ` ${name}="${escapeHtml(value)}"`;
}
