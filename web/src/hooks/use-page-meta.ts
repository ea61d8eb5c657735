import { useEffect } from 'react';

export const BRAND = 'Nivesh';

type PageMeta = {
  title: string;
  description: string;
  /** The page's canonical path, e.g. '/dashboard'. */
  path: string;
};

const upsert = <K extends 'meta' | 'link'>(tag: K, selector: string, init: (element: HTMLElementTagNameMap[K]) => void) => {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!element) {
    element = document.createElement(tag);
    init(element);
    document.head.append(element);
  }
  return element;
};

/** Sets the page's title (with the brand suffix), description and canonical address. */
export const usePageMeta = ({ title, description, path }: PageMeta) => {
  useEffect(() => {
    document.title = `${title} | ${BRAND}`;
    upsert('meta', 'meta[name="description"]', (meta) => {
      meta.name = 'description';
    }).content = description;
    upsert('link', 'link[rel="canonical"]', (link) => {
      link.rel = 'canonical';
    }).href = new URL(path, window.location.origin).href;
  }, [title, description, path]);
};
