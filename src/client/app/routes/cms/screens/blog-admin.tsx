import { useCallback, useState } from 'react';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { PostEditor } from './blog-admin/post-editor.tsx';
import { PostsList, usePostsListPage } from './blog-admin/posts-list.tsx';

/**
 * §2 Blog admin (/cms/blog and /cms/blogpage): counters, the editor above, the list of posts below.
 * The three are siblings with their own state: typing in the editor re-renders the editor only,
 * and the counters and the list share one request for one page (DESIGN §10).
 */
export default function BlogAdminScreen() {
  // Which post the editor holds; the key gives a fresh editor after each save or Cancel.
  const [editing, setEditing] = useState<{ id: number | null; key: number }>({ id: null, key: 0 });
  const edit = useCallback((id: number) => setEditing((e) => ({ id, key: e.key + 1 })), []);
  const done = useCallback(() => setEditing((e) => ({ id: null, key: e.key + 1 })), []);
  const deleted = useCallback((id: number) => setEditing((e) => (e.id === id ? { id: null, key: e.key + 1 } : e)), []);
  const canWrite = useCan('blog', 'write');

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Blog</h1>
      <BlogCounters />
      {canWrite && <PostEditor key={editing.key} postId={editing.id} onDone={done} />}
      <PostsList onEdit={edit} onDeleted={deleted} />
    </div>
  );
}

/** §2's three blog counters, from the list's answer (shown as loading, never 0, until it comes). */
function BlogCounters() {
  const { data } = usePostsListPage().query;
  return (
    <CounterTiles
      className="mt-6 grid-cols-3"
      counters={[
        ['Total Posts', data?.counts.total],
        ['Published', data?.counts.published],
        ['Drafts', data?.counts.draft],
      ]}
    />
  );
}
