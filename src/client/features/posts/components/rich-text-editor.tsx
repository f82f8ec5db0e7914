import Highlight from '@tiptap/extension-highlight';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { Editor, EditorContent, useEditorState, type EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Highlighter, ImagePlus, Italic, Link2, List, Palette, Pilcrow, Underline } from 'lucide-react';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { BodyPhoto, type BodyPhotoAttributes } from './body-photo.ts';
import { BodyPhotoDialog } from './body-photo-dialog.tsx';
import { POST_HTML_CLASS } from './post-html.tsx';

/** §5: 'https://' is prepended when the URL does not start with http. */
export const normaliseLink = (url: string) => (/^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-bold ${active ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-200'}`}
    >
      {children}
    </button>
  );
}

const hexOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;

function Toolbar({ editor, onLink, onPhoto }: { editor: Editor; onLink: () => void; onPhoto: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      link: e.isActive('link'),
      photo: e.isActive('image'),
      paragraph: e.isActive('paragraph'),
      heading: [1, 2, 3, 4].find((level) => e.isActive('heading', { level })) ?? 0,
      // A colour input takes #rrggbb only: anything else (none, '') shows the default.
      color: hexOr(e.getAttributes('textStyle').color, '#000000'),
      highlight: hexOr(e.getAttributes('highlight').color, '#fef08a'),
    }),
  });
  const chain = () => editor.chain().focus();
  const icon = 'h-4 w-4';
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
    >
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Bullet list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Link" active={state.link} onClick={onLink}>
        <Link2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Photo" active={state.photo} onClick={onPhoto}>
        <ImagePlus className={icon} aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
      {([1, 2, 3, 4] as const).map((level) => (
        <ToolButton
          key={level}
          // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
          label={`H${level} (Heading ${level})`}
          active={state.heading === level}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </ToolButton>
      ))}
      <ToolButton label="Paragraph" active={state.paragraph} onClick={() => chain().setParagraph().run()}>
        <Pilcrow className={icon} aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
      <label className="inline-flex h-9 cursor-pointer items-center gap-1 rounded-md px-2 hover:bg-slate-200" title="Text colour">
        <Palette className={icon} aria-hidden="true" />
        <span className="sr-only">Text colour</span>
        <input
          type="color"
          className="h-6 w-6 cursor-pointer border-0 bg-transparent p-0"
          value={state.color}
          onChange={(e) => chain().setColor(e.target.value).run()}
        />
      </label>
      <label
        className="inline-flex h-9 cursor-pointer items-center gap-1 rounded-md px-2 hover:bg-slate-200"
        title="Highlight colour"
      >
        <Highlighter className={icon} aria-hidden="true" />
        <span className="sr-only">Highlight colour</span>
        <input
          type="color"
          className="h-6 w-6 cursor-pointer border-0 bg-transparent p-0"
          value={state.highlight}
          onChange={(e) => chain().setHighlight({ color: e.target.value }).run()}
        />
      </label>
    </div>
  );
}

/**
 * A TipTap editor made in two tasks of its own, after the form that holds it is drawn: the schema,
 * extensions and document first, then the view (the editable DOM). TipTap's `useEditor` makes it
 * whole in the effect of the render that shows it: on a phone CPU slowed 4x (Chromium trace of the
 * blog screen), one task of 120 ms, the longest of the screen's start. `options` is read once.
 */
function useEditorInSteps(options: () => Partial<EditorOptions>): Editor | null {
  const [editor, setEditor] = useState<Editor | null>(null);
  const first = useRef(options);
  useEffect(() => {
    let made: Editor | null = null;
    let timer = setTimeout(() => {
      made = new Editor({ ...first.current(), element: null });
      timer = setTimeout(() => {
        made?.mount(document.createElement('div'));
        setEditor(made);
      });
    });
    return () => {
      clearTimeout(timer);
      made?.destroy();
      setEditor(null);
    };
  }, []);
  return editor;
}

/**
 * The blog body editor (TipTap): only ever loaded in the lazy CMS chunk. Memoised: typing in the
 * post's other fields does not re-render it (give it a stable `onChange`).
 */
export const RichTextEditor = memo(function RichTextEditor({
  value,
  onChange,
  labelId,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [photoOpen, setPhotoOpen] = useState(false);
  /** The photo selected when the dialog opened: its alt text is changed rather than a photo added. */
  const [photo, setPhoto] = useState<BodyPhotoAttributes | null>(null);
  // The HTML this editor last reported: a `value` equal to it is the editor's own, not a new document.
  const reported = useRef(value);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  const editor = useEditorInSteps(() => ({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        // No `protocols`: http, https and mailto are linkify's own, and registering them again on
        // every new editor (one after each save) made linkify warn "already initialized".
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      TextStyle,
      Color,
      Highlight.configure({ multicolor: true }),
      BodyPhoto,
    ],
    content: value,
    editorProps: {
      attributes: {
        class: `${POST_HTML_CLASS} [&>:first-child]:mt-0 min-h-[200px] px-3 py-2 focus:outline-none`,
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: e }) => {
      reported.current = e.isEmpty ? '' : e.getHTML();
      report.current(reported.current);
    },
  }));

  // A different post was loaded into the form: replace the document.
  useEffect(() => {
    if (editor && value !== reported.current) {
      reported.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const openLink = () => {
    if (!editor) return;
    if (editor.state.selection.empty) {
      toast.error('Select text first to link');
      return;
    }
    setLinkUrl((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!linkUrl.trim()) chain.unsetLink().run();
    else chain.setLink({ href: normaliseLink(linkUrl) }).run();
    setLinkOpen(false);
  };

  const openPhoto = () => {
    if (!editor) return;
    setPhoto(editor.isActive('image') ? (editor.getAttributes('image') as BodyPhotoAttributes) : null);
    setPhotoOpen(true);
  };
  const placePhoto = (attrs: BodyPhotoAttributes) => {
    if (!editor) return;
    if (photo) editor.chain().focus().updateAttributes('image', attrs).run();
    // A paragraph after it, with the cursor: the next key typed goes there, not over the photo.
    else
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'image', attrs }, { type: 'paragraph' }])
        .run();
  };

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white">
      {editor && <Toolbar editor={editor} onLink={openLink} onPhoto={openPhoto} />}
      <EditorContent editor={editor} />
      <Dialog open={linkOpen} onOpenChange={setLinkOpen} title="Add a link">
        <form
          onSubmit={(e) => {
            // The dialog is portalled, but React still bubbles its submit to the post form around the editor.
            e.preventDefault();
            e.stopPropagation();
            applyLink();
          }}
          className="space-y-4"
        >
          <Field
            label="URL"
            value={linkUrl}
            onChange={(e) => setLinkUrl(e.target.value)}
            placeholder="https://"
            hint="Leave empty to remove the link."
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setLinkOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Apply</Button>
          </div>
        </form>
      </Dialog>
      <BodyPhotoDialog open={photoOpen} onOpenChange={setPhotoOpen} current={photo} onDone={placePhoto} />
    </div>
  );
});
