import type { BlogAdminPost } from '@nivesh/proto';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDeletePost } from '../api/delete-post';
import { adminPostQueryOptions, useAdminPost } from '../api/get-admin-post';
import { useMarkdownPreview } from '../api/preview-post';
import type { SavePostInput } from '../api/save-post';
import { useSavePost } from '../api/save-post';
import { useSetPostStatus } from '../api/set-post-status';
import { BLOG_TEXTS } from '../texts';
import { useBlogMeta } from '../use-blog-meta';
import '../../../components/widgets/widgets.css';
import { BLOG_EXCERPT_MAX, BLOG_MARKDOWN_MAX, BLOG_SLUG_MAX, BLOG_TAGS_MAX, BLOG_TAG_MAX, BLOG_TITLE_MAX } from '@nivesh/proto/values';

const T = BLOG_TEXTS.editor;

/** The history state that carries an editor visit across the move from ?edit=new to the new post's id. */
export const EDITOR_VISIT_STATE = 'blogEditorVisit';

/** What the last save or publish came to, shown in words. */
type EditorOutcome = { message?: string; problem?: string };

/** What the form holds, as typed. */
export type EditorDraft = { title: string; slug: string; tags: string; summary: string; markdown: string };

const draftOf = (post: BlogAdminPost | null): EditorDraft =>
  post
    ? { title: post.title, slug: post.slug, tags: post.tags.join(', '), summary: post.summary ?? '', markdown: post.markdown }
    : { title: '', slug: '', tags: '', summary: '', markdown: '' };

/** Whether the form holds changes the stored post does not have. */
const isDirty = (draft: EditorDraft, saved: BlogAdminPost): boolean => {
  const stored = draftOf(saved);
  return (Object.keys(stored) as (keyof EditorDraft)[]).some((key) => draft[key].trim() !== stored[key].trim());
};

/** Tags typed as 'RSI, technical analysis': trimmed, empty ones dropped. */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/**
 * The request body for the form, or why it cannot be sent. An empty address is left out: a new post gets one from
 * its title, a saved one keeps its own.
 */
export const checkEditorDraft = (draft: EditorDraft, id: string | null): { body: SavePostInput; error: null } | { body: null; error: string } => {
  const title = draft.title.trim();
  if (title === '') return { body: null, error: T.needTitle };
  const tags = parseTags(draft.tags);
  if (tags.length > BLOG_TAGS_MAX) return { body: null, error: T.tooManyTags };
  const slug = draft.slug.trim().toLowerCase();
  const summary = draft.summary.trim();
  const fields = { title, markdown: draft.markdown, tags, excerpt: summary, ...(slug === '' ? {} : { slug }) };
  return { body: id === null ? fields : { id, ...fields }, error: null };
};

type FieldProps = { label: string; hint?: string; children: (ids: { id: string; hintId: string | undefined }) => ReactNode };

function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, hintId: hint ? hintId : undefined })}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** The live preview: the content service's rendering of the text, asked for once typing pauses. */
function Preview({ markdown, summary }: { markdown: string; summary: string }) {
  const headingId = useId();
  const preview = useMarkdownPreview(markdown, summary);
  const empty = markdown.trim() === '';
  return (
    <section className="panel editor-preview" aria-labelledby={headingId} aria-busy={preview.stale || preview.isFetching}>
      <h2 id={headingId}>{T.previewTitle}</h2>
      {empty ? <p className="muted">{T.previewEmpty}</p> : null}
      {!empty && preview.isError ? (
        <p className="form-error" role="alert">
          {T.previewFailed(preview.error.message)}
        </p>
      ) : null}
      {!empty && preview.data ? (
        <>
          <p className="muted preview-facts">
            {T.previewFacts(preview.data.reading_minutes)} <span className="preview-excerpt">{preview.data.excerpt}</span>
          </p>
          {/* Sanitised by the content service, as it will be stored and served. */}
          <div className="post-body" data-testid="preview-body" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        </>
      ) : null}
      {!empty && !preview.data && !preview.isError ? <p className="muted">{T.previewWaiting}</p> : null}
    </section>
  );
}

function ConfirmDelete({ title, busy, error, onConfirm, onClose }: { title: string; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card blog-delete-dialog">
          <Dialog.Title className="dialog-title">{T.deleteTitle}</Dialog.Title>
          <Dialog.Description>{T.deleteBody(title)}</Dialog.Description>
          {error !== null ? (
            <p className="form-error" role="alert">
              {T.notDeleted} {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose} disabled={busy}>
              {T.cancel}
            </button>
            <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
              {busy ? T.deleting : T.deleteConfirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form: title, address, tags, summary and Markdown beside the live preview; save, publish, unpublish, delete. */
type EditorFormProps = {
  initial: BlogAdminPost | null;
  /** A new post was stored for the first time. */
  onCreated?: (post: BlogAdminPost) => void;
};

function EditorForm({ initial, onCreated }: EditorFormProps) {
  const [saved, setSaved] = useState<BlogAdminPost | null>(initial);
  const [draft, setDraft] = useState<EditorDraft>(() => draftOf(initial));
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSavePost();
  const status = useSetPostStatus();
  const remove = useDeletePost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorId = useId();
  const set = <K extends keyof EditorDraft>(key: K, value: EditorDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const busy = save.isPending || status.isPending || remove.isPending;
  const published = saved?.status === 'published';

  /** Saves the form; the post as stored, or null with the reason shown. */
  const store = async (): Promise<BlogAdminPost | null> => {
    const checked = checkEditorDraft(draft, saved?.id ?? null);
    if (!checked.body) {
      setProblem(checked.error);
      return null;
    }
    try {
      return await save.mutateAsync(checked.body);
    } catch (error) {
      setProblem(T.failed((error as Error).message));
      return null;
    }
  };

  /** Shows the post as stored, with what happened in words. */
  const done = (post: BlogAdminPost, outcome: EditorOutcome) => {
    queryClient.setQueryData(adminPostQueryOptions(post.id).queryKey, post);
    if (saved === null) onCreated?.(post);
    setSaved(post);
    setDraft(draftOf(post));
    setMessage(outcome.message ?? null);
    setProblem(outcome.problem ?? null);
  };

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setProblem(null);
    const post = await store();
    if (post) done(post, { message: T.saved });
  };

  const changeStatus = async (publish: boolean) => {
    if (busy) return;
    setMessage(null);
    setProblem(null);
    if (publish && draft.markdown.trim() === '') return setProblem(T.needText);
    // Unsaved changes are saved first, so what is published is what is on screen.
    const post = saved !== null && !isDirty(draft, saved) ? saved : await store();
    if (!post) return;
    try {
      done(await status.mutateAsync({ id: post.id, publish }), { message: publish ? T.publishedNow : T.unpublishedNow });
    } catch (error) {
      done(post, { problem: T.failed((error as Error).message) });
    }
  };

  const onDelete = () => {
    if (!saved) return;
    remove.mutate(saved.id, { onSuccess: () => void navigate('/blog', { replace: true }) });
  };

  const statusLine = !saved
    ? null
    : published
      ? T.statusPublished(saved.published_at!)
      : saved.published_at
        ? T.statusUnpublishedBefore(saved.published_at)
        : T.statusDraft;

  return (
    <div className="page-body blog">
      <Link className="breadcrumb" to="/blog">
        {T.back}
      </Link>
      <PageHeader title={saved ? T.editTitle : T.newTitle} lead={statusLine ?? undefined} />
      <div className="editor-grid">
        <form className="panel blog-editor" aria-label={T.formLabel} onSubmit={onSave} noValidate aria-describedby={problem ? errorId : undefined}>
          <Field label={T.titleLabel}>
            {({ id }) => <input id={id} type="text" value={draft.title} maxLength={BLOG_TITLE_MAX} onChange={(event) => set('title', event.target.value)} required />}
          </Field>
          <Field label={T.slugLabel} hint={T.slugHint(saved?.slug ?? null)}>
            {({ id, hintId }) => (
              <input
                id={id}
                type="text"
                value={draft.slug}
                maxLength={BLOG_SLUG_MAX}
                autoCapitalize="none"
                spellCheck={false}
                aria-describedby={hintId}
                onChange={(event) => set('slug', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.tagsLabel} hint={T.tagsHint}>
            {({ id, hintId }) => (
              <input
                id={id}
                type="text"
                value={draft.tags}
                maxLength={BLOG_TAGS_MAX * (BLOG_TAG_MAX + 2)}
                aria-describedby={hintId}
                onChange={(event) => set('tags', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.summaryLabel} hint={T.summaryHint}>
            {({ id, hintId }) => (
              <textarea id={id} rows={2} value={draft.summary} maxLength={BLOG_EXCERPT_MAX} aria-describedby={hintId} onChange={(event) => set('summary', event.target.value)} />
            )}
          </Field>
          <Field label={T.markdownLabel} hint={T.markdownHint}>
            {({ id, hintId }) => (
              <textarea
                id={id}
                className="markdown-input"
                rows={18}
                value={draft.markdown}
                maxLength={BLOG_MARKDOWN_MAX}
                spellCheck
                aria-describedby={hintId}
                onChange={(event) => set('markdown', event.target.value)}
              />
            )}
          </Field>
          {problem ? (
            <p className="form-error" role="alert" id={errorId}>
              {problem}
            </p>
          ) : null}
          <p className="editor-message" role="status" aria-live="polite">
            {message}
          </p>
          <div className="button-row">
            <button type="submit" className="secondary" disabled={busy}>
              {save.isPending && !status.isPending ? T.saving : published ? T.saveChanges : T.saveDraft}
            </button>
            {published ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => void changeStatus(false)}>
                {status.isPending ? T.unpublishing : T.unpublish}
              </button>
            ) : (
              <button type="button" className="primary" disabled={busy} onClick={() => void changeStatus(true)}>
                {status.isPending ? T.publishing : T.publish}
              </button>
            )}
            {published && saved ? <Link to={`/blog/${saved.slug}`}>{T.view}</Link> : null}
            {saved ? (
              <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
                {T.delete}
              </button>
            ) : null}
          </div>
        </form>
        <Preview markdown={draft.markdown} summary={draft.summary} />
      </div>
      {confirming && saved ? (
        <ConfirmDelete
          title={saved.title}
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={onDelete}
          onClose={() => {
            remove.reset();
            setConfirming(false);
          }}
        />
      ) : null}
    </div>
  );
}

type PostEditorProps = {
  /** The post to edit, or null for a new one. */
  id: string | null;
  /** Names this visit to the editor in the page's history, so the move from ?edit=new to the new post's id keeps it. */
  visit: string;
};

/**
 * The admins' editor at /blog?edit=new or /blog?edit=<id>: loads the post, then the form. A new post, once stored,
 * gets its own address in the page's URL, so a reload reopens it; the form on screen stays as it is.
 */
export function PostEditor({ id, visit }: PostEditorProps) {
  useBlogMeta({ title: id === null ? T.newTitle : T.editTitle, description: T.description, path: '/blog' });
  const [created, setCreated] = useState<string | null>(null);
  const navigate = useNavigate();
  const fresh = id === null || id === created;
  const post = useAdminPost(fresh ? null : id);
  const onCreated = (stored: BlogAdminPost) => {
    setCreated(stored.id);
    void navigate(`/blog?edit=${encodeURIComponent(stored.id)}`, { replace: true, state: { [EDITOR_VISIT_STATE]: visit } });
  };
  if (fresh) return <EditorForm initial={null} onCreated={onCreated} />;
  // Once loaded, the form stays even if a later refresh fails: what the admin is typing must not vanish.
  if (post.data) return <EditorForm key={post.data.id} initial={post.data} />;
  return (
    <div className="page-body blog">
      <Link className="breadcrumb" to="/blog">
        {T.back}
      </Link>
      <PageHeader title={T.editTitle} />
      {post.isError ? (
        <p className="form-error" role="alert">
          {T.loadFailed(post.error.message)}
        </p>
      ) : (
        <p className="muted">{T.loading}</p>
      )}
    </div>
  );
}
