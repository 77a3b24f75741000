import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/**
 * The blog desk's rich-text editor (issue 23: "a maintained rich-text editor (Tiptap)"): the
 * elements the article sanitiser keeps (paragraphs, bold, italic, underline, h2/h3, lists,
 * quotes, links, code); strike and horizontal rules are off (the sanitiser would drop them).
 * Loaded with React.lazy from ContentField only, so Tiptap stays out of every other bundle. The
 * HTML goes to `onChange`; ContentField keeps it in the form's textarea (what is posted).
 */
export interface RichTextTexts {
  label: string;
  bold: string;
  italic: string;
  heading: string;
  bulletList: string;
  orderedList: string;
  quote: string;
  link: string;
  linkPrompt: string;
  unlink: string;
}

function ToolButton({ editor, label, active, run }: { editor: Editor; label: string; active?: boolean; run: (e: Editor) => void }) {
  return (
    <button
      type="button"
      className={`btn btn-small btn-secondary blog-editor__tool${active ? ' is-active' : ''}`}
      aria-pressed={active ?? undefined}
      onClick={() => run(editor)}
    >
      {label}
    </button>
  );
}

export default function RichTextEditor({
  id,
  lang,
  html,
  onChange,
  texts,
}: {
  id: string;
  lang: string;
  html: string;
  onChange: (html: string) => void;
  texts: RichTextTexts;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    // Tiptap's own <style> tag would break the page's CSP (style-src with a nonce); blog-desk.css styles the editor.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
    ],
    content: html,
    editorProps: {
      attributes: {
        id,
        lang,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': texts.label,
        class: 'article-body blog-editor__content',
        'data-testid': `editor-${lang}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A change of the HTML from outside (the HTML mode) is taken into the editor.
  useEffect(() => {
    if (editor && !editor.isDestroyed && html !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  if (!editor) return null;
  const setLink = (e: Editor) => {
    const previous = (e.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(texts.linkPrompt, previous);
    if (href === null) return;
    if (href.trim() === '') e.chain().focus().extendMarkRange('link').unsetLink().run();
    else e.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div className="blog-editor">
      <div role="toolbar" aria-label={texts.label} className="blog-editor__toolbar">
        <ToolButton editor={editor} label={texts.bold} active={editor.isActive('bold')} run={(e) => e.chain().focus().toggleBold().run()} />
        <ToolButton
          editor={editor}
          label={texts.italic}
          active={editor.isActive('italic')}
          run={(e) => e.chain().focus().toggleItalic().run()}
        />
        <ToolButton
          editor={editor}
          label={texts.heading}
          active={editor.isActive('heading', { level: 2 })}
          run={(e) => e.chain().focus().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          editor={editor}
          label={texts.bulletList}
          active={editor.isActive('bulletList')}
          run={(e) => e.chain().focus().toggleBulletList().run()}
        />
        <ToolButton
          editor={editor}
          label={texts.orderedList}
          active={editor.isActive('orderedList')}
          run={(e) => e.chain().focus().toggleOrderedList().run()}
        />
        <ToolButton
          editor={editor}
          label={texts.quote}
          active={editor.isActive('blockquote')}
          run={(e) => e.chain().focus().toggleBlockquote().run()}
        />
        <ToolButton editor={editor} label={texts.link} active={editor.isActive('link')} run={setLink} />
        <ToolButton editor={editor} label={texts.unlink} run={(e) => e.chain().focus().unsetLink().run()} />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
