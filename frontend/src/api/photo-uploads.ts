// A listing's photos while the seller picks them: each file is uploaded as
// soon as it is chosen (POST /api/images, with its own progress), so the
// form submits only urls. Existing photos (Edit) start as done.
import { useCallback, useEffect, useRef, useState } from "react";
import { IMAGES_KEY, type UploadedImage } from "@/api/products";
import { ApiError, apiUpload } from "@/lib/api";

/** The most photos a listing may have (the API refuses more). */
export const MAX_PHOTOS = 8;

/** One photo of the listing, in the order shown (the first is the cover). */
export type PhotoItem = {
  /** Stable across moves: a React key and the handle of every action. */
  key: string;
  /** The upload's url once it is in; existing photos start with it. */
  url: string | null;
  /** A local preview (object URL) of a picked file, shown until its upload is in. */
  preview: string | null;
  status: "uploading" | "done" | "failed";
  /** Share sent, 0 to 1. */
  sent: number;
  /** Why the upload failed (the server's words when it answered). */
  error: string | null;
};

const canPreview = () => typeof URL.createObjectURL === "function";

/**
 * usePhotoUploads keeps a listing's photos: add uploads each picked file at
 * once; move, remove and retry act on one photo; urls() waits for uploads
 * still on their way and answers the urls in order, or null when one failed.
 * `failed` is the message of an upload that failed without an answer's words.
 */
export function usePhotoUploads(initial: string[], failed: string, max = MAX_PHOTOS) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((url) => ({ key: url, url, preview: null, status: "done", sent: 1, error: null })),
  );
  // The list as last set, so uploads finishing and quick clicks never act on an old copy.
  const current = useRef(items);
  const files = useRef(new Map<string, File>());
  const pending = useRef(new Map<string, Promise<void>>());
  const next = useRef(0);

  const setList = useCallback((change: (list: PhotoItem[]) => PhotoItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const patch = useCallback(
    (key: string, p: Partial<PhotoItem>) => setList((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i))),
    [setList],
  );

  const upload = useCallback(
    (key: string, file: File) => {
      patch(key, { status: "uploading", sent: 0, error: null });
      const form = new FormData();
      form.set("image", file, file.name);
      const done = apiUpload<UploadedImage>(IMAGES_KEY, form, (sent) => patch(key, { sent }))
        .then((res) => {
          if (!res?.success || !res.data?.url) throw new Error(failed);
          // From now on the thumbnail is the server's copy: what buyers will see.
          const preview = current.current.find((i) => i.key === key)?.preview;
          if (preview) URL.revokeObjectURL(preview);
          patch(key, { status: "done", url: res.data.url, sent: 1, preview: null });
        })
        .catch((err: unknown) => {
          patch(key, { status: "failed", error: err instanceof ApiError || err instanceof Error ? err.message : failed });
        })
        .finally(() => pending.current.delete(key));
      pending.current.set(key, done);
    },
    [failed, patch],
  );

  // Local previews are released with their photo, and all of them on leaving.
  useEffect(
    () => () => {
      for (const i of current.current) if (i.preview) URL.revokeObjectURL(i.preview);
    },
    [],
  );

  /** add uploads files in order while there is room; it answers how many did not fit. */
  const add = useCallback(
    (picked: File[]): number => {
      const room = Math.max(0, max - current.current.length);
      const taken = picked.slice(0, room);
      const added = taken.map((file) => {
        next.current += 1;
        const key = `new-${next.current}`;
        files.current.set(key, file);
        return { key, url: null, preview: canPreview() ? URL.createObjectURL(file) : null, status: "uploading", sent: 0, error: null } satisfies PhotoItem;
      });
      setList((list) => [...list, ...added]);
      for (const a of added) upload(a.key, files.current.get(a.key)!);
      return picked.length - taken.length;
    },
    [max, setList, upload],
  );

  const remove = useCallback(
    (key: string) => {
      const gone = current.current.find((i) => i.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      files.current.delete(key);
      setList((list) => list.filter((i) => i.key !== key));
    },
    [setList],
  );

  /** move puts the photo at `from` at `to` (0 is the cover). */
  const move = useCallback(
    (from: number, to: number) => {
      setList((list) => {
        if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
        const out = [...list];
        const [item] = out.splice(from, 1);
        out.splice(to, 0, item!);
        return out;
      });
    },
    [setList],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) upload(key, file);
    },
    [upload],
  );

  const urls = useCallback(async (): Promise<string[] | null> => {
    await Promise.all([...pending.current.values()]);
    const list = current.current;
    if (list.some((i) => i.status !== "done" || !i.url)) return null;
    return list.map((i) => i.url!);
  }, []);

  /** clear forgets every photo (a chat message sent with them). */
  const clear = useCallback(() => {
    for (const i of current.current) if (i.preview) URL.revokeObjectURL(i.preview);
    files.current.clear();
    setList(() => []);
  }, [setList]);

  return { items, add, remove, move, retry, urls, clear };
}
