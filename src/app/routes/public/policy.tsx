import type { LoaderFunctionArgs } from 'react-router';
import { DocumentRoute } from '#app/document-route.tsx';
import { notFound } from '#app/not-found-response.ts';
import { isPolicySlug, loadDocument } from '#features/policies/policy-documents.ts';

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (!isPolicySlug(params.slug)) throw notFound();
  return loadDocument(params.slug);
};
export const Component = DocumentRoute;
