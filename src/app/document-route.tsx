import { useLoaderData } from 'react-router';
import { MarkdownDocument } from '../features/policies/components/markdown-document.tsx';
import { PageMeta } from './page-meta.tsx';

export interface DocumentData {
  html: string;
  title: string;
  description: string;
}

/** A page made of one Markdown document (policies, terms, about). */
export function DocumentRoute() {
  const { html, title, description } = useLoaderData() as DocumentData;
  return (
    <>
      <PageMeta title={title} description={description} />
      <MarkdownDocument html={html} />
    </>
  );
}
