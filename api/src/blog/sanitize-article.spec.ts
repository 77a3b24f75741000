import { sanitizeArticleHtml } from './sanitize-article';

/**
 * spec 01 §5 "Article body sanitising" against an XSS corpus: script tags, event handlers,
 * javascript: / data: / vbscript: URLs, data-* attributes, SVG and MathML tricks, style,
 * iframes, forms, encoded schemes, broken markup.
 */
describe('sanitizeArticleHtml (spec 01 §5)', () => {
  const DANGER =
    /<script|<svg|<math|<iframe|<object|<embed|<style|<form|<input|<base|<meta|<link|javascript:|vbscript:|data:|\son\w+\s*=|data-\w|style=|srcdoc|formaction|xlink/i;

  const corpus: Array<[string, string]> = [
    ['script tag', '<p>ok</p><script>alert(1)</script>'],
    ['script in caps', '<SCRIPT SRC=//x.example/x.js></SCRIPT>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['body onload', '<body onload=alert(1)>'],
    ['div onmouseover', '<div onmouseover="alert(1)">hover</div>'],
    ['javascript: href', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: with entities', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['javascript: upper case and spaces', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ['vbscript: href', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['data: img', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['data attribute', '<p data-x="1" data-bind="alert(1)">text</p>'],
    ['svg onload', '<svg onload=alert(1)><circle r=1 /></svg>'],
    ['svg script', '<svg><script>alert(1)</script></svg>'],
    ['svg animate href', '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>'],
    ['svg use', '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>"/></svg>'],
    ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object', '<object data="javascript:alert(1)"></object>'],
    ['embed', '<embed src="javascript:alert(1)">'],
    ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['form formaction', '<form><button formaction="javascript:alert(1)">x</button></form>'],
    ['input autofocus', '<input autofocus onfocus=alert(1)>'],
    ['base href', '<base href="javascript:alert(1)//">'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['link import', '<link rel=import href="data:text/html,<script>alert(1)</script>">'],
    ['unclosed attribute', '<img src="x" alt="a onerror=alert(1)//'],
    ['nested broken tags', '<<script>script>alert(1)<</script>/script>'],
    ['comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['cdata', '<![CDATA[<script>alert(1)</script>]]>'],
    ['noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['template', '<template><script>alert(1)</script></template>'],
    ['protocol-relative', '<a href="//evil.example/x">x</a>'],
  ];

  it.each(corpus)('removes the attack: %s', (_name, html) => {
    const out = sanitizeArticleHtml(html);
    expect(out).not.toMatch(DANGER);
    expect(out).not.toMatch(/alert\(1\)"?\s*>/); // no live handler left behind
  });

  it('drops the text of script, style and svg elements instead of showing it', () => {
    expect(sanitizeArticleHtml('<p>a</p><script>alert(1)</script><style>p{}</style><svg><text>svg</text></svg>')).toBe('<p>a</p>');
  });

  it('keeps the allowed tags and attributes of spec 01 §5', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
      '<p class="lead" title="t">a<br />b <b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol>' +
      '<blockquote>q</blockquote><pre><code>c</code></pre><div class="note"><span class="lead note">s</span></div>' +
      '<a href="https://example.com/a" title="l" rel="nofollow">l</a><a href="/catalog">r</a><a href="mailto:a@b.kz">m</a><a href="tel:+77273550000">t</a>' +
      '<img src="https://example.com/i.jpg" alt="i" title="i" />';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('gives an image typed without alt an empty one (decorative) and drops an image left without src (valid HTML, WCAG 1.1.1)', () => {
    expect(sanitizeArticleHtml('<p>a</p><img src="/media/a.jpg">')).toBe('<p>a</p><img src="/media/a.jpg" alt="" />');
    expect(sanitizeArticleHtml('<img src="/media/a.jpg" alt="План этажа">')).toBe('<img src="/media/a.jpg" alt="План этажа" />');
    expect(sanitizeArticleHtml('<p>a</p><img alt="x"><img src="javascript:alert(1)">')).toBe('<p>a</p>');
  });

  it('removes tags and attributes that are not on the list, keeping their text', () => {
    expect(sanitizeArticleHtml('<table><tr><td>cell</td></tr></table><p id="x" align="left" lang="en">p</p>')).toBe('cell<p>p</p>');
  });

  it("keeps only the allowed class names (lead, note); the site's own classes are dropped (issue 19 item 8)", () => {
    expect(sanitizeArticleHtml('<p class="lead">a</p><div class="note">b</div>')).toBe('<p class="lead">a</p><div class="note">b</div>');
    expect(sanitizeArticleHtml('<a href="/auth" class="btn btn-primary">Войти</a>')).toBe('<a href="/auth">Войти</a>');
    expect(sanitizeArticleHtml('<p class="sr-only">hidden</p><div class="site-header map-view__status">x</div>')).toBe(
      '<p>hidden</p><div>x</div>',
    );
    expect(sanitizeArticleHtml('<p class="lead  btn\tnote LEAD">a</p>')).toBe('<p class="lead note">a</p>');
    expect(sanitizeArticleHtml('<span class="">a</span><span class>b</span>')).toBe('<span>a</span><span>b</span>');
  });

  it('adds rel="noopener noreferrer" to a link that opens a new window', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers an empty string for empty input', () => {
    expect(sanitizeArticleHtml('')).toBe('');
  });
});
